import { z } from 'zod';
import type { FieldDescriptor } from './resource';
import { formatError } from './validation';

/** Building blocks the simple dictionaries share: a code, a Russian and an English name, an enabled flag. */
export const dictionaryName = z.string().trim().min(1).max(255);
export const dictionaryNameEn = z.string().trim().max(255).nullable().optional();
/**
 * What a code's format is, said where a value does not fit it: "not valid" alone leaves the user guessing.
 * Stable English texts the client translates (`messages.json`).
 */
export const CODE_MESSAGES = {
  code: 'Use only Latin letters, digits, dash and underscore.',
  isoAlpha2: 'Enter the two capital Latin letters of the ISO code (e.g. RU).',
  isoAlpha3: 'Enter the three capital Latin letters of the ISO code (e.g. RUS, EUR).',
  isoNumeric: 'Enter the three digits of the ISO numeric code (e.g. 643, 978).',
  customsPoint: 'Enter 2 to 16 Latin letters or digits.',
} as const;

/** A machine code of a dictionary entry: Latin letters, digits, dash and underscore. */
export const dictionaryCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, formatError(CODE_MESSAGES.code));

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
