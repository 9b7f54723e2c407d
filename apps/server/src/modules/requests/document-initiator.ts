import {
  type Cargo,
  padId,
  ROUTE_POINT_KIND_LABELS,
  type RoutePoint,
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

const dmy = (date: string | Date | null | undefined): string => {
  if (!date) return '';
  const iso = typeof date === 'string' ? date : date.toISOString();
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
};

const label = (ru: string, en: string) => ({ ru, en });

async function loadRequest(ctx: ResourceContext, id: number) {
  const row = await requestService.find(ctx, id, ctx.auth ? { access: 'read' } : {});
  const cargo = row.cargo as Cargo;
  const number = padId(row.id);
  return {
    title: number,
    data: {
      number,
      createdAt: dmy(row.createdAt),
      today: dmy(new Date()),
      clientName: row.clientName,
      dispatchDate: dmy(row.dispatchDate),
      deliveryDate: dmy(row.deliveryDate),
      cargoDescription: row.cargoDescription ?? cargo.description ?? '',
      cargoWeight: cargo.grossWeight ?? cargo.weight ?? '',
      cargoVolume: cargo.volume ?? '',
      transportTypes: (row.transportTypes as string[])
        .map((type) => TRANSPORT_TYPE_LABELS[type as TransportType]?.ru ?? type)
        .join(', '),
      route: (row.route as RoutePoint[]).map((point) => ({
        kind: ROUTE_POINT_KIND_LABELS[point.kind]?.ru ?? point.kind,
        address: point.address,
        dateFrom: dmy(point.dateFrom),
        dateTo: dmy(point.dateTo),
      })),
    },
  };
}

export const REQUEST_DOCUMENT_INITIATOR = {
  label: label('Запрос клиента', 'Customer request'),
  fields: [
    { tag: 'number', label: label('Номер', 'Number') },
    { tag: 'createdAt', label: label('Дата запроса', 'Requested on') },
    { tag: 'today', label: label('Сегодняшняя дата', "Today's date") },
    { tag: 'clientName', label: label('Клиент', 'Client') },
    { tag: 'dispatchDate', label: label('Дата отправки', 'Dispatch date') },
    { tag: 'deliveryDate', label: label('Дата доставки', 'Delivery date') },
    { tag: 'cargoDescription', label: label('Описание груза', 'Cargo description') },
    { tag: 'cargoWeight', label: label('Вес, кг', 'Weight, kg') },
    { tag: 'cargoVolume', label: label('Объём, м³', 'Volume, m³') },
    { tag: 'transportTypes', label: label('Виды транспорта', 'Transport types') },
    {
      tag: 'route',
      label: label('Маршрут (цикл по точкам)', 'Route (loop over points)'),
      items: [
        { tag: 'kind', label: label('Тип точки', 'Point kind') },
        { tag: 'address', label: label('Адрес', 'Address') },
        { tag: 'dateFrom', label: label('Дата с', 'Date from') },
        { tag: 'dateTo', label: label('Дата по', 'Date to') },
      ],
    },
  ],
  load: loadRequest,
};
