import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Language = 'ru' | 'en';
export type Locale = 'ru-RU' | 'en-US';

/** The shell speaks Russian unless the user chose otherwise; the dictionary falls back to English. */
export const DEFAULT_LANGUAGE: Language = 'ru';
export const FALLBACK_LANGUAGE: Language = 'en';
const LANGUAGE_KEY = 'tms.language';

/** Namespaces every screen of the shell needs before its first paint. */
export const SHELL_NAMESPACES = ['common', 'shell', 'messages', 'nav'] as const;

export const localeToLanguage = (locale: string | null | undefined): Language =>
  locale?.toLowerCase().startsWith('en') ? 'en' : 'ru';
export const languageToLocale = (language: Language): Locale => (language === 'en' ? 'en-US' : 'ru-RU');

// Each dictionary file is its own small chunk, loaded when a screen first asks for its namespace.
const dictionaries = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = dictionaries[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return stored === 'en' || stored === 'ru' ? stored : DEFAULT_LANGUAGE;
}

export async function setupI18n(): Promise<typeof i18next> {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: ['ru', 'en'],
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * A stable English server message in the user's language: `messages` is keyed by the English text itself
 * (no key or namespace separators); an unknown message is shown as it came.
 */
export function translateServerMessage(message: string, params: Record<string, unknown> = {}): string {
  const options = { ns: 'messages', keySeparator: false, nsSeparator: false, ...params } as const;
  return i18next.exists(message, options) ? String(i18next.t(message, options)) : message;
}

export { i18next };
