import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { legalEntityResource } from '../company/legal-entities';
import { agreementTypeResource } from './agreement-types';
import { COUNTERPARTY_ROLES, counterpartyParent } from './counterparty';

/**
 * A contract between one of our legal entities and the counterparty (spec §3 Agreement). `validUntil` is
 * not before `validFrom` (checked by the server, also against the stored value on update).
 */
export const counterpartyAgreementResource = declareResource({
  name: 'counterparty_agreement',
  path: '/counterparty-agreements',
  title: 'counterparties.agreements.title',
  itemTitle: 'counterparties.agreements.item',
  keys: 'counterparties.agreements',
  fields: {
    counterpartyId: counterpartyParent(),
    agreementTypeId: f.reference(agreementTypeResource).listed().filterable(),
    number: f.text({ max: 64 }).listed().searchable().sortable(),
    date: f.date().optional().listed().sortable(),
    validFrom: f.date().optional().listed().sortable(),
    validUntil: f.date().optional().listed().sortable(),
    legalEntityId: f.reference(legalEntityResource).optional().listed().filterable(),
    comment: f.textarea().optional().searchable(),
    updatedAt: f.updatedAt(),
  },
  roles: COUNTERPARTY_ROLES,
  labelField: 'number',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type CounterpartyAgreement = z.infer<typeof counterpartyAgreementResource.entity>;
