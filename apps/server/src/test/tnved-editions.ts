import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';

/**
 * The real slice of the FNS files (modules/customs/tnved/fixtures/README.md), cp866 bytes as published, and
 * the editions the TNVED tests load from it.
 */
export const TNVED_FILES = ['TNVED1', 'TNVED2', 'TNVED3', 'TNVED4'] as const;
export type TnvedFiles = Record<(typeof TNVED_FILES)[number], Buffer>;

export const tnvedFixture = Object.fromEntries(
  TNVED_FILES.map((f) => [
    f,
    readFileSync(new URL(`../modules/customs/tnved/fixtures/${f}.TXT`, import.meta.url)),
  ]),
) as TnvedFiles;

/** The four files as TNVED.ZIP. */
export const tnvedZipOf = (files: TnvedFiles) => {
  const zip = new PizZip();
  for (const f of TNVED_FILES) zip.file(`${f}.TXT`, files[f]);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

/** DOS 866 bytes as text. */
export const cp866Text = (bytes: Buffer) => new TextDecoder('ibm866').decode(bytes);

/** Text back to DOS 866 bytes (the fixture's characters are all in the code page). */
export const cp866 = (() => {
  const table = new Map<string, number>();
  const decoded = new TextDecoder('ibm866').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  for (const [byte, char] of [...decoded].entries()) table.set(char, byte);
  return (text: string) => Buffer.from([...text].map((char) => table.get(char) ?? 0x3f));
})();

/**
 * The edition before 2022 as the same files would have read then: the versions that start in 2022 not yet
 * there, those closed at the end of 2021 still open, an older header. In it 7318290009 is valid and
 * 7318290008 does not exist; the fixture itself closes 7318290009 on 31.12.2021 and opens 7318290008 on
 * 01.01.2022.
 */
export function tnvedEdition2021(): TnvedFiles {
  const out = {} as TnvedFiles;
  for (const f of TNVED_FILES) {
    const [header, ...lines] = cp866Text(tnvedFixture[f]).split('\r\n');
    const kept = lines
      .filter((line) => line && !/\|\d{2}\.\d{2}\.(2022|2023)\|/.test(line))
      .map((line) => line.replace(/\|31\.12\.2021\|$/, '||'));
    out[f] = cp866(`${header!.replace(/^\d+\|\d{8}/, '001|20210101')}\r\n${kept.join('\r\n')}\r\n`);
  }
  return out;
}
