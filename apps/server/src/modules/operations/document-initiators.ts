import {
  type Cargo,
  documentDate,
  initiatorLabel,
  padId,
  ROUTE_LOOP_FIELD,
  type RoutePoint,
  routeLoopRows,
  TRANSPORT_TYPE_LABELS,
} from '@tms/domain';
import type { CallContext, ResourceContext } from '../../platform/resources';
import { operationAudienceOf } from './notifications';
import { OPERATION_KINDS, type OperationKind, type OperationRow } from './operation';
import { stagesOf } from './stages';
import type { jobs, orders } from './tables';

/**
 * Orders and jobs as initiators of the document generator (the documents module's `documentInitiators`):
 * the fields a template may use and the values of one record the user may read. Loops: the route points,
 * the stages and (orders) the cargo's TNVED codes. Documents are printed in Russian, as the "closed" yes/no:
 * point kinds and transport types by their Russian names, never their codes.
 */

const COMMON_FIELDS = [
  { tag: 'number', label: initiatorLabel('Номер', 'Number') },
  { tag: 'createdAt', label: initiatorLabel('Дата создания', 'Created on') },
  { tag: 'today', label: initiatorLabel('Сегодняшняя дата', "Today's date") },
  { tag: 'dispatchDate', label: initiatorLabel('Дата отправки', 'Dispatch date') },
  { tag: 'deliveryDate', label: initiatorLabel('Дата доставки', 'Delivery date') },
  ROUTE_LOOP_FIELD,
  {
    tag: 'stages',
    label: initiatorLabel('Этапы (цикл)', 'Stages (loop)'),
    items: [
      { tag: 'name', label: initiatorLabel('Этап', 'Stage') },
      { tag: 'expectedDate', label: initiatorLabel('Плановая дата', 'Expected date') },
      { tag: 'actualDate', label: initiatorLabel('Фактическая дата', 'Actual date') },
      { tag: 'closed', label: initiatorLabel('Закрыт (да/нет)', 'Closed (yes/no)') },
    ],
  },
];

const ORDER_FIELDS = [
  ...COMMON_FIELDS,
  { tag: 'clientName', label: initiatorLabel('Клиент', 'Client') },
  { tag: 'productName', label: initiatorLabel('Продукт', 'Product') },
  { tag: 'transportType', label: initiatorLabel('Вид транспорта', 'Transport type') },
  { tag: 'cargoDescription', label: initiatorLabel('Описание груза', 'Cargo description') },
  { tag: 'cargoWeight', label: initiatorLabel('Вес, кг', 'Weight, kg') },
  { tag: 'cargoVolume', label: initiatorLabel('Объём, м³', 'Volume, m³') },
  { tag: 'cargoPlaces', label: initiatorLabel('Количество мест', 'Number of places') },
  { tag: 'cargoPackaging', label: initiatorLabel('Упаковка', 'Packaging') },
  { tag: 'cargoDeclaredValue', label: initiatorLabel('Объявленная стоимость', 'Declared value') },
  {
    tag: 'tnvedCodes',
    label: initiatorLabel('Коды ТН ВЭД (цикл)', 'TNVED codes (loop)'),
    items: [{ tag: 'code', label: initiatorLabel('Код', 'Code') }],
  },
];

const JOB_FIELDS = [
  ...COMMON_FIELDS,
  { tag: 'contractorName', label: initiatorLabel('Подрядчик', 'Contractor') },
  { tag: 'orderNumbers', label: initiatorLabel('Номера заказов', 'Order numbers') },
];

async function operationData(ctx: ResourceContext, kind: OperationKind, id: number) {
  const row = await kind.service.find(ctx, id, { access: 'read' });
  const stages = await stagesOf(ctx.tx, kind.type, id);
  const route = routeLoopRows(row.route as RoutePoint[]);
  const common = {
    number: padId(row.id),
    createdAt: documentDate(row.createdAt),
    today: documentDate(ctx.clock?.() ?? new Date()),
    dispatchDate: documentDate(row.dispatchDate),
    deliveryDate: documentDate(row.deliveryDate),
    route,
    stages: stages.map((stage) => ({
      name: stage.name,
      expectedDate: documentDate(stage.expectedDate),
      actualDate: documentDate(stage.actualDate),
      closed: stage.closed ? 'да' : 'нет',
    })),
  };
  return { row, common };
}

async function loadOrder(ctx: ResourceContext, id: number) {
  const { row, common } = await operationData(ctx, OPERATION_KINDS.order, id);
  const order = row as OperationRow & typeof orders.$inferSelect;
  const cargo = order.cargo as Cargo;
  return {
    title: common.number,
    data: {
      ...common,
      clientName: order.clientName,
      productName: order.productName,
      transportType: order.transportType
        ? (TRANSPORT_TYPE_LABELS[order.transportType]?.ru ?? order.transportType)
        : '',
      cargoDescription: order.cargoDescription ?? cargo.description ?? '',
      cargoWeight: cargo.grossWeight ?? cargo.weight ?? '',
      cargoVolume: cargo.volume ?? '',
      cargoPlaces: cargo.placeCount ?? '',
      cargoPackaging: cargo.packaging ?? '',
      cargoDeclaredValue: cargo.declaredValue ?? '',
      tnvedCodes: cargo.tnvedCodes.map((code) => ({ code })),
    },
  };
}

async function loadJob(ctx: ResourceContext, id: number) {
  const { row, common } = await operationData(ctx, OPERATION_KINDS.job, id);
  const job = row as OperationRow & typeof jobs.$inferSelect;
  return {
    title: common.number,
    data: {
      ...common,
      contractorName: job.contractorName ?? '',
      orderNumbers: job.orderIds.map((orderId) => padId(orderId)).join(', '),
    },
  };
}

/** The documents module's initiators this module answers for; generated files are the operation's files. */
export const OPERATION_DOCUMENT_INITIATORS = {
  order: {
    label: initiatorLabel('Заказ', 'Order'),
    fields: ORDER_FIELDS,
    load: loadOrder,
    fileOwnerType: 'order',
    audience: (ctx: CallContext, id: number) => operationAudienceOf(ctx, 'order', id),
  },
  job: {
    label: initiatorLabel('Работа', 'Job'),
    fields: JOB_FIELDS,
    load: loadJob,
    fileOwnerType: 'job',
    audience: (ctx: CallContext, id: number) => operationAudienceOf(ctx, 'job', id),
  },
};
