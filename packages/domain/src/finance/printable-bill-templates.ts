import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { legalEntityResource } from '../company/legal-entities';
import { DECLARED_SCREENS } from '../screens';

/** The language a printable bill is printed in (its headings and its total in words). */
export const PRINTABLE_BILL_LANGUAGES = {
  ru: { ru: 'Русский', en: 'Russian' },
  en: { ru: 'Английский', en: 'English' },
} as const;
export type PrintableBillLanguage = keyof typeof PRINTABLE_BILL_LANGUAGES;

/**
 * How a company's printable bills look (spec §2 `/finances/printable-bill-templates`): the language, the
 * heading instead of "Счёт на оплату", the terms printed under the total and the signers' names. The layout
 * itself is the Russian invoice's (docs/finance.md "Printable bill PDF"); a template without a legal entity
 * serves every company.
 */
export const printableBillTemplateResource = declareResource({
  name: 'printable_bill_template',
  path: DECLARED_SCREENS.printableBillTemplateResource.path,
  title: 'settings.printableBillTemplates.title',
  itemTitle: 'settings.printableBillTemplates.item',
  keys: 'settings.printableBillTemplates',
  fields: {
    name: f.name(),
    legalEntityId: f.reference(legalEntityResource).optional().listed().filterable(),
    language: f.enum(PRINTABLE_BILL_LANGUAGES).listed().filterable(),
    heading: f.text({ max: 200 }).optional(),
    terms: f.textarea({ max: 4000 }).optional(),
    directorName: f.text({ max: 200 }).optional().listed(),
    accountantName: f.text({ max: 200 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Whoever makes or reads printable bills picks a template; only their keepers change them.
  roles: {
    view: [
      'ROLE_PRINTABLE_BILL_TEMPLATES',
      'ROLE_PRINTABLE_BILL_VIEW',
      'ROLE_PRINTABLE_BILL_CREATE',
      'ROLE_PRINTABLE_BILL_EDIT',
    ],
    edit: ['ROLE_PRINTABLE_BILL_TEMPLATES'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const printableBillTemplateCreateSchema = printableBillTemplateResource.create;
export const printableBillTemplateSchema = printableBillTemplateResource.entity;
export type PrintableBillTemplate = z.infer<typeof printableBillTemplateSchema>;
