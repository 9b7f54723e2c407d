import { z } from 'zod';
import {
  dictionaryName,
  dictionaryNameEn,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** A calendar date in the ISO form YYYY-MM-DD that exists (no 2025-02-30). */
const isoDate = z.iso.date();

/** A non-working day; date arithmetic of the product (payment terms, DSO) skips it. */
export const holidayCreateSchema = z.object({
  date: isoDate,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
});
export const holidaySchema = z.object({
  ...entityBase,
  date: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayResource = defineResource({
  name: 'holiday',
  path: '/holidays',
  title: 'settings.holidays.title',
  itemTitle: 'settings.holidays.item',
  titles: { ru: 'Праздничные дни', en: 'Holidays' },
  entity: holidaySchema,
  create: holidayCreateSchema,
  fields: [
    {
      name: 'date',
      type: 'date',
      label: 'fields.date',
      listed: true,
      filterable: true,
      sortable: true,
    },
    nameField,
    nameEnField,
    updatedAtField,
  ],
  // The calendar is read by everyone whose dates it shifts.
  roles: { view: [], edit: ['ROLE_SETTINGS_HOLIDAYS'] },
  labelField: 'date',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  // routes.txt: a list and an "add" screen, no edit screen.
  screens: { create: true, edit: false },
});
