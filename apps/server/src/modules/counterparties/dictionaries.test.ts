import { agreementTypeResource, counterpartyFeatureResource, counterpartyStatusResource } from '@tms/domain';
import { describeResource } from '../../test/resource-suite';

let seq = 0;
const next = () => ++seq;

describeResource({
  descriptor: agreementTypeResource,
  validCreate: () => {
    const n = next();
    return {
      code: `forwarding-${n}`,
      name: `Транспортная экспедиция ${n}`,
      nameEn: `Freight forwarding ${n}`,
    };
  },
  update: { name: 'Договор транспортной экспедиции' },
  invalidCreate: { body: { name: 'x' }, errorPaths: ['code'] },
  unique: ['code'],
  search: 'экспедиция',
});

describeResource({
  descriptor: counterpartyStatusResource,
  validCreate: () => {
    const n = next();
    return { code: `active-${n}`, name: `Активный ${n}`, nameEn: `Active ${n}` };
  },
  update: { name: 'Действующий клиент', nameEn: null },
  invalidCreate: { body: { code: 'a b', name: '' }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'Активный',
});

describeResource({
  descriptor: counterpartyFeatureResource,
  validCreate: () => {
    const n = next();
    return { code: `adr-${n}`, name: `Опасные грузы (ADR) ${n}`, nameEn: `Dangerous goods (ADR) ${n}` };
  },
  update: { name: 'Опасные грузы' },
  invalidCreate: { body: { code: '', name: 'x'.repeat(256) }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'Опасные',
});
