import { z } from 'zod';
import { enabledField, nameField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { innLegalSchema, kppSchema, ogrnLegalSchema } from '../counterparties/schemas';

export const LEGAL_ENTITY_MESSAGES = {
  inUse: 'legal entity used in payment forms',
  innRequired: 'A company registered in Russia needs its INN.',
} as const;

/**
 * One of our own companies (the group's legal entities that sign contracts and issue bills). Russian
 * registration numbers are checked by their checksums and against each other (`refineRequisites` rules).
 */
export const legalEntityCreateSchema = z.object({
  name: z.string().trim().min(1).max(500),
  shortName: z.string().trim().min(1).max(255),
  inn: innLegalSchema.nullable().optional(),
  kpp: kppSchema.nullable().optional(),
  ogrn: ogrnLegalSchema.nullable().optional(),
  countryId: z.number().int().positive(),
  address: z.string().trim().max(1000).nullable().optional(),
  vatPayer: z.boolean().optional(),
});
export const legalEntitySchema = z.object({
  ...entityBase,
  name: z.string(),
  shortName: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  countryId: z.number().int(),
  address: z.string().nullable(),
  vatPayer: z.boolean(),
  enabled: z.boolean(),
});
export type LegalEntity = z.infer<typeof legalEntitySchema>;

const field = (name: string) => ({
  name,
  label: `settings.legalEntities.${name}`,
});

export const legalEntityResource = defineResource({
  name: 'legal_entity',
  path: '/settings/legal-entities',
  title: 'settings.legalEntities.title',
  itemTitle: 'settings.legalEntities.item',
  titles: { ru: 'Юридические лица', en: 'Legal entities' },
  entity: legalEntitySchema,
  create: legalEntityCreateSchema,
  fields: [
    { ...nameField, label: 'settings.legalEntities.name' },
    {
      ...field('shortName'),
      type: 'text',
      listed: true,
      searchable: true,
      sortable: true,
    },
    { ...field('inn'), type: 'text', listed: true, searchable: true, filterWidth: 'short' },
    { ...field('kpp'), type: 'text', listed: true, searchable: true, filterWidth: 'short' },
    { ...field('ogrn'), type: 'text', searchable: true, filterWidth: 'short' },
    {
      ...field('countryId'),
      type: 'reference',
      reference: { path: '/settings/countries', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    { ...field('address'), type: 'textarea', searchable: true },
    { ...field('vatPayer'), type: 'boolean', listed: true, filterable: true },
    enabledField,
    updatedAtField,
  ],
  // Chosen in orders, bills and payment forms: every signed-in user reads them.
  roles: { view: [], edit: ['ROLE_SETTINGS_LEGAL_ENTITIES'] },
  labelField: 'shortName',
  defaultSort: { field: 'shortName', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt has no screen of its own: the API feeds the selects.
  screens: { create: false, edit: false },
});
