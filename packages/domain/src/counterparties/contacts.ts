import { z } from 'zod';
import { enabledField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyIdField } from './counterparty';
import { emailListSchema, latinCyrillicTextSchema, primaryEmailSchema } from './schemas';

/** One contact detail of a configured type (`/settings/contact-info-types`): a Telegram name, a phone, ... */
export const contactInfoSchema = z.object({
  typeId: z.number().int().positive(),
  value: z.string().trim().min(1).max(255),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** A person at a counterparty we deal with (spec §3 Contact). */
export const counterpartyContactCreateSchema = z.object({
  counterpartyId: z.number().int().positive(),
  name: latinCyrillicTextSchema.min(1).max(255),
  position: z.string().trim().max(255).nullable().optional(),
  email: primaryEmailSchema.max(254).nullable().optional(),
  emails: emailListSchema.max(2000).nullable().optional(),
  phone: z.string().trim().max(64).nullable().optional(),
  contactInfos: z.array(contactInfoSchema).max(50).optional(),
  comment: z.string().trim().max(4000).nullable().optional(),
});
export const counterpartyContactSchema = z.object({
  ...entityBase,
  counterpartyId: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  emails: z.string().nullable(),
  phone: z.string().nullable(),
  contactInfos: z.array(z.object({ typeId: z.number().int(), value: z.string() })),
  comment: z.string().nullable(),
  enabled: z.boolean(),
});
export type CounterpartyContact = z.infer<typeof counterpartyContactSchema>;

const field = (name: string) => ({
  name,
  label: `counterparties.contacts.${name}`,
});

export const counterpartyContactResource = defineResource({
  name: 'counterparty_contact',
  path: '/counterparty-contacts',
  title: 'counterparties.contacts.title',
  itemTitle: 'counterparties.contacts.item',
  titles: { ru: 'Контакты контрагентов', en: 'Counterparty contacts' },
  entity: counterpartyContactSchema,
  create: counterpartyContactCreateSchema,
  fields: [
    counterpartyIdField,
    { ...field('name'), type: 'text', listed: true, searchable: true, sortable: true },
    { ...field('position'), type: 'text', listed: true, searchable: true },
    { ...field('email'), type: 'email', listed: true, searchable: true },
    { ...field('emails'), type: 'text' },
    { ...field('phone'), type: 'text', listed: true, searchable: true },
    { ...field('contactInfos'), type: 'json' },
    { ...field('comment'), type: 'textarea' },
    enabledField,
    updatedAtField,
  ],
  roles: COUNTERPARTY_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: false, edit: false },
});
