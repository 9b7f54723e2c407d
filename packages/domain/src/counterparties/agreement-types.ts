import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** A kind of agreement with a counterparty (transport forwarding, agency, supply, ...). */
export const agreementTypeResource = declareResource({
  name: 'agreement_type',
  path: DECLARED_SCREENS.agreementTypeResource.path,
  title: 'settings.agreementTypes.title',
  itemTitle: 'settings.agreementTypes.item',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_AGREEMENT_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type AgreementType = z.infer<typeof agreementTypeResource.entity>;
