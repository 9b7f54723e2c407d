import { z } from 'zod';
import type { FieldDescriptor } from './resource';

/** Building blocks the simple dictionaries share: a code, a Russian and an English name, an enabled flag. */
export const dictionaryName = z.string().trim().min(1).max(255);
export const dictionaryNameEn = z.string().trim().max(255).nullable().optional();
/** A machine code of a dictionary entry: Latin letters, digits, dash and underscore. */
export const dictionaryCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const codeField: FieldDescriptor = {
  name: 'code',
  type: 'text',
  label: 'fields.code',
  labels: { ru: 'Код', en: 'Code' },
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'short',
};
export const nameField: FieldDescriptor = {
  name: 'name',
  type: 'text',
  label: 'fields.name',
  labels: { ru: 'Название', en: 'Name' },
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'wide',
};
export const nameEnField: FieldDescriptor = {
  name: 'nameEn',
  type: 'text',
  label: 'fields.nameEn',
  labels: { ru: 'Название (англ.)', en: 'Name (English)' },
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'wide',
};
export const enabledField: FieldDescriptor = {
  name: 'enabled',
  type: 'boolean',
  label: 'fields.enabled',
  labels: { ru: 'Активно', en: 'Enabled' },
  listed: true,
  filterable: true,
  sortable: true,
  readOnly: true,
  filterWidth: 'short',
};
export const createdAtField: FieldDescriptor = {
  name: 'createdAt',
  type: 'datetime',
  label: 'fields.createdAt',
  labels: { ru: 'Создано', en: 'Created' },
  filterable: true,
  sortable: true,
  readOnly: true,
};
export const updatedAtField: FieldDescriptor = {
  name: 'updatedAt',
  type: 'datetime',
  label: 'fields.updatedAt',
  labels: { ru: 'Изменено', en: 'Updated' },
  filterable: true,
  sortable: true,
  readOnly: true,
};
