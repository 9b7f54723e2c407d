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
import { eq, inArray } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { ResourceContext } from '../../platform/resources';
import { legalEntities } from '../company';
import { counterparties } from '../counterparties';
import { jobService, orderService, orders } from '../operations';
import { shipmentDocuments } from './tables';

/**
 * The documents module's initiators of shipment documents: `transportOrder` (a transport order: its job,
 * the job's orders' cargo, our legal entity, the carrier, the vehicle, the driver, the rate and terms) and
 * `shipmentOrder` (a forwarding receipt or customer application: its order and our legal entity). Both load
 * the shipment document by its id, as the user may read its job or order. Documents print in Russian.
 */

const PARTY_FIELDS = [
  { tag: 'number', label: initiatorLabel('Номер документа', 'Document number') },
  { tag: 'date', label: initiatorLabel('Дата документа', 'Document date') },
  { tag: 'companyName', label: initiatorLabel('Наше юрлицо', 'Our legal entity') },
  { tag: 'companyInn', label: initiatorLabel('ИНН юрлица', 'Legal entity INN') },
  { tag: 'companyKpp', label: initiatorLabel('КПП юрлица', 'Legal entity KPP') },
  { tag: 'companyAddress', label: initiatorLabel('Адрес юрлица', 'Legal entity address') },
];

const CARGO_FIELDS = [
  { tag: 'cargoDescription', label: initiatorLabel('Описание груза', 'Cargo description') },
  { tag: 'cargoWeight', label: initiatorLabel('Вес, кг', 'Weight, kg') },
  { tag: 'cargoVolume', label: initiatorLabel('Объём, м³', 'Volume, m³') },
  { tag: 'cargoPlaces', label: initiatorLabel('Количество мест', 'Number of places') },
  { tag: 'cargoPackaging', label: initiatorLabel('Упаковка', 'Packaging') },
];

export const TRANSPORT_ORDER_FIELDS = [
  ...PARTY_FIELDS,
  { tag: 'jobNumber', label: initiatorLabel('Номер работы', 'Job number') },
  { tag: 'orderNumbers', label: initiatorLabel('Номера заказов', 'Order numbers') },
  { tag: 'contractorName', label: initiatorLabel('Перевозчик', 'Carrier') },
  { tag: 'contractorInn', label: initiatorLabel('ИНН перевозчика', 'Carrier INN') },
  { tag: 'dispatchDate', label: initiatorLabel('Дата отправки', 'Dispatch date') },
  { tag: 'deliveryDate', label: initiatorLabel('Дата доставки', 'Delivery date') },
  { tag: 'loadingDate', label: initiatorLabel('Дата погрузки', 'Loading date') },
  { tag: 'unloadingDate', label: initiatorLabel('Дата выгрузки', 'Unloading date') },
  ROUTE_LOOP_FIELD,
  ...CARGO_FIELDS,
  { tag: 'vehicle', label: initiatorLabel('Тягач (госномер)', 'Truck (plate)') },
  { tag: 'trailer', label: initiatorLabel('Прицеп (госномер)', 'Trailer (plate)') },
  { tag: 'driverName', label: initiatorLabel('Водитель', 'Driver') },
  { tag: 'driverPhone', label: initiatorLabel('Телефон водителя', "Driver's phone") },
  { tag: 'driverPassport', label: initiatorLabel('Паспорт водителя', "Driver's passport") },
  { tag: 'rate', label: initiatorLabel('Ставка', 'Rate') },
  { tag: 'currency', label: initiatorLabel('Валюта ставки', 'Rate currency') },
  { tag: 'terms', label: initiatorLabel('Условия', 'Terms') },
];

export const SHIPMENT_ORDER_FIELDS = [
  ...PARTY_FIELDS,
  { tag: 'orderNumber', label: initiatorLabel('Номер заказа', 'Order number') },
  { tag: 'clientName', label: initiatorLabel('Клиент', 'Client') },
  { tag: 'clientInn', label: initiatorLabel('ИНН клиента', 'Client INN') },
  { tag: 'productName', label: initiatorLabel('Продукт', 'Product') },
  { tag: 'transportType', label: initiatorLabel('Вид транспорта', 'Transport type') },
  { tag: 'dispatchDate', label: initiatorLabel('Дата отправки', 'Dispatch date') },
  { tag: 'deliveryDate', label: initiatorLabel('Дата доставки', 'Delivery date') },
  ROUTE_LOOP_FIELD,
  ...CARGO_FIELDS,
  { tag: 'cargoDeclaredValue', label: initiatorLabel('Объявленная стоимость', 'Declared value') },
];

