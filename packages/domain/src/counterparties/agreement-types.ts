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

/** A kind of agreement with a counterparty (transport forwarding, agency, supply, ...). */
export const agreementTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
});
export const agreementTypeSchema = z.object({
  ...entityBase,
  ...agreementTypeCreateSchema.shape,
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});
export type AgreementType = z.infer<typeof agreementTypeSchema>;

export const agreementTypeResource = defineResource({
  name: 'agreement_type',
  path: '/agreement-types',
  title: 'settings.agreementTypes.title',
  itemTitle: 'settings.agreementTypes.item',
  titles: { ru: 'Типы договоров', en: 'Agreement types' },
  entity: agreementTypeSchema,
  create: agreementTypeCreateSchema,
  fields: [codeField, nameField, nameEnField, enabledField, updatedAtField],
  roles: { view: [], edit: ['ROLE_SETTINGS_AGREEMENT_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
