import { z } from 'zod';
import {
  codeField,
  dictionaryCode,
  dictionaryName,
  enabledField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { STAGE_BEHAVIOURS, stageBehavioursSchema } from './stage-behaviours';

/** Spec §8: a stage type still referred to cannot be deleted. */
export const STAGE_TYPE_IN_USE = 'stage type used in stages';

const displayName = z.string().trim().max(255).nullable().optional();

/**
 * A kind of stage of an order or job (loading, border crossing, customs release, ...): how it is shown to
 * the client in the PCC and to staff in the OPS, and what closing it sets off (behaviours).
 */
export const stageTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  pccName: displayName,
  pccVisible: z.boolean().optional(),
  opsName: displayName,
  opsVisible: z.boolean().optional(),
  behaviours: stageBehavioursSchema.optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});
export const stageTypeSchema = z.object({
  ...entityBase,
  code: z.string(),
  name: z.string(),
  pccName: z.string().nullable(),
  pccVisible: z.boolean(),
  opsName: z.string().nullable(),
  opsVisible: z.boolean(),
  behaviours: z.array(z.string()),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type StageType = z.infer<typeof stageTypeSchema>;

export const stageTypeResource = defineResource({
  name: 'stage_type',
  path: '/settings/stage-types',
  title: 'tms.stageTypes.title',
  itemTitle: 'tms.stageTypes.item',
  titles: { ru: 'Типы этапов', en: 'Stage types' },
  entity: stageTypeSchema,
  create: stageTypeCreateSchema,
  fields: [
    nameField,
    codeField,
    {
      name: 'pccName',
      type: 'text',
      label: 'tms.stageTypes.pccName',
      listed: true,
      searchable: true,
      sortable: true,
    },
    {
      name: 'pccVisible',
      type: 'boolean',
      label: 'tms.stageTypes.pccVisible',
      listed: true,
      filterable: true,
    },
    {
      name: 'opsName',
      type: 'text',
      label: 'tms.stageTypes.opsName',
      listed: true,
      searchable: true,
      sortable: true,
    },
    {
      name: 'opsVisible',
      type: 'boolean',
      label: 'tms.stageTypes.opsVisible',
      listed: true,
      filterable: true,
    },
    {
      name: 'behaviours',
      type: 'tags',
      label: 'tms.stageTypes.behaviours',
      options: STAGE_BEHAVIOURS.map((b) => b.code),
      optionLabels: Object.fromEntries(STAGE_BEHAVIOURS.map((b) => [b.code, b.labels])),
      listed: true,
    },
    {
      name: 'sortOrder',
      type: 'integer',
      label: 'tms.stageTypes.sortOrder',
      listed: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_STAGE_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt has the list and /{id} only.
  screens: { create: false, edit: true },
});
