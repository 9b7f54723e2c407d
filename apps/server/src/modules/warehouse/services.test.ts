import { warehouseServiceResource } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { describeResource } from '../../test/resource-suite';
import { currencies } from '../settings/tables';

let seq = 0;

describeResource({
  descriptor: warehouseServiceResource,
  validCreate: async ({ database }) => {
    const n = ++seq;
    const [rub] = await database.db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, 'RUB'));
    return {
      code: `storage-${n}`,
      name: `Хранение на паллетоместе ${n}`,
      nameEn: `Pallet storage ${n}`,
      unit: 'pallet',
      price: '350.00',
      currencyId: rub!.id,
      description: 'За сутки хранения',
    };
  },
  update: { unit: 'day', price: null, currencyId: null, description: null, nameEn: 'Pallet-day storage' },
  invalidCreate: {
    body: {
      code: 'storage x',
      name: '',
      unit: 'barrel',
      price: '-1',
      currencyId: 0,
      description: 'x'.repeat(2001),
    },
    errorPaths: ['code', 'name', 'unit', 'price', 'currencyId', 'description'],
  },
  unique: ['code'],
  search: 'pallet storage',
});
