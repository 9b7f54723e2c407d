import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';
import { productResource } from './products';

/** Spec §8: a job type still referred to cannot be deleted. */
export const JOB_TYPE_IN_USE = 'job type used in jobs or products';

/** A kind of job (carriage, customs clearance, warehousing, ...) and the products it is compatible with. */
export const jobTypeResource = declareResource({
  name: 'job_type',
  path: DECLARED_SCREENS.jobTypeResource.path,
  title: 'tms.jobTypes.title',
  itemTitle: 'tms.jobTypes.item',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    productIds: f
      .references(productResource, undefined, { max: 500 })
      .defaulted()
      .label('tms.jobTypes.products')
      .listed()
      .filterable(),
    // Job types compatible with every one of the products (a job's orders): the server's `jobTypeIssue`.
    compatibleWith: f.references(productResource).filterOnly().label('tms.jobTypes.compatibleWith'),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_JOB_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export type JobType = z.infer<typeof jobTypeResource.entity>;
