import { z } from 'zod';
import { bankStatementErrorSchema } from './bank-statement';
import { PAYMENT_DIRECTIONS } from './payments';

/** Stable English messages of the statement import; the web translates them in messages.json. */
export const STATEMENT_IMPORT_MESSAGES = {
  noPaymentForm: 'No payment form of ours has this account.',
  decisionLine: 'The statement has no payment on this line.',
} as const;

/**
 * What becomes of a statement's line: `matched` (to the bill it names by number, or the one open bill of
 * its counterparty with exactly its amount), `unmatched` (imported unlinked unless assigned), `duplicate`
 * (imported before: its fingerprint is stored), `internal` (between two of our accounts: no payment).
 */
export const STATEMENT_LINE_STATUSES = ['matched', 'unmatched', 'duplicate', 'internal'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

export const statementLineSchema = z.object({
  /** The line of the document's `СекцияДокумент=`: names the line in decisions and errors. */
  line: z.number().int(),
  number: z.string(),
  date: z.iso.date(),
  amount: z.string(),
  direction: z.enum(Object.keys(PAYMENT_DIRECTIONS) as [keyof typeof PAYMENT_DIRECTIONS]).nullable(),
  paymentFormId: z.number().int().nullable(),
  currencyCode: z.string().nullable(),
  counterpartyId: z.number().int().nullable(),
  /** The other party as the bank names it, and its INN (text: leading zeros kept). */
  partyName: z.string(),
  partyInn: z.string(),
  purpose: z.string(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  billId: z.number().int().nullable(),
  billNumber: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * The review of a statement: its lines as they would be imported, or the file's errors by line (the first
 * `MAX_FILE_ERRORS`, and how many in all).
 */
export const statementReviewSchema = z.object({
  lines: z.array(statementLineSchema),
  errors: z.array(bankStatementErrorSchema),
  errorCount: z.number().int(),
});
export type StatementReview = z.infer<typeof statementReviewSchema>;

/**
 * The person's word on a line, sent with the file again at the import: link it to another bill, import
 * it unlinked, or skip it. Lines without one are imported as reviewed (matched: linked; unmatched: unlinked).
 */
export const statementDecisionSchema = z.object({
  line: z.number().int().positive(),
  action: z.enum(['link', 'unlinked', 'skip']),
  billId: z.number().int().positive().optional(),
});
export const statementDecisionsSchema = z.array(statementDecisionSchema).max(10_000);
export type StatementDecision = z.infer<typeof statementDecisionSchema>;

export const statementImportResultSchema = z.object({
  created: z.number().int(),
  linked: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;
