import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** A kind of tag put on files (invoice, CMR, packing list, ...), with the colour of its chip. */
export const fileTagTypeResource = declareResource({
  name: 'file_tag_type',
  path: DECLARED_SCREENS.fileTagTypeResource.path,
  title: 'settings.fileTagTypes.title',
  itemTitle: 'settings.fileTagTypes.item',
  keys: 'settings.fileTagTypes',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    color: f
      .text()
      .input(z.string().regex(/^#[0-9a-fA-F]{6}$/))
      .optional()
      .listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_FILE_TAGS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const fileTagTypeCreateSchema = fileTagTypeResource.create;
export const fileTagTypeSchema = fileTagTypeResource.entity;
export type FileTagType = z.infer<typeof fileTagTypeSchema>;
