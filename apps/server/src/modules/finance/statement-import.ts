import { createHash } from 'node:crypto';
import {
  type BankStatement,
  type BankStatementDocument,
  type BankStatementError,
  type BankStatementPreview,
  dataSchema,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  emptyTree,
  type ImportError,
  MESSAGES,
  MORE_FILE_ERRORS,
  type PaymentDirection,
  STATEMENT_IMPORT_MESSAGES,
  type StatementDecision,
  type StatementLine,
  statementDecisionsSchema,
  statementErrors,
  statementImportResultSchema,
  statementReviewSchema,
} from '@tms/domain';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCollector, fieldError, ValidationError } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';
import type { App } from '../../platform/http/types';
import { applyImport, defineImport, type ImportContext, previewImport } from '../../platform/imports';
import { requestContext } from '../../platform/resources';
import { counterparties } from '../counterparties';
import { currencies } from '../reference-data';
import { billReadScope } from './bills';
import { paymentService } from './payments';
import { bills, paymentForms, payments } from './tables';

type Ctx = ImportContext;

/**
 * The line's fingerprint: our account, the document's number, date and amount, and the other party's
 * account and INN. The same statement (or an overlapping one) imported again finds its lines by it.
 */
function fingerprintOf(
  document: BankStatementDocument,
  ours: string,
  other: { account: string; inn: string },
) {
  return createHash('sha256')
    .update([ours, document.number, document.date, document.amount, other.account, other.inn].join('|'))
    .digest('hex');
}

