import type { SystemOptions, SystemOptionsValues } from '@tms/domain';

/** How an option is entered and which unit it is shown with. */
export interface OptionField {
  name: keyof SystemOptionsValues;
  kind: 'integer' | 'money' | 'code';
  unit?: 'days' | 'minutes' | 'perYear' | 'currency' | 'currencyPerKg';
  /** Can be left empty. */
  nullable?: boolean;
}

/** The options screen's sections, in the order a person looks for them. */
export const OPTION_GROUPS: { key: string; fields: OptionField[] }[] = [
  {
    key: 'requests',
    fields: [
      { name: 'defaultOfferValidityDays', kind: 'integer', unit: 'days' },
      { name: 'customerRequestRestoreStatusTimeout', kind: 'integer', unit: 'minutes' },
    ],
  },
  {
    key: 'orders',
    fields: [
      { name: 'expectedDateAutoSetIntervalDays', kind: 'integer', unit: 'days' },
      { name: 'archiveAfterDays', kind: 'integer', unit: 'days' },
      { name: 'coldStorageAfterDays', kind: 'integer', unit: 'days' },
      { name: 'orderCapacityPerYear', kind: 'integer', unit: 'perYear' },
    ],
  },
  {
    key: 'finance',
    fields: [
      { name: 'systemCurrencyCode', kind: 'code' },
      { name: 'maxBillBacktrackDays', kind: 'integer', unit: 'days' },
    ],
  },
  {
    key: 'cargo',
    fields: [
      { name: 'cargoInsuredValue', kind: 'money', unit: 'currency' },
      { name: 'cargoDeclaredValue', kind: 'money', unit: 'currency' },
      { name: 'cargoDeclaredValuePerKg', kind: 'money', unit: 'currencyPerKg' },
    ],
  },
  {
    key: 'other',
    fields: [
      { name: 'announcementEditTimeout', kind: 'integer', unit: 'minutes' },
      { name: 'wmsWarehouseId', kind: 'integer', nullable: true },
    ],
  },
];

/** The editable values of the options record (without version and updatedAt). */
export function valuesOf(options: SystemOptions): SystemOptionsValues {
  const { version: _version, updatedAt: _updatedAt, ...values } = options;
  return values;
}
