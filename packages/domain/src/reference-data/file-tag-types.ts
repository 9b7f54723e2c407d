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

/** A kind of tag put on files (invoice, CMR, packing list, ...), with the colour of its chip. */
export const fileTagTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .optional(),
});
export const fileTagTypeSchema = z.object({
  ...entityBase,
  ...fileTagTypeCreateSchema.shape,
  nameEn: z.string().nullable(),
  color: z.string().nullable(),
  enabled: z.boolean(),
});
export type FileTagType = z.infer<typeof fileTagTypeSchema>;

export const fileTagTypeResource = defineResource({
  name: 'file_tag_type',
  path: '/settings/file-tag-types',
  title: 'settings.fileTagTypes.title',
  itemTitle: 'settings.fileTagTypes.item',
  titles: { ru: 'Типы тегов файлов', en: 'File tag types' },
  entity: fileTagTypeSchema,
  create: fileTagTypeCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'color',
      type: 'text',
      label: 'settings.fileTagTypes.color',
      listed: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_FILE_TAGS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
