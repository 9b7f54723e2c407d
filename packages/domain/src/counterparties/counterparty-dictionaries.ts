import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** The fields of both dictionaries: a code, a Russian and an English name, the enabled flag. */
const dictionaryFields = () => ({
  code: f.code(),
  name: f.name(),
  nameEn: f.nameEn(),
  enabled: f.enabled(),
  updatedAt: f.updatedAt(),
});

/** Where a counterparty stands with us (new, active, on hold, ...); spec §3 Counterparty "status". */
export const counterpartyStatusResource = declareResource({
  name: 'counterparty_status',
  path: DECLARED_SCREENS.counterpartyStatusResource.path,
  title: 'settings.counterpartyStatuses.title',
  itemTitle: 'settings.counterpartyStatuses.item',
  fields: dictionaryFields(),
  roles: { view: [], edit: ['ROLE_SETTINGS_COUNTERPARTY_STATUSES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  // routes.txt has the list and /{id} only.
  screens: { create: false, edit: true },
});
export type CounterpartyStatus = z.infer<typeof counterpartyStatusResource.entity>;

/** Marks a counterparty can carry (dangerous goods, temperature control, ...); spec §3 "features". */
export const counterpartyFeatureResource = declareResource({
  name: 'counterparty_feature',
  path: DECLARED_SCREENS.counterpartyFeatureResource.path,
  title: 'settings.counterpartyFeatures.title',
  itemTitle: 'settings.counterpartyFeatures.item',
  fields: dictionaryFields(),
  roles: { view: [], edit: ['ROLE_COUNTERPARTY_FEATURES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  // routes.txt lists only /counterparty-features; its records are created and edited in the engine's
  // form under the same path (/new, /{id}).
  screens: { create: true, edit: true },
});
export type CounterpartyFeature = z.infer<typeof counterpartyFeatureResource.entity>;
