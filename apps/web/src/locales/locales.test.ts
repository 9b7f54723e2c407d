import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as domain from '@tms/domain';
import { NAV_CATALOGUE, type NavEntry, PERMISSION_FAMILIES, type ResourceDescriptor } from '@tms/domain';
import { describe, expect, it } from 'vitest';

/**
 * Every text comes from the dictionaries here (`locales/<lang>/<namespace>.json`), in both languages: the
 * keys of the domain's descriptors, of the menu, and the literal keys of `t('...')` / `i18nKey="..."` in
 * the web's sources. A key `ns:key` is key `key` of namespace `ns`; a descriptor's `ns.key` likewise.
 */

const LANGUAGES = ['ru', 'en'] as const;
const here = import.meta.dirname;
const sourceRoot = path.resolve(here, '..');

const dictionaries = new Map<string, Record<string, unknown>>();
function dictionary(lang: string, ns: string): Record<string, unknown> {
  const name = `${lang}/${ns}`;
  if (!dictionaries.has(name)) {
    let content: Record<string, unknown> = {};
    try {
      content = JSON.parse(readFileSync(path.join(here, lang, `${ns}.json`), 'utf8'));
    } catch {
      // A namespace without a file has no keys.
    }
    dictionaries.set(name, content);
  }
  return dictionaries.get(name)!;
}

const valueAt = (lang: string, ns: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      dictionary(lang, ns),
    );

/** A text exists: the key itself, or its plural forms (`files_one`, `files_other`...). */
const hasText = (lang: string, ns: string, key: string) =>
  typeof valueAt(lang, ns, key) === 'string' || typeof valueAt(lang, ns, `${key}_other`) === 'string';

/** The languages in which a key has no text. */
const missingIn = (ns: string, key: string) => LANGUAGES.filter((lang) => !hasText(lang, ns, key));

const descriptorKey = (key: string) => domain.textKeyParts(key);

const descriptors = Object.values(domain as Record<string, unknown>).filter(
  (value): value is ResourceDescriptor =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ResourceDescriptor).path === 'string' &&
    Array.isArray((value as ResourceDescriptor).fields),
);

describe('dictionaries', () => {
  it('hold every key of the domain descriptors (titles, field labels, option values) in ru and en', () => {
    expect(descriptors.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const descriptor of descriptors) {
      const keys = [descriptor.title, descriptor.itemTitle];
      for (const field of descriptor.fields) {
        keys.push(field.label);
        if (field.options && !field.optionLabels) {
          for (const option of field.options) keys.push(`${field.optionsKey ?? field.label}.${option}`);
        }
      }
      for (const key of keys) {
        const { ns, key: inner } = descriptorKey(key);
        for (const lang of missingIn(ns, inner)) missing.push(`${lang} ${ns}:${inner} (${descriptor.name})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('hold every menu entry in ru and en', () => {
    const missing: string[] = [];
    const walk = (entries: readonly NavEntry[]) => {
      for (const entry of entries) {
        // A declared screen's entry is named by its resource's title key, in that resource's dictionary.
        const { ns, key } = domain.isNavKey(entry.name)
          ? { ns: 'nav', key: entry.name }
          : descriptorKey(entry.name);
        for (const lang of missingIn(ns, key)) missing.push(`${lang} ${ns}:${key}`);
        walk(entry.children ?? []);
      }
    };
    walk(NAV_CATALOGUE);
    expect(missing).toEqual([]);
  });

  it('have every permission and family labelled in ru and en', () => {
    const missing: string[] = [];
    for (const family of PERMISSION_FAMILIES) {
      for (const lang of LANGUAGES) if (!family.label[lang]) missing.push(`${lang} ${family.key}`);
      for (const permission of family.permissions) {
        for (const lang of LANGUAGES) if (!permission.label[lang]) missing.push(`${lang} ${permission.role}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('hold every code format message of the domain in ru and en', () => {
    const missing = Object.values(domain.CODE_MESSAGES).flatMap((message) =>
      LANGUAGES.filter((lang) => typeof dictionary(lang, 'messages')[message] !== 'string').map(
        (lang) => `${lang} ${message}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it("hold every literal t('...') and i18nKey of the web's sources in ru and en", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(sourceRoot)) {
      const text = readFileSync(file, 'utf8');
      const namespaces = namespacesOfFile(file, text);
      for (const key of literalKeys(text)) {
        checked++;
        const colon = key.indexOf(':');
        const candidates = colon > 0 ? [key.slice(0, colon)] : namespaces;
        const inner = colon > 0 ? key.slice(colon + 1) : key;
        const found = LANGUAGES.filter((lang) => candidates.some((ns) => hasText(lang, ns, inner)));
        for (const lang of LANGUAGES) {
          if (!found.includes(lang)) missing.push(`${lang} ${key} (${path.relative(sourceRoot, file)})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(missing).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Where a key without a namespace may live in a file: the namespaces its `useTranslation(...)` calls
 * name, `resources` where it reads a resource's texts (`texts.t`), its feature's own dictionary (logic
 * given the page's `t`) and the default `common`.
 */
function namespacesOfFile(file: string, text: string): string[] {
  const found = new Set(['common']);
  const feature = /features\/([^/]+)\//.exec(file.split(path.sep).join('/'))?.[1];
  if (feature) {
    found.add(feature);
    found.add(feature.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()));
  }
  for (const call of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const ns of call[1]!.matchAll(/'([^']+)'/g)) found.add(ns[1]!);
  }
  for (const option of text.matchAll(/\bns: '([^']+)'/g)) found.add(option[1]!);
  if (/\btexts\b|useResourceTexts|RESOURCES_NS/.test(text)) found.add('resources');
  return [...found];
}

/** The keys written out in full: `t('key'`, `t("key"`, `i18nKey="key"` (keys built at run time are skipped). */
function literalKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(/(?<![\w.$])(?:t|texts\.t)\(\s*(['"])([^'"`$\s{}]+)\1/g))
    keys.push(match[2]!);
  for (const match of text.matchAll(/i18nKey=(['"])([^'"]+)\1/g)) keys.push(match[2]!);
  return keys;
}
