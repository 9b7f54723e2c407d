import {
  type Cargo,
  padId,
  ROUTE_POINT_KIND_LABELS,
  type RoutePoint,
  TRANSPORT_TYPE_LABELS,
  type TransportType,
} from '@tms/domain';
import type { ResourceContext } from '../../platform/resources';
import { OPERATION_KINDS, type OperationKind, type OperationRow } from './operation';
import { stagesOf } from './stages';
import type { jobs, orders } from './tables';

/**
 * Orders and jobs as initiators of the document generator (the documents module's `documentInitiators`):
 * the fields a template may use and the values of one record the user may read. Loops: the route points,
 * the stages and (orders) the cargo's TNVED codes. Documents are printed in Russian, as the "closed" yes/no:
 * point kinds and transport types by their Russian names, never their codes.
 */

const dmy = (date: string | Date | null | undefined): string => {
  if (!date) return '';
  const iso = typeof date === 'string' ? date : date.toISOString();
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
};

const label = (ru: string, en: string) => ({ ru, en });

const COMMON_FIELDS = [
  { tag: 'number', label: label('Номер', 'Number') },
  { tag: 'createdAt', label: label('Дата создания', 'Created on') },
  { tag: 'today', label: label('Сегодняшняя дата', "Today's date") },
  { tag: 'dispatchDate', label: label('Дата отправки', 'Dispatch date') },
  { tag: 'deliveryDate', label: label('Дата доставки', 'Delivery date') },
  {
    tag: 'route',
    label: label('Маршрут (цикл по точкам)', 'Route (loop over points)'),
    items: [
      { tag: 'kind', label: label('Тип точки', 'Point kind') },
      { tag: 'address', label: label('Адрес', 'Address') },
      { tag: 'dateFrom', label: label('Дата с', 'Date from') },
      { tag: 'dateTo', label: label('Дата по', 'Date to') },
      { tag: 'contactName', label: label('Контакт', 'Contact') },
      { tag: 'contactPhone', label: label('Телефон', 'Phone') },
    ],
  },
  {
    tag: 'stages',
    label: label('Этапы (цикл)', 'Stages (loop)'),
    items: [
      { tag: 'name', label: label('Этап', 'Stage') },
      { tag: 'expectedDate', label: label('Плановая дата', 'Expected date') },
      { tag: 'actualDate', label: label('Фактическая дата', 'Actual date') },
      { tag: 'closed', label: label('Закрыт (да/нет)', 'Closed (yes/no)') },
    ],
  },
];

const ORDER_FIELDS = [
  ...COMMON_FIELDS,
  { tag: 'clientName', label: label('Клиент', 'Client') },
  { tag: 'productName', label: label('Продукт', 'Product') },
  { tag: 'transportType', label: label('Вид транспорта', 'Transport type') },
  { tag: 'cargoDescription', label: label('Описание груза', 'Cargo description') },
  { tag: 'cargoWeight', label: label('Вес, кг', 'Weight, kg') },
  { tag: 'cargoVolume', label: label('Объём, м³', 'Volume, m³') },
  { tag: 'cargoPlaces', label: label('Количество мест', 'Number of places') },
  { tag: 'cargoPackaging', label: label('Упаковка', 'Packaging') },
  { tag: 'cargoDeclaredValue', label: label('Объявленная стоимость', 'Declared value') },
  {
    tag: 'tnvedCodes',
    label: label('Коды ТН ВЭД (цикл)', 'TNVED codes (loop)'),
    items: [{ tag: 'code', label: label('Код', 'Code') }],
  },
];

const JOB_FIELDS = [
  ...COMMON_FIELDS,
  { tag: 'contractorName', label: label('Подрядчик', 'Contractor') },
  { tag: 'orderNumbers', label: label('Номера заказов', 'Order numbers') },
];

async function operationData(ctx: ResourceContext, kind: OperationKind, id: number) {
  const row = await kind.service.find(ctx, id, ctx.auth ? { access: 'read' } : {});
  const stages = await stagesOf(ctx.tx, kind.type, id);
  const route = (row.route as RoutePoint[]).map((point) => ({
    kind: ROUTE_POINT_KIND_LABELS[point.kind]?.ru ?? point.kind,
    address: point.address,
    dateFrom: dmy(point.dateFrom),
    dateTo: dmy(point.dateTo),
    contactName: point.contactName ?? '',
    contactPhone: point.contactPhone ?? '',
  }));
  const common = {
    number: padId(row.id),
    createdAt: dmy(row.createdAt),
    today: dmy(new Date()),
    dispatchDate: dmy(row.dispatchDate),
    deliveryDate: dmy(row.deliveryDate),
    route,
    stages: stages.map((stage) => ({
      name: stage.name,
      expectedDate: dmy(stage.expectedDate),
      actualDate: dmy(stage.actualDate),
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
        ? (TRANSPORT_TYPE_LABELS[order.transportType as TransportType]?.ru ?? order.transportType)
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
  order: { label: label('Заказ', 'Order'), fields: ORDER_FIELDS, load: loadOrder, fileOwnerType: 'order' },
  job: { label: label('Работа', 'Job'), fields: JOB_FIELDS, load: loadJob, fileOwnerType: 'job' },
};
