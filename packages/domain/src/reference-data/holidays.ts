import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** A non-working day; date arithmetic of the product (payment terms, DSO) skips it. */
export const holidayResource = declareResource({
  name: 'holiday',
  path: DECLARED_SCREENS.holidayResource.path,
  title: 'settings.holidays.title',
  itemTitle: 'settings.holidays.item',
  keys: 'settings.holidays',
  fields: {
    // A calendar date in the ISO form YYYY-MM-DD that exists (no 2025-02-30).
    date: f.date().label('fields.date').listed().filterable().sortable(),
    name: f.name(),
    nameEn: f.nameEn(),
    updatedAt: f.updatedAt(),
  },
  // The calendar is read by everyone whose dates it shifts.
  roles: { view: [], edit: ['ROLE_SETTINGS_HOLIDAYS'] },
  labelField: 'date',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  // routes.txt: a list and an "add" screen, no edit screen.
  screens: { create: true, edit: false },
});
export const holidayCreateSchema = holidayResource.create;
export const holidaySchema = holidayResource.entity;
export type Holiday = z.infer<typeof holidaySchema>;
