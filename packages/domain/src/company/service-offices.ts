import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** An IPv4/IPv6 address or CIDR range of an office network. */
export const ipAddressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** An office of the company; its addresses back the "office only" sign-in restriction of users. */
export const serviceOfficeResource = declareResource({
  name: 'service_office',
  path: DECLARED_SCREENS.serviceOfficeResource.path,
  title: 'settings.serviceOffices.title',
  itemTitle: 'settings.serviceOffices.item',
  keys: 'settings.serviceOffices',
  fields: {
    name: f.name(),
    code: f.code().input(z.string().trim().max(64)).optional(),
    address: f.textarea({ max: 1000 }).optional().listed().searchable().sortable(),
    ipAddresses: f.of('tags', z.array(ipAddressOrRange).max(500), z.array(z.string())).defaulted().listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Every user works in an office and picks offices in orders, jobs and users' forms: everyone signed in
  // reads the list (the menu shows the screen to its editors only).
  roles: { view: [], edit: ['ROLE_SETTINGS_SERVICE_OFFICES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const serviceOfficeCreateSchema = serviceOfficeResource.create;
export const serviceOfficeSchema = serviceOfficeResource.entity;
export type ServiceOffice = z.infer<typeof serviceOfficeSchema>;
