import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExportLanguage, textKeyParts } from '@tms/domain';

/**
 * The web's dictionaries (`apps/web/src/locales/<lang>/<namespace>.json`), read by the server where it
 * writes texts people read (XLSX export headers): one source for every label, no copies in descriptors.
 * Found by walking up from this file, so it works from the sources and from the bundle in `dist/`.
 */
function localesDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'apps', 'web', 'src', 'locales');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

let root: string | null | undefined;
const dictionaries = new Map<string, Record<string, unknown>>();

function dictionary(lang: ExportLanguage, ns: string): Record<string, unknown> {
  const name = `${lang}/${ns}`;
  let found = dictionaries.get(name);
  if (!found) {
    if (root === undefined) root = localesDir();
    const file = root && path.join(root, lang, `${ns}.json`);
    found =
      file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    dictionaries.set(name, found);
  }
  return found;
}

/** The text of a descriptor's key (`settings.currencies.numericCode`) in `lang`, or undefined. */
export function textOf(key: string, lang: ExportLanguage): string | undefined {
  const { ns, key: inner } = textKeyParts(key);
  let node: unknown = dictionary(lang, ns);
  for (const part of inner.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}
