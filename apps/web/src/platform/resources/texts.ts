import type { FieldDescriptor, ResourceDescriptor } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { i18next } from '../i18n';
import { type Language, namespacesOf, RESOURCES_NS, resolveText } from './logic';

const lookup = (lang: Language, ns: string, key: string) => i18next.getResource(lang, ns, key);

/** Loads every dictionary a resource's screens read; the route waits for it so titles never flash keys. */
export function loadResourceTexts(descriptor: ResourceDescriptor): Promise<void> {
  return i18next.loadNamespaces(namespacesOf(descriptor));
}

export interface ResourceTexts {
  lang: Language;
  /** Generic texts of the resource screens (`resources` namespace). */
  t: (key: string, options?: Record<string, unknown>) => string;
  title: string;
  itemTitle: string;
  label: (field: FieldDescriptor) => string;
  /** A text by its key in the dictionaries (`operations.filterGroups.parties`). */
  text: (key: string) => string;
  option: (field: FieldDescriptor, value: string) => string;
}

/**
 * The texts of a resource's screens: the descriptor's keys in the dictionaries (the option wording may fall
 * back to the descriptor's own `optionLabels`).
 */
export function useResourceTexts(descriptor: ResourceDescriptor): ResourceTexts {
  const { t, i18n } = useTranslation(namespacesOf(descriptor));
  const lang: Language = i18n.language === 'en' ? 'en' : 'ru';
  const title = resolveText(descriptor.title, lang, lookup);
  return {
    lang,
    t: (key, options) => String(t(key, { ns: RESOURCES_NS, ...options })),
    title,
    itemTitle: resolveText(descriptor.itemTitle, lang, lookup, undefined, title),
    label: (field) => resolveText(field.label, lang, lookup),
    text: (key) => resolveText(key, lang, lookup),
    option: (field, value) =>
      resolveText(
        `${field.optionsKey ?? field.label}.${value}`,
        lang,
        lookup,
        field.optionLabels?.[value],
        value,
      ),
  };
}
