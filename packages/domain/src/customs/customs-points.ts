import { z } from 'zod';
import { declareResource } from '../common/declare';
import { CODE_MESSAGES } from '../common/dictionary';
import { f } from '../common/fields';
import { formatError } from '../common/validation';
import { countryResource } from '../reference-data/countries';
import { DECLARED_SCREENS } from '../screens';
import { CUSTOMS_TIME_ZONE_MESSAGE, isTimeZone } from './release-deadline';

/** A customs office where declarations are lodged; its code is the customs authority's (e.g. 10702070). */
export const customsPointResource = declareResource({
  name: 'customs_point',
  path: DECLARED_SCREENS.customsPointResource.path,
  title: 'tms.customsPoints.title',
  itemTitle: 'tms.customsPoints.item',
  fields: {
    code: f.code().input(
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z]{2,16}$/, formatError(CODE_MESSAGES.customsPoint)),
    ),
    name: f.name(),
    nameEn: f.nameEn(),
    countryId: f.reference(countryResource).label('fields.country').listed().filterable(),
    address: f.textarea({ max: 1000 }).optional().label('fields.address').listed().searchable(),
    /**
     * Where the post works (IANA name): the customs monitoring shows its declarations' moments and counts
     * working days in this zone. Default Europe/Moscow.
     */
    timeZone: f
      .text({ max: 64 })
      .input(z.string().trim().max(64).refine(isTimeZone, CUSTOMS_TIME_ZONE_MESSAGE))
      .defaulted()
      .label('tms.customsPoints.timeZone')
      .listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: ['ROLE_CUSTOMS_POINT_VIEW', 'ROLE_CUSTOMS_POINT_EDIT'], edit: ['ROLE_CUSTOMS_POINT_EDIT'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export const customsPointCreateSchema = customsPointResource.create;
export const customsPointSchema = customsPointResource.entity;
export type CustomsPoint = z.infer<typeof customsPointSchema>;
