import { z } from 'zod';
import { listQuerySchema, listResultSchema } from '../common/list';
import { OPERATION_ROLES } from '../operations/actor';
import type { Role } from '../permissions';

/**
 * The EAEU commodity classifier (ТН ВЭД ЕАЭС, docs/customs.md "TNVED"): sections (TNVED1), groups (TNVED2),
 * headings (TNVED3) and 10-digit codes (TNVED4) of the FNS distribution, each version with its validity.
 */
export const TNVED_LEVELS = ['section', 'group', 'heading', 'code'] as const;
export type TnvedLevel = (typeof TNVED_LEVELS)[number];

/** The screen's route (spec routes.txt) and the API's list. */
export const TNVED_LIBRARY_PATH = '/tnved-library';

/** Who reads the library (whoever files customs work or enters cargo codes) and who loads a new edition. */
export const TNVED_ROLES = {
  view: [
    'ROLE_CUSTOMS_POINT_VIEW',
    'ROLE_CUSTOMS_POINT_EDIT',
    'ROLE_CUSTOMS_SETTINGS',
    'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
    'ROLE_REQUEST_TNVED_COMMENT',
    ...OPERATION_ROLES.order.edit,
  ],
  load: ['ROLE_CUSTOMS_SETTINGS'],
} as const satisfies Record<string, readonly Role[]>;

/** The distribution is a zip of four small text files (about 5 MB unpacked in 2023). */
export const MAX_TNVED_ZIP_BYTES = 20 * 1024 * 1024;
/** Most bytes the archive may unpack to, and most lines one file may hold (TNVED4 has ~25,000 with history). */
export const MAX_TNVED_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_TNVED_LINES = 200_000;

/** "8517130000" printed as the classifier prints it: "8517 13 000 0"; other lengths as they are. */
export function formatTnvedCode(code: string): string {
  if (!/^\d{10}$/.test(code)) return code;
  return `${code.slice(0, 4)} ${code.slice(4, 6)} ${code.slice(6, 9)} ${code.slice(9)}`;
}

/** How deep a code's line sits under its heading: the dashes its name starts with ("- - смартфоны": 2). */
export function tnvedDepth(name: string): number {
  const dashes = /^(?:-\s*)+/.exec(name.replace(/\u00a0/g, ' '));
  return dashes ? (dashes[0].match(/-/g)?.length ?? 0) : 0;
}

/** The name without its level dashes and with plain spaces (the files carry no-break spaces). */
export function tnvedPlainName(name: string): string {
  return name
    .replace(/\u00a0/g, ' ')
    .replace(/^(?:-\s*)+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A search text that is a code or its start ("8517", "8517 13"): digits and spaces only. */
export function tnvedCodePrefix(search: string): string | null {
  const trimmed = search.trim();
  return /^[\d\s]+$/.test(trimmed) ? trimmed.replace(/\s+/g, '') : null;
}

/** Whether a version valid from `validFrom` to `validTo` (inclusive; null: still valid) holds on `date`. */
export function tnvedValidOn(version: { validFrom: string; validTo: string | null }, date: string): boolean {
  return version.validFrom <= date && (version.validTo === null || version.validTo >= date);
}

/**
 * A bad file's errors go under `files.<TNVED1..4>.lines.<line>` (the archive's own under `file`), so each
 * names its file and line; the texts stay stable English, translated by the web (`messages.json`).
 */
export const TNVED_MESSAGES = {
  notZip: 'The file is not the TNVED.ZIP archive of the classifier.',
  fileMissing: 'The archive lacks one of the files TNVED1.TXT to TNVED4.TXT.',
  encoding: 'The text is not in the DOS 866 encoding of the classifier.',
  header: 'The first line must read version|YYYYMMDD.',
  fields: 'The line does not have the fields of this file separated by |.',
  code: 'The code is not of the classifier form.',
  date: 'The date is not DD.MM.YYYY.',
  period: 'The validity ends before it starts.',
  cut: 'The file ends in the middle of a line: it was cut short.',
  duplicate: 'The same code and start date are on an earlier line.',
  tooManyLines: 'The file has more lines than the classifier has.',
  unknownCode: 'This TNVED code is not in the classifier.',
  expiredCode: 'This TNVED code is no longer valid.',
  notValidOnDeclarationDate: 'This TNVED code is not valid on the declaration date.',
  fileName: 'Choose TNVED.ZIP, or its files TNVED1.TXT to TNVED4.TXT, each once.',
} as const;
export type TnvedMessage = (typeof TNVED_MESSAGES)[keyof typeof TNVED_MESSAGES];

/**
 * A load of the classifier in the job queue (`POST /api/customs/tnved/jobs`): the caller's temporary uploads,
 * TNVED.ZIP or its text files TNVED1..4.TXT.
 */
export const tnvedLoadJobSchema = z
  .object({ fileIds: z.array(z.number().int().positive()).min(1).max(4) })
  .strict();

/** One version of a classifier entry as the library lists it. */
export const tnvedEntrySchema = z.object({
  id: z.number().int(),
  level: z.enum(TNVED_LEVELS),
  code: z.string(),
  /** The section of a group, the group of a heading, the heading of a code. */
  parentCode: z.string().nullable(),
  name: z.string(),
  /** Dashes before a code's name: its level under the heading (0 for sections, groups and headings). */
  depth: z.number().int(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** Valid today (the server's date). */
  current: z.boolean(),
  /** How many versions the entry has had (editions since 2002). */
  versions: z.number().int(),
});
export type TnvedEntry = z.infer<typeof tnvedEntrySchema>;

export const TNVED_VALIDITIES = ['current', 'expired', 'all'] as const;

export const tnvedListQuerySchema = listQuerySchema
  .pick({ page: true, itemsPerPage: true, search: true })
  .extend({
    level: z.enum(TNVED_LEVELS).optional(),
    validity: z.enum(TNVED_VALIDITIES).default('current'),
  })
  .strict();
export type TnvedListQuery = z.infer<typeof tnvedListQuerySchema>;

export const tnvedListSchema = listResultSchema(tnvedEntrySchema);

/** The versions of one entry, newest first. */
export const tnvedHistorySchema = z.array(tnvedEntrySchema.omit({ versions: true }));

/** What the library holds: the editions loaded (each file's version and date) and the counts. */
export const tnvedStateSchema = z.object({
  loaded: z.boolean(),
  files: z.array(z.object({ file: z.string(), version: z.string(), date: z.string() })),
  loadedAt: z.string().nullable(),
  codes: z.number().int(),
});
export type TnvedState = z.infer<typeof tnvedStateSchema>;

export const tnvedImportSummarySchema = z.object({
  versions: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type TnvedImportSummary = z.infer<typeof tnvedImportSummarySchema>;
