import { z } from 'zod';
import { enabledField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase, type FieldDescriptor } from '../common/resource';
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  customFieldDefinitionInputShape,
  customFieldDefinitionListSchema,
  customFieldDefinitionSchema,
} from './definitions';

/** Where definitions live: the customer request's one set, or an operation group's set. */
export type CustomFieldScope = { kind: 'customer-request' } | { kind: 'operation-group'; groupId: number };

const codeColumn: FieldDescriptor = {
  name: 'code',
  type: 'text',
  label: 'customFields.fields.code',
  listed: true,
  searchable: true,
  sortable: true,
  filterWidth: 'short',
};

/** A customer request's custom field definition, one record each (/custom-fields/customer-request). */
export const customerRequestCustomFieldCreateSchema = z.object(customFieldDefinitionInputShape);
export const customerRequestCustomFieldSchema = z.object({
  ...entityBase,
  ...(customFieldDefinitionSchema as unknown as z.ZodObject).shape,
});
export type CustomerRequestCustomField = CustomFieldDefinition & {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export const customerRequestCustomFieldResource = defineResource({
  name: 'customer_request_custom_field',
  path: '/custom-fields/customer-request',
  title: 'customFields.customerRequest.title',
  itemTitle: 'customFields.customerRequest.item',
  titles: { ru: 'Пользовательские поля заявки', en: 'Customer request custom fields' },
  entity: customerRequestCustomFieldSchema,
  create: customerRequestCustomFieldCreateSchema,
  fields: [
    codeColumn,
    {
      name: 'description',
      type: 'text',
      label: 'customFields.fields.description',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'wide',
    },
    {
      name: 'descriptionEn',
      type: 'text',
      label: 'customFields.fields.descriptionEn',
      searchable: true,
      sortable: true,
    },
    {
      name: 'type',
      type: 'enum',
      label: 'customFields.typesLabel',
      optionsKey: 'customFields.types',
      options: CUSTOM_FIELD_TYPES,
      listed: true,
      filterable: true,
      sortable: true,
    },
    {
      name: 'required',
      type: 'boolean',
      label: 'customFields.fields.required',
      listed: true,
      filterable: true,
      sortable: true,
    },
    {
      name: 'position',
      type: 'integer',
      label: 'customFields.fields.position',
      listed: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: ['ROLE_SETTINGS_CUSTOM_FIELDS'], edit: ['ROLE_SETTINGS_CUSTOM_FIELDS'] },
  labelField: 'description',
  defaultSort: { field: 'position', order: 'asc' },
  toggle: true,
});

/** An operation group: a named set of definitions an operation (order, job) uses. */
export const operationCustomFieldGroupCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  definitions: customFieldDefinitionListSchema,
});
export const operationCustomFieldGroupSchema = z.object({
  ...entityBase,
  name: z.string(),
  definitions: z.array(customFieldDefinitionSchema),
});
export type OperationCustomFieldGroup = z.infer<typeof operationCustomFieldGroupSchema>;

export const operationCustomFieldGroupResource = defineResource({
  name: 'operation_custom_field_group',
  path: '/custom-fields/operation/groups',
  title: 'customFields.operationGroups.title',
  itemTitle: 'customFields.operationGroups.item',
  titles: { ru: 'Группы пользовательских полей операций', en: 'Operation custom field groups' },
  entity: operationCustomFieldGroupSchema,
  create: operationCustomFieldGroupCreateSchema,
  fields: [
    {
      name: 'name',
      type: 'text',
      label: 'customFields.fields.groupName',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'wide',
    },
    {
      name: 'definitions',
      type: 'json',
      label: 'customFields.fields.definitions',
    },
    updatedAtField,
  ],
  roles: { view: ['ROLE_SETTINGS_CUSTOM_FIELDS'], edit: ['ROLE_SETTINGS_CUSTOM_FIELDS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
});
