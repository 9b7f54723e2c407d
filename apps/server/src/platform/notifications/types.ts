import {
  can,
  type ExportLanguage,
  isScopedPermission,
  type LocalizedText,
  type NotificationScope,
  type Permission,
  scopeOf,
} from '@tms/domain';
import { textOf } from '../i18n/dictionaries';

/**
 * A kind of notification a module raises (`notifications` of its definition). Its texts are
 * `notifications:types.<name>.title` (the settings screen) and `.content` (the message: `{{param}}`
 * placeholders and `%%slug%%` link markers) in both languages.
 */
export interface NotificationType {
  /**
   * The records the events are about: the widest scope of this permission a user holds caps how widely
   * they may follow the type (own → direct, related → related, an office scope → office, all → global);
   * a plain role: anything when held. Nobody hears of records they may not read.
   */
  permission: Permission;
  defaultScope: NotificationScope;
  /** A Mantine colour name for the item's accent. */
  colour?: string;
  /**
   * A burst of this type is one notification ("12 new requests"): raised for a user whose last one of the
   * type is unread, not mailed yet and at most `windowMinutes` old, it becomes that one, counted, with the
   * newest event's parameters and links, dated now. Its text is `types.<name>.grouped` (plural forms by
   * `count`).
   */
  burst?: { windowMinutes: number };
}

const SCOPE_CAP: Record<string, NotificationScope> = {
  own: 'direct',
  related: 'related',
  office: 'office',
  managerOffice: 'office',
  paymentFormOffice: 'office',
  subordinates: 'office',
  all: 'global',
};

/** The widest scope a user holding `roles` may follow a type with. */
export function maxScopeOf(roles: ReadonlySet<string>, type: NotificationType): NotificationScope {
  if (isScopedPermission(type.permission)) {
    const scope = scopeOf(roles, type.permission);
    return scope ? SCOPE_CAP[scope]! : 'off';
  }
  return can(roles, type.permission) ? 'global' : 'off';
}

export const languageOf = (locale: string | null | undefined): ExportLanguage =>
  locale?.toLowerCase().startsWith('en') ? 'en' : 'ru';

/**
 * The text of a grouped notification (`count` events of a burst) in a language: `grouped_<plural form>`,
 * the form of the count by the language's rules ("21 новый", "22 новых запроса", "25 новых запросов").
 */
function groupedText(type: string, count: number, lang: ExportLanguage): string | undefined {
  const form = new Intl.PluralRules(lang).select(count);
  return (
    textOf(`notifications.types.${type}.grouped_${form}`, lang) ??
    textOf(`notifications.types.${type}.grouped_other`, lang)
  );
}

/**
 * The content of a notification in a language: the type's text with its parameters filled in; a burst's
 * (a `count` parameter) its grouped text.
 */
export function renderContent(
  type: string,
  params: Record<string, string | LocalizedText>,
  lang: ExportLanguage,
): string {
  const count = typeof params.count === 'string' ? Number(params.count) : 1;
  const text =
    (count > 1 ? groupedText(type, count, lang) : undefined) ??
    textOf(`notifications.types.${type}.content`, lang) ??
    type;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? '' : typeof value === 'string' ? value : value[lang];
  });
}

/**
 * A piece of a notification's content that is there only sometimes (`notifications:reason`, "; reason:
 * {{value}}"), in both languages, for a parameter: its `{{value}}` filled with the value in that language.
 */
export function localizedText(key: string, value: LocalizedText): LocalizedText {
  const fill = (lang: ExportLanguage) =>
    (textOf(key, lang) ?? '').replace(/\{\{\s*value\s*\}\}/g, value[lang]);
  return { ru: fill('ru'), en: fill('en') };
}
