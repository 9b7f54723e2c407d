import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';
import { CUSTOMS_BEHAVIOUR_PREFIX, STAGE_BEHAVIOURS, stageBehavioursSchema } from './stage-behaviours';

/** Spec §8: a stage type still referred to cannot be deleted. */
export const STAGE_TYPE_IN_USE = 'stage type used in stages';

/**
 * A kind of stage of an order or job (loading, border crossing, customs release, ...): how it is shown to
 * the client in the PCC and to staff in the OPS, and what closing it sets off (behaviours).
 */
export const stageTypeResource = declareResource({
  name: 'stage_type',
  path: DECLARED_SCREENS.stageTypeResource.path,
  title: 'tms.stageTypes.title',
  itemTitle: 'tms.stageTypes.item',
  keys: 'tms.stageTypes',
  fields: {
    name: f.name(),
    code: f.code(),
    pccName: f.text().optional().listed().searchable().sortable(),
    pccVisible: f.boolean().defaulted().listed().filterable(),
    opsName: f.text().optional().listed().searchable().sortable(),
    opsVisible: f.boolean().defaulted().listed().filterable(),
    behaviours: f
      .of('tags', stageBehavioursSchema, z.array(z.string()))
      .defaulted()
      .set({
        options: STAGE_BEHAVIOURS.map((b) => b.code),
        optionLabels: Object.fromEntries(STAGE_BEHAVIOURS.map((b) => [b.code, b.labels])),
        // CUSTOMS_<product code>: the customs formalities of each product (the server checks it exists).
        optionsFrom: {
          path: DECLARED_SCREENS.productResource.path,
          prefix: CUSTOMS_BEHAVIOUR_PREFIX,
          valueField: 'code',
          labelPrefix: { ru: 'Таможня: ', en: 'Customs: ' },
          labelField: 'name',
        },
      })
      .listed(),
    sortOrder: f.integer({ min: 0, max: 100_000 }).defaulted().listed().sortable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_STAGE_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  deletable: true,
  // routes.txt has the list and /{id} only.
  screens: { create: false, edit: true },
});
export type StageType = z.infer<typeof stageTypeResource.entity>;
