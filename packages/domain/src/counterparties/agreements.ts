import { z } from 'zod';
import { updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyIdField } from './counterparty';

/** A contract between one of our legal entities and the counterparty (spec §3 Agreement). */
export const counterpartyAgreementCreateSchema = z.object({
  counterpartyId: z.number().int().positive(),
  agreementTypeId: z.number().int().positive(),
  number: z.string().trim().min(1).max(64),
  date: z.iso.date().nullable().optional(),
  validFrom: z.iso.date().nullable().optional(),
  /** Not before `validFrom` (checked by the server, also against the stored value on update). */
  validUntil: z.iso.date().nullable().optional(),
  legalEntityId: z.number().int().positive().nullable().optional(),
  comment: z.string().trim().max(4000).nullable().optional(),
});
export const counterpartyAgreementSchema = z.object({
  ...entityBase,
  counterpartyId: z.number().int(),
  agreementTypeId: z.number().int(),
  number: z.string(),
  date: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  legalEntityId: z.number().int().nullable(),
  comment: z.string().nullable(),
});
export type CounterpartyAgreement = z.infer<typeof counterpartyAgreementSchema>;

const field = (name: string) => ({
  name,
  label: `counterparties.agreements.${name}`,
});

export const counterpartyAgreementResource = defineResource({
  name: 'counterparty_agreement',
  path: '/counterparty-agreements',
  title: 'counterparties.agreements.title',
  itemTitle: 'counterparties.agreements.item',
  titles: { ru: 'Договоры контрагентов', en: 'Counterparty agreements' },
  entity: counterpartyAgreementSchema,
  create: counterpartyAgreementCreateSchema,
  fields: [
    counterpartyIdField,
    {
      ...field('agreementTypeId'),
      type: 'reference',
      reference: { path: '/agreement-types', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    { ...field('number'), type: 'text', listed: true, searchable: true, sortable: true },
    { ...field('date'), type: 'date', listed: true, sortable: true },
    { ...field('validFrom'), type: 'date', listed: true, sortable: true },
    { ...field('validUntil'), type: 'date', listed: true, sortable: true },
    {
      ...field('legalEntityId'),
      type: 'reference',
      reference: { path: '/settings/legal-entities', labelField: 'shortName' },
      listed: true,
      filterable: true,
    },
    { ...field('comment'), type: 'textarea', searchable: true },
    updatedAtField,
  ],
  roles: COUNTERPARTY_ROLES,
  labelField: 'number',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: false, edit: false },
});
