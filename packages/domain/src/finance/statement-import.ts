import { z } from 'zod';
import { bankStatementErrorSchema, bankStatementPartySchema } from './bank-statement';
import { PAYMENT_DIRECTIONS } from './payments';

/** Stable English messages of the statement import; the web translates them in messages.json. */
export const STATEMENT_IMPORT_MESSAGES = {
  noPaymentForm: 'No payment form of ours has this account.',
  decisionLine: 'The statement has no payment on this line.',
  counterpartyChoice: 'Choose the counterparty to take or create, not both.',
  counterpartyKnown: 'The line has its counterparty already.',
  balanceNotOurs:
    "The balance section's account is none of our payment forms: its balances are shown, not checked.",
} as const;

/**
 * Why an unmatched line has no bill: no counterparty has the other party's INN, the counterparty has no open
 * bill of the line's direction and currency, or its open bills' balances differ from the amount and the purpose
 * names none of them.
 */
export const STATEMENT_UNMATCHED_REASONS = ['noCounterparty', 'noOpenBill', 'amountDiffers'] as const;
export type StatementUnmatchedReason = (typeof STATEMENT_UNMATCHED_REASONS)[number];

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
  /** The other party's details as the statement gives them: what a counterparty created from the line takes. */
  party: bankStatementPartySchema,
  purpose: z.string(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  /** Why an unmatched line has no bill; null otherwise. */
  reason: z.enum(STATEMENT_UNMATCHED_REASONS).nullable(),
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
  /** What the file holds that is not imported and not refused (a balance section of another account). */
  warnings: z.array(bankStatementErrorSchema),
  errorCount: z.number().int(),
});
export type StatementReview = z.infer<typeof statementReviewSchema>;

/**
 * The counterparty of a line no counterparty's INN matched: an existing one (`counterpartyId`), or one created
 * in the import from the statement's details (`create`; `name` may replace the bank's spelling). Lines of one
 * INN and KPP created in one import make one counterparty.
 */
export const statementCounterpartySchema = z
  .object({
    counterpartyId: z.number().int().positive().optional(),
    create: z
      .object({ name: z.string().trim().min(1).max(255).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type StatementCounterparty = z.infer<typeof statementCounterpartySchema>;

/**
 * The person's word on a line, sent with the file again at the import: link it to another bill, import
 * it unlinked, or skip it; a line without a counterparty may be given one (`counterparty`). Lines without a
 * decision are imported as reviewed (matched: linked; unmatched: unlinked).
 */
export const statementDecisionSchema = z.object({
  line: z.number().int().positive(),
  action: z.enum(['link', 'unlinked', 'skip']),
  billId: z.number().int().positive().optional(),
  counterparty: statementCounterpartySchema.optional(),
});
export const statementDecisionsSchema = z.array(statementDecisionSchema).max(10_000);
export type StatementDecision = z.infer<typeof statementDecisionSchema>;

export const statementImportResultSchema = z.object({
  created: z.number().int(),
  linked: z.number().int(),
  /** Counterparties created from the statement's details. */
  counterparties: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;
