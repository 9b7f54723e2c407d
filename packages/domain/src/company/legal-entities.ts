import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { innLegalSchema, kppSchema, ogrnLegalSchema } from '../counterparties/schemas';
import { countryResource } from '../reference-data/countries';

export const LEGAL_ENTITY_MESSAGES = {
  inUse: 'legal entity used in payment forms',
  innRequired: 'A company registered in Russia needs its INN.',
} as const;

/**
 * One of our own companies (the group's legal entities that sign contracts and issue bills). Russian
 * registration numbers are checked by their checksums and against each other (`refineRequisites` rules).
 */
export const legalEntityResource = declareResource({
  name: 'legal_entity',
  path: '/settings/legal-entities',
  title: 'settings.legalEntities.title',
  itemTitle: 'settings.legalEntities.item',
  keys: 'settings.legalEntities',
  fields: {
    name: f.name().input(z.string().trim().min(1).max(500)).label('settings.legalEntities.name'),
    shortName: f.text().listed().searchable().sortable(),
    inn: f.text().input(innLegalSchema).optional().listed().searchable().width('short'),
    kpp: f.text().input(kppSchema).optional().listed().searchable().width('short'),
    ogrn: f.text().input(ogrnLegalSchema).optional().searchable().width('short'),
    countryId: f.reference(countryResource).listed().filterable(),
    address: f.textarea({ max: 1000 }).optional().searchable(),
    vatPayer: f.boolean().defaulted().listed().filterable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Chosen in orders, bills and payment forms: every signed-in user reads them.
  roles: { view: [], edit: ['ROLE_SETTINGS_LEGAL_ENTITIES'] },
  labelField: 'shortName',
  defaultSort: { field: 'shortName', order: 'asc' },
  deletable: true,
  // routes.txt has no screen of its own: the API feeds the selects.
  screens: { create: false, edit: false },
});
export const legalEntityCreateSchema = legalEntityResource.create;
export const legalEntitySchema = legalEntityResource.entity;
export type LegalEntity = z.infer<typeof legalEntitySchema>;
