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

/** Spec §8: a job type still referred to cannot be deleted. */
export const JOB_TYPE_IN_USE = 'job type used in jobs or products';

/** A kind of job (carriage, customs clearance, warehousing, ...) and the products it is compatible with. */
export const jobTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  productIds: z.array(z.number().int().positive()).max(500).optional(),
});
export const jobTypeSchema = z.object({
  ...entityBase,
  ...jobTypeCreateSchema.shape,
  nameEn: z.string().nullable(),
  productIds: z.array(z.number().int()),
  enabled: z.boolean(),
});
export type JobType = z.infer<typeof jobTypeSchema>;

export const jobTypeResource = defineResource({
  name: 'job_type',
  path: '/tms/job-types',
  title: 'tms.jobTypes.title',
  itemTitle: 'tms.jobTypes.item',
  titles: { ru: 'Типы работ', en: 'Job types' },
  entity: jobTypeSchema,
  create: jobTypeCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'productIds',
      type: 'references',
      label: 'tms.jobTypes.products',
      reference: { path: '/tms/products', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_JOB_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: false, edit: true },
});
