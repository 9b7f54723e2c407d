import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';

const FIXTURE = path.join('apps', 'server', 'src', 'modules', 'customs', 'tnved', 'fixtures');

/**
 * The slice of the FNS distribution beside this file (fixtures/README.md) zipped as TNVED.ZIP, or null when
 * the sources are not at hand. Found by walking up from this file, so it works from the sources and from
 * the bundle in `dist/` (as the locale files are, `platform/i18n/dictionaries.ts`).
 */
export function tnvedFixtureZip(): Buffer | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, FIXTURE);
    if (existsSync(candidate)) {
      const zip = new PizZip();
      for (const file of ['TNVED1', 'TNVED2', 'TNVED3', 'TNVED4']) {
        zip.file(`${file}.TXT`, readFileSync(path.join(candidate, `${file}.TXT`)));
      }
      return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
