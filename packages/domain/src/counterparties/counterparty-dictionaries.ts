import { z } from 'zod';
import {
  codeField,
  dictionaryCode,
  dictionaryName,
  dictionaryNameEn,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

const dictionaryCreate = z.object({ code: dictionaryCode, name: dictionaryName, nameEn: dictionaryNameEn });
const dictionaryEntity = z.object({
  ...entityBase,
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});

/** Where a counterparty stands with us (new, active, on hold, ...); spec §3 Counterparty "status". */
export const counterpartyStatusCreateSchema = dictionaryCreate;
export const counterpartyStatusSchema = dictionaryEntity;
export type CounterpartyStatus = z.infer<typeof counterpartyStatusSchema>;

export const counterpartyStatusResource = defineResource({
  name: 'counterparty_status',
  path: '/counterparty-statuses',
  title: 'settings.counterpartyStatuses.title',
  itemTitle: 'settings.counterpartyStatuses.item',
  titles: { ru: 'Статусы контрагентов', en: 'Counterparty statuses' },
  entity: counterpartyStatusSchema,
  create: counterpartyStatusCreateSchema,
  fields: [codeField, nameField, nameEnField, enabledField, updatedAtField],
  roles: { view: [], edit: ['ROLE_SETTINGS_COUNTERPARTY_STATUSES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt has the list and /{id} only.
  screens: { create: false, edit: true },
});

/** Marks a counterparty can carry (dangerous goods, temperature control, ...); spec §3 "features". */
export const counterpartyFeatureCreateSchema = dictionaryCreate;
export const counterpartyFeatureSchema = dictionaryEntity;
export type CounterpartyFeature = z.infer<typeof counterpartyFeatureSchema>;

export const counterpartyFeatureResource = defineResource({
  name: 'counterparty_feature',
  path: '/counterparty-features',
  title: 'settings.counterpartyFeatures.title',
  itemTitle: 'settings.counterpartyFeatures.item',
  titles: { ru: 'Особенности контрагентов', en: 'Counterparty features' },
  entity: counterpartyFeatureSchema,
  create: counterpartyFeatureCreateSchema,
  fields: [codeField, nameField, nameEnField, enabledField, updatedAtField],
  roles: { view: [], edit: ['ROLE_COUNTERPARTY_FEATURES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt lists only /counterparty-features; its records are created and edited in the engine's
  // form under the same path (/new, /{id}).
  screens: { create: true, edit: true },
});
