import { z } from 'zod';
import { codeField, enabledField, nameField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** An IPv4/IPv6 address or CIDR range of an office network. */
export const ipAddressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** An office of the company; its addresses back the "office only" sign-in restriction of users. */
export const serviceOfficeCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  code: z.string().trim().max(64).nullable().optional(),
  address: z.string().trim().max(1000).nullable().optional(),
  ipAddresses: z.array(ipAddressOrRange).max(500).optional(),
});
export const serviceOfficeSchema = z.object({
  ...entityBase,
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  ipAddresses: z.array(z.string()),
  enabled: z.boolean(),
});
export type ServiceOffice = z.infer<typeof serviceOfficeSchema>;

export const serviceOfficeResource = defineResource({
  name: 'service_office',
  path: '/settings/service-offices',
  title: 'settings.serviceOffices.title',
  itemTitle: 'settings.serviceOffices.item',
  titles: { ru: 'Офисы обслуживания', en: 'Service offices' },
  entity: serviceOfficeSchema,
  create: serviceOfficeCreateSchema,
  fields: [
    nameField,
    codeField,
    {
      name: 'address',
      type: 'textarea',
      label: 'settings.serviceOffices.address',
      listed: true,
      searchable: true,
      sortable: true,
    },
    {
      name: 'ipAddresses',
      type: 'tags',
      label: 'settings.serviceOffices.ipAddresses',
      listed: true,
    },
    enabledField,
    updatedAtField,
  ],
  // Users' forms choose an office, so whoever manages users reads the list too.
  roles: {
    view: ['ROLE_SETTINGS_SERVICE_OFFICES', 'ROLE_USER_LIST', 'ROLE_USER_EDIT', 'ROLE_USER_CREATE'],
    edit: ['ROLE_SETTINGS_SERVICE_OFFICES'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
