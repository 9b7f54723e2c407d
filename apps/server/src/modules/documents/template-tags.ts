import type { InitiatorField, TemplateTagWarning } from '@tms/domain';
import PizZip from 'pizzip';

/**
 * The tags a template uses and where, read from the Word parts a user writes in (the body, headers and
 * footers), paragraph by paragraph: Word splits a tag typed in one go over several runs, so a paragraph's
 * text is read whole. Loops (`{#route}…{/route}`) open a scope whose tags are the loop's items.
 */

export interface TemplateTag {
  tag: string;
  /** The loop the tag is inside (its innermost), or null at the top. */
  loop: string | null;
  /** Whether the tag opens a loop or a condition (`{#x}`, `{^x}`). */
  opens: boolean;
  part: TemplateTagWarning['part'];
  /** 1-based, within the part. */
  paragraph: number;
}

const PARTS: readonly [RegExp, TemplateTag['part']][] = [
  [/^word\/document\.xml$/, 'body'],
  [/^word\/header\d*\.xml$/, 'header'],
  [/^word\/footer\d*\.xml$/, 'footer'],
];

const partOf = (name: string) => PARTS.find(([pattern]) => pattern.test(name))?.[1];

/** Every tag of the template in reading order (the body first, then headers, then footers). */
export function templateTags(zip: Buffer): TemplateTag[] {
  const archive = new PizZip(zip);
  const names = Object.keys(archive.files)
    .filter((name) => partOf(name))
    .sort(
      (a, b) =>
        PARTS.findIndex(([p]) => p.test(a)) - PARTS.findIndex(([p]) => p.test(b)) || a.localeCompare(b),
    );
  const found: TemplateTag[] = [];
  for (const name of names) {
    const part = partOf(name)!;
    const xml = archive.file(name)?.asText() ?? '';
    const loops: string[] = [];
    const paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
    paragraphs.forEach((paragraph, index) => {
      const text = (paragraph.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>/g) ?? [])
        .map((run) => run.replace(/<[^>]+>/g, ''))
        .join('');
      for (const [, sign, raw] of text.matchAll(/\{([#/^]?)\s*([^{}]*?)\s*\}/g)) {
        const tag = raw!;
        if (!tag || tag === '.') continue;
        if (sign === '/') {
          const at = loops.lastIndexOf(tag);
          if (at >= 0) loops.splice(at);
          continue;
        }
        found.push({ tag, loop: loops.at(-1) ?? null, opens: sign !== '', part, paragraph: index + 1 });
        if (sign) loops.push(tag);
      }
    });
  }
  return found;
}

/**
 * The tags no field of the initiator prints (a typo such as `{orderNumbr}`), each named once with where it
 * is first used. A tag inside a loop may be the loop's item or any field above it, as docxtemplater reads it.
 */
export function unknownTags(zip: Buffer, fields: readonly InitiatorField[]): TemplateTagWarning[] {
  const top = new Map(fields.map((field) => [field.tag, field]));
  const warnings: TemplateTagWarning[] = [];
  const seen = new Set<string>();
  for (const { tag, loop, opens, part, paragraph } of templateTags(zip)) {
    const items = loop === null ? undefined : top.get(loop)?.items;
    const known = top.has(tag) || (items?.some((item) => item.tag === tag) ?? false);
    // A loop of no known field is warned about itself; its items are then unknown but say nothing new.
    const insideUnknownLoop = loop !== null && !top.has(loop);
    if (known || insideUnknownLoop) continue;
    const key = `${loop ?? ''}/${tag}`;
    if (seen.has(key)) continue;
    seen.add(key);
    warnings.push({ tag: opens ? `#${tag}` : tag, loop, part, paragraph });
  }
  return warnings;
}