async function documentOf(ctx: ResourceContext, id: number, kinds: readonly string[]) {
  const [row] = await ctx.tx.select().from(shipmentDocuments).where(eq(shipmentDocuments.id, id));
  if (!row || !kinds.includes(row.kind)) throw notFound();
  const [company] = await ctx.tx.select().from(legalEntities).where(eq(legalEntities.id, row.legalEntityId));
  const party = {
    number: padId(row.id),
    date: documentDate(row.createdAt),
    companyName: company?.name ?? '',
    companyInn: company?.inn ?? '',
    companyKpp: company?.kpp ?? '',
    companyAddress: company?.address ?? '',
  };
  return { row, party };
}

const cargoValues = (cargo: Cargo | undefined, description: string | null | undefined) => ({
  cargoDescription: description ?? cargo?.description ?? '',
  cargoWeight: cargo?.grossWeight ?? cargo?.weight ?? '',
  cargoVolume: cargo?.volume ?? '',
  cargoPlaces: cargo?.placeCount ?? '',
  cargoPackaging: cargo?.packaging ?? '',
});

async function innOf(ctx: ResourceContext, id: number | null) {
  if (id === null) return '';
  const [row] = await ctx.tx
    .select({ inn: counterparties.inn })
    .from(counterparties)
    .where(eq(counterparties.id, id));
  return row?.inn ?? '';
}

async function loadTransportOrder(ctx: ResourceContext, id: number) {
  const { row, party } = await documentOf(ctx, id, ['transport-order']);
  const job = await jobService.find(ctx, row.operationId, { access: 'read' });
  const jobOrders = job.orderIds.length
    ? await ctx.tx.select().from(orders).where(inArray(orders.id, job.orderIds))
    : [];
  const first = jobOrders[0];
  const details = row.details;
  return {
    title: party.number,
    data: {
      ...party,
      jobNumber: padId(job.id),
      orderNumbers: job.orderIds.map((orderId) => padId(orderId)).join(', '),
      contractorName: job.contractorName ?? '',
      contractorInn: await innOf(ctx, job.contractorId),
      dispatchDate: documentDate(job.dispatchDate),
      deliveryDate: documentDate(job.deliveryDate),
      loadingDate: documentDate(details.loadingDate ?? job.dispatchDate),
      unloadingDate: documentDate(details.unloadingDate ?? job.deliveryDate),
      route: routeLoopRows(job.route as RoutePoint[]),
      ...cargoValues(first?.cargo as Cargo | undefined, first?.cargoDescription),
      vehicle: details.vehicle ?? '',
      trailer: details.trailer ?? '',
      driverName: details.driverName ?? '',
      driverPhone: details.driverPhone ?? '',
      driverPassport: details.driverPassport ?? '',
      rate: details.rate ?? '',
      currency: details.currencyCode ?? '',
      terms: details.terms ?? '',
    },
  };
}

async function loadShipmentOrder(ctx: ResourceContext, id: number) {
  const { row, party } = await documentOf(ctx, id, ['forwarding-receipt', 'customer-application']);
  const order = await orderService.find(ctx, row.operationId, { access: 'read' });
  const cargo = order.cargo as Cargo;
  return {
    title: party.number,
    data: {
      ...party,
      orderNumber: padId(order.id),
      clientName: order.clientName,
      clientInn: await innOf(ctx, order.clientId),
      productName: order.productName,
      transportType: order.transportType
        ? (TRANSPORT_TYPE_LABELS[order.transportType]?.ru ?? order.transportType)
        : '',
      dispatchDate: documentDate(order.dispatchDate),
      deliveryDate: documentDate(order.deliveryDate),
      route: routeLoopRows(order.route as RoutePoint[]),
      ...cargoValues(cargo, order.cargoDescription),
      cargoDeclaredValue: cargo.declaredValue ?? '',
    },
  };
}

/** Contributed to the documents module's `documentInitiators`; generated files are the operation's files. */
export const SHIPMENT_DOCUMENT_INITIATORS_CONTRIBUTION = {
  transportOrder: {
    label: initiatorLabel('Заявка перевозчику', 'Transport order'),
    fields: TRANSPORT_ORDER_FIELDS,
    load: loadTransportOrder,
  },
  shipmentOrder: {
    label: initiatorLabel('Расписка или заявка клиента', 'Forwarding receipt or customer application'),
    fields: SHIPMENT_ORDER_FIELDS,
    load: loadShipmentOrder,
  },
};
