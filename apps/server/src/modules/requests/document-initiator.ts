import {
  type Cargo,
  documentDate,
  initiatorLabel,
  padId,
  ROUTE_LOOP_FIELD,
  type RoutePoint,
  routeLoopRows,
  TRANSPORT_TYPE_LABELS,
  type TransportType,
} from '@tms/domain';
import type { ResourceContext } from '../../platform/resources';
import { requestService } from './requests';

/**
 * Customer requests as an initiator of the document generator (the documents module's
 * `documentInitiators`): a quote or an application filled from the request; the route is a loop. Point
 * kinds and transport types are printed by their Russian names, as the documents are Russian.
 */

async function loadRequest(ctx: ResourceContext, id: number) {
  const row = await requestService.find(ctx, id, { access: 'read' });
  const cargo = row.cargo as Cargo;
  const number = padId(row.id);
  return {
    title: number,
    data: {
      number,
      createdAt: documentDate(row.createdAt),
      today: documentDate(ctx.clock?.() ?? new Date()),
      clientName: row.clientName,
      dispatchDate: documentDate(row.dispatchDate),
      deliveryDate: documentDate(row.deliveryDate),
      cargoDescription: row.cargoDescription ?? cargo.description ?? '',
      cargoWeight: cargo.grossWeight ?? cargo.weight ?? '',
      cargoVolume: cargo.volume ?? '',
      transportTypes: (row.transportTypes as string[])
        .map((type) => TRANSPORT_TYPE_LABELS[type as TransportType]?.ru ?? type)
        .join(', '),
      route: routeLoopRows(row.route as RoutePoint[]),
    },
  };
}

export const REQUEST_DOCUMENT_INITIATOR = {
  label: initiatorLabel('Запрос клиента', 'Customer request'),
  fields: [
    { tag: 'number', label: initiatorLabel('Номер', 'Number') },
    { tag: 'createdAt', label: initiatorLabel('Дата запроса', 'Requested on') },
    { tag: 'today', label: initiatorLabel('Сегодняшняя дата', "Today's date") },
    { tag: 'clientName', label: initiatorLabel('Клиент', 'Client') },
    { tag: 'dispatchDate', label: initiatorLabel('Дата отправки', 'Dispatch date') },
    { tag: 'deliveryDate', label: initiatorLabel('Дата доставки', 'Delivery date') },
    { tag: 'cargoDescription', label: initiatorLabel('Описание груза', 'Cargo description') },
    { tag: 'cargoWeight', label: initiatorLabel('Вес, кг', 'Weight, kg') },
    { tag: 'cargoVolume', label: initiatorLabel('Объём, м³', 'Volume, m³') },
    { tag: 'transportTypes', label: initiatorLabel('Виды транспорта', 'Transport types') },
    ROUTE_LOOP_FIELD,
  ],
  load: loadRequest,
};
