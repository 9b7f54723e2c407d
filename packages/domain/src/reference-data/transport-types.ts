import type { LocalizedText } from '../common/resource';

/** Transport types of spec §9: road, rail, air, sea, courier, no transport. */
export const TRANSPORT_TYPES = ['auto', 'rail', 'air', 'sea', 'courier', 'none'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

export const TRANSPORT_TYPE_LABELS: Readonly<Record<TransportType, LocalizedText>> = {
  auto: { ru: 'Авто', en: 'Road' },
  rail: { ru: 'Ж/д', en: 'Rail' },
  air: { ru: 'Авиа', en: 'Air' },
  sea: { ru: 'Море', en: 'Sea' },
  courier: { ru: 'Курьер', en: 'Courier' },
  none: { ru: 'Без перевозки', en: 'No transport' },
};
