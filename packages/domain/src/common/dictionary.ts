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
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'short',
};
export const nameField: FieldDescriptor = {
  name: 'name',
  type: 'text',
  label: 'fields.name',
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'wide',
};
export const nameEnField: FieldDescriptor = {
  name: 'nameEn',
  type: 'text',
  label: 'fields.nameEn',
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'wide',
};
export const enabledField: FieldDescriptor = {
  name: 'enabled',
  type: 'boolean',
  label: 'fields.enabled',
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
  filterable: true,
  sortable: true,
  readOnly: true,
};
export const updatedAtField: FieldDescriptor = {
  name: 'updatedAt',
  type: 'datetime',
  label: 'fields.updatedAt',
  filterable: true,
  sortable: true,
  readOnly: true,
};
