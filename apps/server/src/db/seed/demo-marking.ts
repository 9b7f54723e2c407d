import { completeCargo, GS, MARKING_MESSAGES, parseMarkingCode, stageFromType } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { markingCodes, markingRequests } from '../../modules/marking/tables';
import { refreshOrderStageFacts } from '../../modules/operations/orders';
import { orders, stages, stageTypes } from '../../modules/operations/tables';
import { calendarDay } from '../../platform/calendar';
import type { Tx } from '../connection';

/** Roasted coffee in beans, arabica and robusta: goods under Честный ЗНАК, codes in the TNVED fixture. */
const ARABICA = '0901210001';
const ROBUSTA = '0901210002';
const GTIN = '04606203084623';

/** A code as СУЗ issues it, made up for the demo: a fixed serial and tail so that reseeding gives the same. */
const code = (serial: string, tail: string) => `01${GTIN}21${serial}${GS}93${tail}`;

const day = (offset: number) => calendarDay(new Date(Date.now() + offset * 24 * 3600 * 1000));

/**
 * An order of coffee beans that requires marking (docs/marking.md "Demo data"): two cargo lines, the
 * marking started (its CZ_MARKING_STARTED stage closed, CZ_MARKING_COMPLETED open), codes ordered from
 * Честный ЗНАК for one line and some entered by hand for the other, and a call that failed and waits for
 * its retry. Its client, route and people are those of ivanov's open LTL order from China.
 */
export async function seedDemoMarking(tx: Tx): Promise<void> {
  const [template] = await tx.select().from(orders).where(eq(orders.cargoDescription, 'Текстиль в коробах'));
  if (!template) return;
  const cargo = completeCargo({
    description: 'Кофе жареный в зёрнах, пачки по 1 кг',
    weight: '1800',
    volume: '6.5',
    placeCount: 60,
    tnvedCodes: [ARABICA, ROBUSTA],
  });
  const {
    id: _id,
    version: _version,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    number: _number,
    searchText: _searchText,
    nextStageDate: _nextStageDate,
    ...copied
  } = template;
  const [order] = await tx
    .insert(orders)
    .values({
      ...copied,
      cargo,
      cargoDescription: cargo.description,
      markingStatus: 'marking',
      inWarehouse: false,
      plannedIncome: '120000.00',
    })
    .returning({ id: orders.id });
  const orderId = order!.id;

  const types = await tx
    .insert(stageTypes)
    .values([
      {
        code: 'CZ-MARKING-START',
        name: 'Маркировка: коды заказаны',
        pccName: 'Маркировка начата',
        opsName: 'Маркировка',
        behaviours: ['CZ_MARKING_STARTED'],
        sortOrder: 40,
      },
      {
        code: 'CZ-MARKING-DONE',
        name: 'Маркировка: коды нанесены',
        pccName: 'Товар промаркирован',
        opsName: 'Маркировка завершена',
        behaviours: ['CZ_MARKING_COMPLETED'],
        sortOrder: 41,
      },
    ])
    .returning();
  const [started, completed] = types;
  await tx.insert(stages).values([
    {
      operationType: 'order',
      operationId: orderId,
      stageTypeId: started!.id,
      ...stageFromType(started!),
      expectedDate: day(-3),
      actualDate: day(-3),
      closed: true,
      closedAt: new Date(`${day(-3)}T10:00:00Z`),
      closedById: template.forwarderId,
    },
    {
      operationType: 'order',
      operationId: orderId,
      stageTypeId: completed!.id,
      ...stageFromType(completed!),
      expectedDate: day(4),
      closed: false,
    },
  ]);
  await refreshOrderStageFacts(tx, [orderId]);

  const rows = [
    ...['ARB0000000001', 'ARB0000000002', 'ARB0000000003', 'ARB0000000004'].map((serial, index) => ({
      tnvedCode: ARABICA,
      raw: code(serial, `a${index}x${index}`),
      status: index < 2 ? ('APPLIED' as const) : ('EMITTED' as const),
      source: 'ordered',
    })),
    ...['RBS-77', 'RBS-78', 'RBS-79'].map((serial, index) => ({
      tnvedCode: ROBUSTA,
      raw: code(serial, `r${index}z${index}`),
      status: 'NEW' as const,
      source: 'entered',
    })),
  ];
  await tx.insert(markingCodes).values(
    rows.map((row) => {
      const parsed = parseMarkingCode(row.raw);
      if (!parsed.ok) throw new Error(`demo marking code ${row.raw}: ${parsed.error}`);
      const { gtin, serial, cis, code: element, printed } = parsed.code;
      return {
        orderId,
        tnvedCode: row.tnvedCode,
        gtin,
        serial,
        cis,
        code: element,
        printed,
        status: row.status,
        source: row.source,
      };
    }),
  );
  await tx.insert(markingRequests).values([
    {
      orderId,
      kind: 'emission',
      tnvedCode: ARABICA,
      gtin: GTIN,
      quantity: 4,
      codeCount: 4,
      state: 'done',
      externalId: 'b1a5c2d0-7e4f-4c1a-9a77-3d2f8e6c1b90',
      attempts: 2,
      createdAt: new Date(`${day(-3)}T10:00:00Z`),
      updatedAt: new Date(`${day(-3)}T10:05:00Z`),
    },
    {
      orderId,
      kind: 'report',
      codeCount: 2,
      state: 'done',
      externalId: 'report-4471',
      attempts: 1,
      createdAt: new Date(`${day(-2)}T09:00:00Z`),
      updatedAt: new Date(`${day(-2)}T09:01:00Z`),
    },
    {
      orderId,
      kind: 'report',
      codeCount: 2,
      state: 'failed',
      error: MARKING_MESSAGES.refused,
      errorDetail: 'Участник оборота не зарегистрирован в товарной группе «Кофе»',
      attempts: 1,
      createdAt: new Date(`${day(-1)}T15:00:00Z`),
      updatedAt: new Date(`${day(-1)}T15:00:30Z`),
    },
  ]);
}
