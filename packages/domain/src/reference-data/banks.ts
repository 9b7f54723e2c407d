import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { bikSchema, correspondentAccountSchema, SWIFT_MESSAGE, swiftSchema } from '../counterparties/schemas';
import { DECLARED_SCREENS } from '../screens';
import { countryResource } from './countries';

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
export const bankResource = declareResource({
  name: 'bank',
  path: DECLARED_SCREENS.bankResource.path,
  title: 'settings.banks.title',
  itemTitle: 'settings.banks.item',
  keys: 'settings.banks',
  fields: {
    name: f.name(),
    bik: f.text().input(bikSchema).optional().listed().searchable().sortable().width('short'),
    swift: f.text().input(swiftSchema).optional().listed().searchable().sortable().width('short'),
    correspondentAccount: f.text().input(correspondentAccountSchema).optional().listed().searchable(),
    countryId: f.reference(countryResource).label('settings.banks.country').listed().filterable(),
    address: f.textarea({ max: 1000 }).optional().searchable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Banks are chosen in payment forms and counterparties' accounts: every signed-in user reads them.
  roles: { view: [], edit: ['ROLE_SETTINGS_BANKS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const bankCreateSchema = bankResource.create;
export const bankSchema = bankResource.entity;
export type Bank = z.infer<typeof bankSchema>;
