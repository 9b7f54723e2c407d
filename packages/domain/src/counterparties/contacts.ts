import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { COUNTERPARTY_ROLES, counterpartyParent } from './counterparty';
import { emailListSchema, latinCyrillicTextSchema, primaryEmailSchema } from './schemas';

/** One contact detail of a configured type (`/settings/contact-info-types`): a Telegram name, a phone, ... */
export const contactInfoSchema = z.object({
  typeId: z.number().int().positive(),
  value: z.string().trim().min(1).max(255),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** A person at a counterparty we deal with (spec §3 Contact). */
export const counterpartyContactResource = declareResource({
  name: 'counterparty_contact',
  path: '/counterparty-contacts',
  title: 'counterparties.contacts.title',
  itemTitle: 'counterparties.contacts.item',
  keys: 'counterparties.contacts',
  fields: {
    counterpartyId: counterpartyParent(),
    name: f.text().input(latinCyrillicTextSchema.min(1).max(255)).listed().searchable().sortable(),
    position: f.text().optional().listed().searchable(),
    email: f.of('email', primaryEmailSchema.max(254), z.string()).optional().listed().searchable(),
    emails: f.text().input(emailListSchema.max(2000)).optional(),
    phone: f.text({ max: 64 }).optional().listed().searchable(),
    contactInfos: f
      .of(
        'json',
        z.array(contactInfoSchema).max(50),
        z.array(z.object({ typeId: z.number().int(), value: z.string() })),
      )
      .defaulted(),
    comment: f.textarea().optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: COUNTERPARTY_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type CounterpartyContact = z.infer<typeof counterpartyContactResource.entity>;
