import { and, asc, eq } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { paymentForms } from '../../modules/finance/tables';
import { orders } from '../../modules/operations/tables';
import { countries, currencies } from '../../modules/reference-data/tables';
import { movementService } from '../../modules/warehouse/accounting';
import { warehouseServices, warehouses } from '../../modules/warehouse/tables';
import { calendarDay } from '../../platform/calendar';
import { users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import { asSystem } from '../../platform/resources';
import type { Tx } from '../connection';

const days = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return calendarDay(d);
};

/**
 * Two warehouses (the company's own at Podolsk with its WMS, the partner's bonded terminal at Brest) and the
 * movements of two orders, entered by the warehouse's own user: textiles received at Podolsk and partly
 * released, furniture parts received at Brest with a damaged place and partly released.
 */
export async function seedDemoWarehouse(ctx: { tx: Tx; registries: Registries }): Promise<void> {
  const { tx } = ctx;
  const country = async (code: string) =>
    (await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, code)))[0]?.id ?? null;
  const [operator] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(eq(counterparties.name, 'ООО «Северный терминал»'));
  // Podolsk bills storage at the pallet-day price through the first rouble account.
  const [storage] = await tx
    .select({ id: warehouseServices.id })
    .from(warehouseServices)
    .where(eq(warehouseServices.code, 'storage-pallet'));
  const [rouble] = await tx
    .select({ id: paymentForms.id })
    .from(paymentForms)
    .innerJoin(currencies, eq(currencies.id, paymentForms.currencyId))
    .where(eq(currencies.code, 'RUB'))
    .orderBy(asc(paymentForms.id))
    .limit(1);
  const [own, brest] = await tx
    .insert(warehouses)
    .values([
      {
        code: 'POD-1',
        name: 'Склад Подольск',
        nameEn: 'Podolsk warehouse',
        ownership: 'own',
        countryId: await country('RU'),
        address: 'Московская обл., Подольск, ул. Лобачёва, 13',
        wmsSystem: 'Solvo.WMS',
        wmsUrl: 'https://wms.podolsk.example/api',
        storageServiceId: storage && rouble ? storage.id : null,
        storagePaymentFormId: storage && rouble ? rouble.id : null,
      },
      {
        code: 'BQT-TSW',
        name: 'СВХ Брест',
        nameEn: 'Brest bonded terminal',
        ownership: 'partner',
        operatorId: operator?.id ?? null,
        countryId: await country('BY'),
        address: 'Брест, ул. Московская, 300',
        wmsSystem: '1С:WMS Логистика',
      },
    ])
    .returning({ id: warehouses.id });
  const [keeper] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'volkov'));
  const sys = asSystem(ctx, 'demo data', keeper?.id ?? null);
  const orderOf = async (clientName: string) =>
    (
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.clientName, clientName), eq(orders.archived, false)))
        .orderBy(asc(orders.id))
        .limit(1)
    )[0]?.id;
  const textiles = await orderOf('ООО «Северный терминал»');
  const parts = await orderOf('ООО «Вектор Групп»');
  const movements = [
    ...(textiles
      ? [
          {
            orderId: textiles,
            warehouseId: own!.id,
            kind: 'receipt',
            movedOn: days(-6),
            places: 140,
            weight: 3200,
            volume: 19,
            marks: 'СТ-001…СТ-140',
          },
          {
            orderId: textiles,
            warehouseId: own!.id,
            kind: 'release',
            movedOn: days(-2),
            places: 60,
            weight: 1370,
            volume: 8.2,
            marks: 'СТ-001…СТ-060',
          },
        ]
      : []),
    ...(parts
      ? [
          {
            orderId: parts,
            warehouseId: brest!.id,
            kind: 'receipt',
            movedOn: days(-3),
            places: 8,
            weight: 2400,
            volume: 11.5,
            marks: 'ВГ-1…ВГ-8',
            damaged: true,
            damageNote: 'Место ВГ-5: вмятина на обрешётке, груз цел',
          },
          {
            orderId: parts,
            warehouseId: brest!.id,
            kind: 'release',
            movedOn: days(-1),
            places: 3,
            weight: 900,
            volume: 4.3,
          },
        ]
      : []),
  ];
  for (const movement of movements) await movementService.create(sys, movement);
}
