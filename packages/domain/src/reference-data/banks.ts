import { z } from 'zod';
import { enabledField, nameField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { bikSchema, correspondentAccountSchema, SWIFT_MESSAGE, swiftSchema } from '../counterparties/schemas';

/** Stable English messages of the bank rules; the web translates them (locales/*\/messages.json). */
export const BANK_MESSAGES = {
  inUse: 'bank used in payment forms',
  swift: SWIFT_MESSAGE,
  bikOutsideRussia: 'Only a bank in Russia has a BIK.',
  bikRequired: 'A bank in Russia needs its BIK.',
  correspondentAccountWithoutBik: 'The correspondent account is checked against the BIK: fill in the BIK.',
} as const;

// The bank identifier rules (BIK, SWIFT, correspondent account) are the requisites' rules of
// counterparties/schemas.ts; `swiftSchema` stays importable from here.
export { swiftSchema };

/** A bank our companies or counterparties keep accounts at. */
export const bankCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  bik: bikSchema.nullable().optional(),
  swift: swiftSchema.nullable().optional(),
  correspondentAccount: correspondentAccountSchema.nullable().optional(),
  countryId: z.number().int().positive(),
  address: z.string().trim().max(1000).nullable().optional(),
});
export const bankSchema = z.object({
  ...entityBase,
  name: z.string(),
  bik: z.string().nullable(),
  swift: z.string().nullable(),
  correspondentAccount: z.string().nullable(),
  countryId: z.number().int(),
  address: z.string().nullable(),
  enabled: z.boolean(),
});
export type Bank = z.infer<typeof bankSchema>;

export const bankResource = defineResource({
  name: 'bank',
  path: '/banks',
  title: 'settings.banks.title',
  itemTitle: 'settings.banks.item',
  titles: { ru: 'Банки', en: 'Banks' },
  entity: bankSchema,
  create: bankCreateSchema,
  fields: [
    nameField,
    {
      name: 'bik',
      type: 'text',
      label: 'settings.banks.bik',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'short',
    },
    {
      name: 'swift',
      type: 'text',
      label: 'settings.banks.swift',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'short',
    },
    {
      name: 'correspondentAccount',
      type: 'text',
      label: 'settings.banks.correspondentAccount',
      listed: true,
      searchable: true,
    },
    {
      name: 'countryId',
      type: 'reference',
      label: 'settings.banks.country',
      reference: { path: '/settings/countries', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    {
      name: 'address',
      type: 'textarea',
      label: 'settings.banks.address',
      searchable: true,
    },
    enabledField,
    updatedAtField,
  ],
  // Banks are chosen in payment forms and counterparties' accounts: every signed-in user reads them.
  roles: { view: [], edit: ['ROLE_SETTINGS_BANKS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
