import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  customFieldDefinitionInputShape,
  customFieldDefinitionListSchema,
  customFieldDefinitionSchema,
} from './definitions';

/** Where definitions live: the customer request's one set, or an operation group's set. */
export type CustomFieldScope = { kind: 'customer-request' } | { kind: 'operation-group'; groupId: number };

/** The members of a stored definition: the create body's, and the entity's with their defaults filled. */
const input = customFieldDefinitionInputShape;
const stored = (customFieldDefinitionSchema as unknown as z.ZodObject).shape as Record<
  keyof typeof input,
  z.ZodType
>;
/** A member of a definition that the generated screens do not show (the definition form edits it). */
const member = (name: keyof typeof input) => f.of('json', input[name], stored[name]).schemaOnly();

/** A customer request's custom field definition, one record each (/custom-fields/customer-request). */
export const customerRequestCustomFieldResource = declareResource({
  name: 'customer_request_custom_field',
  path: '/custom-fields/customer-request',
  title: 'customFields.customerRequest.title',
  itemTitle: 'customFields.customerRequest.item',
  keys: 'customFields.fields',
  fields: {
    code: f.of('text', input.code, stored.code).listed().searchable().sortable().width('short'),
    description: f
      .of('text', input.description, stored.description)
      .listed()
      .searchable()
      .sortable()
      .width('wide'),
    descriptionEn: f.of('text', input.descriptionEn, stored.descriptionEn).searchable().sortable(),
    type: f
      .enum(CUSTOM_FIELD_TYPES)
      .label('customFields.typesLabel')
      .optionsKey('customFields.types')
      .listed()
      .filterable()
      .sortable(),
    required: f.of('boolean', input.required, stored.required).listed().filterable().sortable(),
    position: f.of('integer', input.position, stored.position).listed().sortable(),
    enabled: f.enabled().input(input.enabled).output(stored.enabled),
    updatedAt: f.updatedAt(),
    defaultValue: member('defaultValue'),
    emptyText: member('emptyText'),
    options: member('options'),
    optionsUrl: member('optionsUrl'),
    selectedUrl: member('selectedUrl'),
    multiple: member('multiple'),
    additionalOptions: member('additionalOptions'),
    warnIfEmpty: member('warnIfEmpty'),
    notEditableAfterCreation: member('notEditableAfterCreation'),
    inheritOnCopy: member('inheritOnCopy'),
    inheritOnJobCreation: member('inheritOnJobCreation'),
    blockArchiveIfEmpty: member('blockArchiveIfEmpty'),
    searchDisplay: member('searchDisplay'),
    strictFilter: member('strictFilter'),
    storageType: member('storageType'),
    children: member('children'),
  },
  // Read by everyone who fills a request or an operation form; changed in the settings only.
  roles: { view: [], edit: ['ROLE_SETTINGS_CUSTOM_FIELDS'] },
  labelField: 'description',
  defaultSort: { field: 'position', order: 'asc' },
  toggle: true,
});
export const customerRequestCustomFieldCreateSchema = customerRequestCustomFieldResource.create;
export const customerRequestCustomFieldSchema = customerRequestCustomFieldResource.entity;
export type CustomerRequestCustomField = CustomFieldDefinition & {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** An operation group: a named set of definitions an operation (order, job) uses. */
export const operationCustomFieldGroupResource = declareResource({
  name: 'operation_custom_field_group',
  path: '/custom-fields/operation/groups',
  title: 'customFields.operationGroups.title',
  itemTitle: 'customFields.operationGroups.item',
  keys: 'customFields.fields',
  fields: {
    name: f.text().label('customFields.fields.groupName').listed().searchable().sortable().width('wide'),
    definitions: f.of('json', customFieldDefinitionListSchema, z.array(customFieldDefinitionSchema)),
    updatedAt: f.updatedAt(),
  },
  // Read by everyone who fills a request or an operation form; changed in the settings only.
  roles: { view: [], edit: ['ROLE_SETTINGS_CUSTOM_FIELDS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
});
export const operationCustomFieldGroupCreateSchema = operationCustomFieldGroupResource.create;
export const operationCustomFieldGroupSchema = operationCustomFieldGroupResource.entity;
export type OperationCustomFieldGroup = z.infer<typeof operationCustomFieldGroupSchema>;
