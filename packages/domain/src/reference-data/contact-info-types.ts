import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { DECLARED_SCREENS } from '../screens';

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
export const contactInfoTypeResource = declareResource({
  name: 'contact_info_type',
  path: DECLARED_SCREENS.contactInfoTypeResource.path,
  title: 'settings.contactInfoTypes.title',
  itemTitle: 'settings.contactInfoTypes.item',
  keys: 'settings.contactInfoTypes',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    format: f
      .enum(CONTACT_INFO_FORMATS, CONTACT_INFO_FORMAT_LABELS)
      .label('settings.contactInfoTypes.formatLabel')
      .optionsKey('settings.contactInfoTypes.format')
      .listed()
      .filterable()
      .sortable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_CONTACT_INFO_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  // routes.txt has no "new" screen: the web edits the loaded types; the API can still add one.
  screens: { create: false, edit: true },
});
export const contactInfoTypeCreateSchema = contactInfoTypeResource.create;
export const contactInfoTypeSchema = contactInfoTypeResource.entity;
export type ContactInfoType = z.infer<typeof contactInfoTypeSchema>;