/** Whether `purpose` names the bill number as a word of its own ("счету № 15 от", never "150"). */
function names(purpose: string, number: string): boolean {
  const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}/-])${escaped}($|[^\\p{L}\\p{N}/-])`, 'u').test(purpose);
}

interface ReviewedLine extends StatementLine {
  fingerprint: string;
}

/**
 * The statement's lines as they would be imported: each document on one of our payment forms (a document
 * on an account no payment form has is an error of the file), its counterparty by the other party's INN,
 * already imported or not by its fingerprint, and its bill: the open bill of that counterparty, direction
 * and currency whose number the purpose names with room for the amount, else the one open bill of exactly
 * the amount. Bills are those the user reads.
 */
export async function reviewStatement(
  ctx: Ctx,
  documents: readonly BankStatementDocument[],
): Promise<{ lines: ReviewedLine[]; errors: BankStatementError[]; errorCount: number }> {
  const accounts = [
    ...new Set(
      documents.flatMap((d) => (d.direction === 'outgoing' ? [d.payer.account] : [d.recipient.account])),
    ),
  ];
  const forms = accounts.length
    ? await ctx.tx
        .select({
          id: paymentForms.id,
          accountNumber: paymentForms.accountNumber,
          currencyId: paymentForms.currencyId,
          code: currencies.code,
        })
        .from(paymentForms)
        .innerJoin(currencies, eq(currencies.id, paymentForms.currencyId))
        .where(inArray(paymentForms.accountNumber, accounts))
        .orderBy(asc(paymentForms.id))
    : [];
  const formOf = new Map<string, (typeof forms)[number]>();
  for (const form of forms) if (!formOf.has(form.accountNumber)) formOf.set(form.accountNumber, form);
  const errors = statementErrors();
  const lines: ReviewedLine[] = [];
  const taken = new Map<number, string>();
  for (const document of documents) {
    const outgoing = document.direction === 'outgoing';
    const ours = outgoing ? document.payer : document.recipient;
    const other = outgoing ? document.recipient : document.payer;
    const form = formOf.get(ours.account);
    const base = {
      line: document.line,
      number: document.number,
      date: document.date,
      amount: document.amount,
      partyName: other.name,
      partyInn: other.inn,
      purpose: document.purpose,
      fingerprint: fingerprintOf(document, ours.account, other),
    };
    if (document.direction === 'internal') {
      lines.push({
        ...base,
        direction: null,
        paymentFormId: form?.id ?? null,
        currencyCode: form?.code ?? null,
        counterpartyId: null,
        status: 'internal',
        billId: null,
        billNumber: null,
      });
      continue;
    }
    if (!form) {
      errors.add({
        line: document.line,
        message: STATEMENT_IMPORT_MESSAGES.noPaymentForm as never,
        field: outgoing ? 'ПлательщикСчет' : 'ПолучательСчет',
      });
      continue;
    }
    const direction: PaymentDirection = outgoing ? 'OUTGOING' : 'INCOMING';
    const [counterparty] = other.inn
      ? await ctx.tx
          .select({ id: counterparties.id })
          .from(counterparties)
          .where(and(eq(counterparties.inn, other.inn), isNull(counterparties.mergedIntoId)))
          .orderBy(asc(counterparties.id))
          .limit(1)
      : [];
    const [duplicate] = await ctx.tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.statementFingerprint, base.fingerprint))
      .limit(1);
    const line: ReviewedLine = {
      ...base,
      direction,
      paymentFormId: form.id,
      currencyCode: form.code,
      counterpartyId: counterparty?.id ?? null,
      status: duplicate ? 'duplicate' : 'unmatched',
      billId: null,
      billNumber: null,
    };
    if (!duplicate && counterparty) {
      const open = await ctx.tx
        .select({ id: bills.id, number: bills.number, balance: bills.balance })
        .from(bills)
        .where(
          and(
            eq(bills.counterpartyId, counterparty.id),
            eq(bills.direction, outgoing ? 'EXPENSE' : 'INCOME'),
            eq(bills.currencyId, form.currencyId),
            gt(bills.balance, '0'),
            billReadScope(ctx.auth),
          ),
        )
        .orderBy(asc(bills.date), asc(bills.id))
        .limit(200);
      const left = (bill: (typeof open)[number]) => taken.get(bill.id) ?? bill.balance;
      const fits = (bill: (typeof open)[number]) => decimalCompare(left(bill), document.amount) >= 0;
      const exact = open.filter((bill) => decimalCompare(left(bill), document.amount) === 0);
      const bill =
        open.find((b) => names(document.purpose, b.number) && fits(b)) ??
        (exact.length === 1 ? exact[0] : undefined);
      if (bill) {
        Object.assign(line, { status: 'matched', billId: bill.id, billNumber: bill.number });
        // What the bill keeps open for the statement's later lines (a statement may pay it twice).
        taken.set(bill.id, decimalFixed(decimalSubtract(left(bill), document.amount), 2));
      }
    }
    lines.push(line);
  }
  return { lines, errors: errors.list(), errorCount: errors.count };
}

/** The file and the decisions (a JSON array) of a multipart body, in any order. */
async function statementUpload(request: FastifyRequest): Promise<{ bytes: Buffer; decisions: unknown }> {
  let bytes: Buffer | undefined;
  let decisions: unknown = [];
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (part.fieldname === 'decisions') {
        try {
          decisions = JSON.parse(String(part.value));
        } catch {
          throw fieldError(['decisions'], MESSAGES.invalid);
        }
      }
    }
  }
  if (!bytes) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
  return { bytes, decisions };
}

/**
 * The file's errors as the contract's tree: `lines.<line>` each (the first `MAX_FILE_ERRORS`, and a word under
 * `file` when there are more), nothing written.
 */
function refuse(errors: readonly ImportError[], errorCount: number): never {
  const collector = new ErrorCollector();
  for (const error of errors) collector.add(['lines', String(error.row)], error.message);
  if (errorCount > errors.length) collector.add(['file'], MORE_FILE_ERRORS);
  collector.throwIfAny();
  throw new ValidationError(emptyTree());
}

/** A statement's error as the pipeline's (its line is its row), and back as the statement's answers say it. */
const asImportError = ({
  line,
  ...error
}: {
  line: number;
  message: string;
  field?: string;
}): ImportError => ({
  row: line,
  ...error,
});
const asLineError = ({ row, field, message }: ImportError): BankStatementError =>
  ({ line: row, message, ...(field === undefined ? {} : { field }) }) as BankStatementError;

const ROLES = ['ROLE_PAYMENT_CREATE'] as const;

/** What the pipeline calls a statement line's fate: a payment to create, one imported before, or none. */
const ACTIONS = { matched: 'create', unmatched: 'create', duplicate: 'unchanged', internal: 'skip' } as const;

/**
 * Imports the reviewed statement in one transaction: each line not a duplicate, internal or skipped becomes a
 * payment on its form (linked to its matched or assigned bill, else unlinked) with the line's fingerprint.
 * Any refusal (a bill's rule, a missing right) is answered under `lines.<line>` and nothing is written.
 */
async function importStatement(
  ctx: Ctx,
  lines: readonly ReviewedLine[],
  decisions: readonly StatementDecision[],
) {
  const byLine = new Map(decisions.map((decision) => [decision.line, decision]));
  const known = new Set(lines.map((line) => line.line));
  const errors = new ErrorCollector();
  for (const decision of decisions) {
    if (!known.has(decision.line)) {
      errors.add(['decisions', String(decision.line)], STATEMENT_IMPORT_MESSAGES.decisionLine);
    }
  }
  errors.throwIfAny();
  const result = { created: 0, linked: 0, duplicates: 0, skipped: 0 };
  for (const line of lines) {
    const decision = byLine.get(line.line);
    if (line.status === 'duplicate') result.duplicates++;
    if (line.status === 'duplicate' || line.status === 'internal' || decision?.action === 'skip') {
      if (line.status !== 'duplicate') result.skipped++;
      continue;
    }
    const billId =
      decision?.action === 'unlinked' ? null : decision?.action === 'link' ? decision.billId : line.billId;
    const created = await errors.collect(async () => {
      const payment = await paymentService.create(ctx, {
        number: line.number,
        direction: line.direction,
        date: line.date,
        paymentFormId: line.paymentFormId,
        amount: line.amount,
        counterpartyId: line.counterpartyId,
        purpose: line.purpose.slice(0, 2000) || null,
        links: billId ? [{ billId, amount: line.amount }] : [],
      });
      await ctx.tx
        .update(payments)
        .set({ statementFingerprint: line.fingerprint })
        .where(eq(payments.id, payment.id as number));
      return payment;
    }, ['lines', String(line.line)]);
    if (created) {
      result.created++;
      if (billId) result.linked++;
    }
  }
  errors.throwIfAny();
  return result;
}

/**
 * The bank statement import (spec §6 "Payments": whoever creates payments): the 1C file read in a worker, each
 * document planned (matched to a bill, unmatched, duplicate by its fingerprint, internal), then imported in
 * one transaction with the person's decisions; a file with any error imports nothing.
 */
export const statementImport = defineImport<
  BankStatementPreview,
  ReviewedLine,
  StatementDecision[],
  z.infer<typeof statementImportResultSchema>,
  BankStatement | null
>({
  name: 'finance.bank-statement',
  roles: ROLES,
  options: statementDecisionsSchema,
  read: (workers, bytes) => workers.run('finance.read-statement', bytes),
  async plan(ctx, parsed) {
    if (!parsed.statement) {
      return {
        head: null,
        rows: [],
        errors: parsed.errors.map(asImportError),
        errorCount: parsed.errorCount,
      };
    }
    const { lines, errors, errorCount } = await reviewStatement(ctx, parsed.statement.documents);
    return {
      head: parsed.statement,
      rows: lines.map((line) => ({ row: line.line, action: ACTIONS[line.status], values: line })),
      errors: errors.map(asImportError),
      errorCount,
    };
  },
  apply: (ctx, rows, decisions) =>
    importStatement(
      ctx,
      rows.map((row) => row.values),
      decisions,
    ),
  refuse,
});

/**
 * The statement import's doors: a review of the file (what each line would become), then its import with the
 * person's decisions; both check the whole file first.
 */
export function registerStatementImportRoutes(app: App): void {
  app.post(
    '/finances/bank-statements/review',
    {
      config: { roles: ROLES },
      schema: {
        tags: ['payment'],
        summary:
          'What each payment of a 1C statement (multipart "file") would become: matched, unmatched, duplicate',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(statementReviewSchema) },
      },
    },
    async (request) => {
      const { bytes } = await statementUpload(request);
      const ctx = { ...requestContext(request), auth: request.auth! };
      const preview = await previewImport(ctx, statementImport, bytes, []);
      return {
        data: {
          lines: preview.rows.map(({ values: { fingerprint: _f, ...line } }) => line),
          errors: preview.errors.map(asLineError),
          errorCount: preview.errorCount,
        },
      };
    },
  );

  app.post(
    '/finances/bank-statements/import',
    {
      config: { roles: ROLES },
      schema: {
        tags: ['payment'],
        summary:
          'Import a 1C statement (multipart "file", and "decisions": a JSON array of { line, action: link|unlinked|skip, billId })',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(statementImportResultSchema) },
      },
    },
    async (request) => {
      const upload = await statementUpload(request);
      const decisions = statementDecisionsSchema.safeParse(upload.decisions);
      if (!decisions.success) throw fieldError(['decisions'], MESSAGES.invalid);
      const data = await app.database.db.transaction((tx) =>
        applyImport(
          { ...requestContext(request, tx), auth: request.auth! },
          statementImport,
          upload.bytes,
          decisions.data,
        ),
      );
      return { data };
    },
  );
}
