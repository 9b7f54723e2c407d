import { z } from 'zod';
import {
  codeField,
  dictionaryCode,
  dictionaryName,
  dictionaryNameEn,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase, type LocalizedText } from '../common/resource';

/** How a value of this type is checked and opened (mailto:, tel:, a link). */
export const CONTACT_INFO_FORMATS = ['phone', 'email', 'url', 'messenger', 'text'] as const;
export type ContactInfoFormat = (typeof CONTACT_INFO_FORMATS)[number];
export const CONTACT_INFO_FORMAT_LABELS: Readonly<Record<ContactInfoFormat, LocalizedText>> = {
  phone: { ru: 'Телефон', en: 'Phone' },
  email: { ru: 'Эл. почта', en: 'Email' },
  url: { ru: 'Ссылка', en: 'Link' },
  messenger: { ru: 'Мессенджер', en: 'Messenger' },
  text: { ru: 'Текст', en: 'Text' },
};

/** A kind of contact detail a contact may have: phone, email, Telegram, ... */
export const contactInfoTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  format: z.enum(CONTACT_INFO_FORMATS),
});
export const contactInfoTypeSchema = z.object({
  ...entityBase,
  ...contactInfoTypeCreateSchema.shape,
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});
export type ContactInfoType = z.infer<typeof contactInfoTypeSchema>;

export const contactInfoTypeResource = defineResource({
  name: 'contact_info_type',
  path: '/settings/contact-info-types',
  title: 'settings.contactInfoTypes.title',
  itemTitle: 'settings.contactInfoTypes.item',
  titles: { ru: 'Типы контактной информации', en: 'Contact info types' },
  entity: contactInfoTypeSchema,
  create: contactInfoTypeCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'format',
      type: 'enum',
      label: 'settings.contactInfoTypes.formatLabel',
      optionsKey: 'settings.contactInfoTypes.format',
      options: CONTACT_INFO_FORMATS,
      optionLabels: CONTACT_INFO_FORMAT_LABELS,
      listed: true,
      filterable: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_CONTACT_INFO_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt has no "new" screen: the web edits the loaded types; the API can still add one.
  screens: { create: false, edit: true },
});
