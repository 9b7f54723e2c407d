import { createHash } from 'node:crypto';
import {
  type BankStatementDocument,
  type BankStatementError,
  type BankStatementPreview,
  dataSchema,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  emptyTree,
  type ImportError,
  MAX_STATEMENT_BYTES,
  MESSAGES,
  MORE_FILE_ERRORS,
  type PaymentDirection,
  STATEMENT_IMPORT_MESSAGES,
  type StatementCounterparty,
  type StatementDecision,
  type StatementLine,
  type StatementUnmatchedReason,
  statementDecisionsSchema,
  statementErrors,
  statementImportResultSchema,
  statementReviewSchema,
} from '@tms/domain';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCollector, fieldError, ValidationError } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';
import { claimUpload } from '../../platform/http/idempotency';
import type { App } from '../../platform/http/types';
import {
  applyImport,
  defineImport,
  type ImportContext,
  importBytes,
  importUploadLimit,
  previewImport,
} from '../../platform/imports';
import { requestContext } from '../../platform/resources';
import { counterparties, counterpartyBankAccountService, counterpartyService } from '../counterparties';
import { countries, currencies } from '../reference-data';
import { billReadScope } from './bills';
import { paymentService } from './payments';
import { bills, paymentForms, payments } from './tables';
import { uploadLimitOf } from './upload';

type Ctx = ImportContext;
/** What a statement holds that is read past, not refused: a line and its message. */
type StatementWarning = { line: number; message: string; field?: string };

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

interface ReviewedLine extends StatementLine {
  fingerprint: string;
}

/**
 * Whether `purpose` names the bill number as a word of its own ("счету № 15 от", never "150"), with one
 * expression per number however many lines ask.
 */
function namer(): (purpose: string, number: string) => boolean {
  const expressions = new Map<string, RegExp>();
  return (purpose, number) => {
    if (!purpose.includes(number)) return false;
    let expression = expressions.get(number);
    if (!expression) {
      const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expression = new RegExp(`(^|[^\\p{L}\\p{N}/-])${escaped}($|[^\\p{L}\\p{N}/-])`, 'u');
      expressions.set(number, expression);
    }
    return expression.test(purpose);
  };
}

/** Open bills one may match a line to: by counterparty, direction and currency, oldest first. */
type OpenBill = { id: number; number: string; balance: string };
const openBillKey = (counterpartyId: number, direction: string, currencyId: number) =>
  `${counterpartyId}/${direction}/${currencyId}`;
/** Most open bills of one counterparty, direction and currency a line is matched against. */
const OPEN_BILLS_PER_KEY = 200;

/**
 * The statement's lines as they would be imported: each document on one of our payment forms (a document
 * on an account no payment form has is an error of the file), its counterparty by the other party's INN,
 * already imported or not by its fingerprint, and its bill: the open bill of that counterparty, direction
 * and currency whose number the purpose names with room for the amount, else the one open bill of exactly
 * the amount. Bills are those the user reads. The database is asked a fixed number of times whatever the
 * number of lines (a statement holds up to `MAX_STATEMENT_DOCUMENTS`).
 */
export async function reviewStatement(
  ctx: Ctx,
  documents: readonly BankStatementDocument[],
  balances: readonly { line: number; account: string }[] = [],
): Promise<{
  lines: ReviewedLine[];
  errors: BankStatementError[];
  errorCount: number;
  warnings: StatementWarning[];
}> {
  const ours = (d: BankStatementDocument) => (d.direction === 'outgoing' ? d.payer : d.recipient);
  const others = (d: BankStatementDocument) => (d.direction === 'outgoing' ? d.recipient : d.payer);
  const accounts = [
    ...new Set([...documents.map((d) => ours(d).account), ...balances.map((b) => b.account)]),
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

  const paying = documents.filter((d) => d.direction !== 'internal' && formOf.has(ours(d).account));
  const inns = [...new Set(paying.flatMap((d) => (others(d).inn ? [others(d).inn] : [])))];
  const fingerprints = paying.map((d) => fingerprintOf(d, ours(d).account, others(d)));
  const [parties, imported] = await Promise.all([
    inns.length
      ? ctx.tx
          .select({ id: counterparties.id, inn: counterparties.inn })
          .from(counterparties)
          .where(and(inArray(counterparties.inn, inns), isNull(counterparties.mergedIntoId)))
          .orderBy(asc(counterparties.id))
      : [],
    importedFingerprints(ctx, fingerprints),
  ]);
  const counterpartyOf = new Map<string, number>();
  for (const party of parties)
    if (party.inn && !counterpartyOf.has(party.inn)) counterpartyOf.set(party.inn, party.id);

  // The open bills of every counterparty a line may pay, in one read, kept by counterparty, direction and currency.
  const partyIds = [...new Set(counterpartyOf.values())];
  const open = new Map<string, OpenBill[]>();
  if (partyIds.length) {
    const rows = await ctx.tx
      .select({
        id: bills.id,
        number: bills.number,
        balance: bills.balance,
        counterpartyId: bills.counterpartyId,
        direction: bills.direction,
        currencyId: bills.currencyId,
      })
      .from(bills)
      .where(and(inArray(bills.counterpartyId, partyIds), gt(bills.balance, '0'), billReadScope(ctx.auth)))
      .orderBy(asc(bills.date), asc(bills.id));
    for (const row of rows) {
      const key = openBillKey(row.counterpartyId, row.direction, row.currencyId);
      const list = open.get(key) ?? [];
      if (list.length < OPEN_BILLS_PER_KEY) list.push(row);
      open.set(key, list);
    }
  }

  const names = namer();
  const errors = statementErrors();
  const lines: ReviewedLine[] = [];
  const taken = new Map<number, string>();
  for (const document of documents) {
    const outgoing = document.direction === 'outgoing';
    const other = others(document);
    const form = formOf.get(ours(document).account);
    const base = {
      line: document.line,
      number: document.number,
      date: document.date,
      amount: document.amount,
      partyName: other.name,
      partyInn: other.inn,
      party: other,
      purpose: document.purpose,
      reason: null,
      fingerprint: fingerprintOf(document, ours(document).account, other),
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
    const counterpartyId = (other.inn && counterpartyOf.get(other.inn)) || null;
    const duplicate = imported.has(base.fingerprint);
    const line: ReviewedLine = {
      ...base,
      direction,
      paymentFormId: form.id,
      currencyCode: form.code,
      counterpartyId,
      status: duplicate ? 'duplicate' : 'unmatched',
      billId: null,
      billNumber: null,
    };
    if (!duplicate && !counterpartyId) line.reason = 'noCounterparty';
    if (!duplicate && counterpartyId) {
      const candidates =
        open.get(openBillKey(counterpartyId, outgoing ? 'EXPENSE' : 'INCOME', form.currencyId)) ?? [];
      const left = (bill: OpenBill) => taken.get(bill.id) ?? bill.balance;
      const fits = (bill: OpenBill) => decimalCompare(left(bill), document.amount) >= 0;
      const exact = candidates.filter((bill) => decimalCompare(left(bill), document.amount) === 0);
      const bill =
        candidates.find((b) => names(document.purpose, b.number) && fits(b)) ??
        (exact.length === 1 ? exact[0] : undefined);
      if (bill) {
        Object.assign(line, { status: 'matched', billId: bill.id, billNumber: bill.number });
        // What the bill keeps open for the statement's later lines (a statement may pay it twice).
        taken.set(bill.id, decimalFixed(decimalSubtract(left(bill), document.amount), 2));
      } else {
        line.reason = (candidates.length ? 'amountDiffers' : 'noOpenBill') satisfies StatementUnmatchedReason;
      }
    }
    lines.push(line);
  }
  // A balance section of an account none of our forms has (a bank's or a test file's) is shown, not refused.
  const warnings = balances
    .filter((balance) => !formOf.has(balance.account))
    .map((balance) => ({
      line: balance.line,
      message: STATEMENT_IMPORT_MESSAGES.balanceNotOurs,
      field: 'РасчСчет',
    }));
  return { lines, errors: errors.list(), errorCount: errors.count, warnings };
}

/** The file and the decisions (a JSON array) of a multipart body, in any order. */
async function statementUpload(request: FastifyRequest): Promise<{ bytes: Buffer; decisions: unknown }> {
  let bytes: Buffer | undefined;
  let decisions: unknown = [];
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await importBytes(part.file, uploadLimitOf(request));
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

/** Which of these line fingerprints have their payment already (imported since the file was planned). */
async function importedFingerprints(ctx: Ctx, fingerprints: readonly string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await ctx.tx
    .select({ fingerprint: payments.statementFingerprint })
    .from(payments)
    .where(inArray(payments.statementFingerprint, [...fingerprints]));
  return new Set(rows.map((row) => row.fingerprint!));
}

/**
 * The counterparty a line's decision gives it: the one picked, or one created from the statement's details
 * by the counterparties' own create (their rules and roles: INN and KPP checksums, one live counterparty per
 * INN and KPP) with the account as its bank account (BIK and account keys checked). Lines of one INN and KPP
 * share what an earlier line of the import created (`made`).
 */
async function counterpartyOfDecision(
  ctx: Ctx,
  line: ReviewedLine,
  choice: StatementCounterparty,
  made: Map<string, number>,
): Promise<number> {
  if (line.counterpartyId !== null) throw fieldError([], STATEMENT_IMPORT_MESSAGES.counterpartyKnown);
  if (Boolean(choice.counterpartyId) === Boolean(choice.create)) {
    throw fieldError([], STATEMENT_IMPORT_MESSAGES.counterpartyChoice);
  }
  if (choice.counterpartyId) return choice.counterpartyId;
  const { party } = line;
  // "0" is the format's word for none (a budget payment's KPP).
  const given = (value: string) => (value && value !== '0' ? value : undefined);
  const key = `${party.inn}/${party.kpp}`;
  const known = made.get(key);
  if (known) return known;
  const [russia] = await ctx.tx
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, 'RU'))
    .limit(1);
  const created = await counterpartyService.create(ctx, {
    name: choice.create?.name ?? party.name,
    inn: given(party.inn),
    kpp: given(party.kpp),
    countryId: russia?.id ?? 0,
    client: line.direction === 'INCOMING',
    contractor: line.direction === 'OUTGOING',
  });
  const id = created.id as number;
  if (party.account && party.bik) {
    await counterpartyBankAccountService.create(ctx, {
      counterpartyId: id,
      bankName: given(party.bankName),
      bik: party.bik,
      account: party.account,
      correspondentAccount: given(party.correspondentAccount),
    });
  }
  made.set(key, id);
  return id;
}

/**
 * Imports the reviewed statement in one transaction: each line not a duplicate, internal or skipped becomes a
 * payment on its form (linked to its matched or assigned bill, else unlinked) with the line's fingerprint; a
 * line without a counterparty takes the one its decision picks or creates. Any refusal (a bill's rule, a
 * counterparty's, a missing right) is answered under `lines.<line>` and nothing is written.
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
  // One statement import at a time: another one (the same file sent twice at once, an overlapping statement)
  // waits here until this one commits, then finds its lines imported instead of racing it to the payments.
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext('finance.bank-statement'))`);
  const imported = await importedFingerprints(
    ctx,
    lines.flatMap((line) => (line.status === 'duplicate' ? [] : [line.fingerprint])),
  );
  const result = { created: 0, linked: 0, counterparties: 0, duplicates: 0, skipped: 0 };
  const made = new Map<string, number>();
  for (const line of lines) {
    const decision = byLine.get(line.line);
    const duplicate = line.status === 'duplicate' || imported.has(line.fingerprint);
    if (duplicate) result.duplicates++;
    if (duplicate || line.status === 'internal' || decision?.action === 'skip') {
      if (!duplicate) result.skipped++;
      continue;
    }
    const billId =
      decision?.action === 'unlinked' ? null : decision?.action === 'link' ? decision.billId : line.billId;
    const under = ['lines', String(line.line)];
    let counterpartyId = line.counterpartyId;
    if (decision?.counterparty) {
      const before = made.size;
      const chosen = await errors.collect(
        () => counterpartyOfDecision(ctx, line, decision.counterparty!, made),
        [...under, 'counterparty'],
      );
      if (!chosen) continue;
      result.counterparties += made.size - before;
      counterpartyId = chosen;
    }
    const created = await errors.collect(async () => {
      const payment = await paymentService.create(ctx, {
        number: line.number,
        direction: line.direction,
        date: line.date,
        paymentFormId: line.paymentFormId,
        amount: line.amount,
        counterpartyId,
        purpose: line.purpose.slice(0, 2000) || null,
        links: billId ? [{ billId, amount: line.amount }] : [],
      });
      await ctx.tx
        .update(payments)
        .set({ statementFingerprint: line.fingerprint })
        .where(eq(payments.id, payment.id as number));
      return payment;
    }, under);
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
  { warnings: StatementWarning[] }
>({
  name: 'finance.bank-statement',
  roles: ROLES,
  options: statementDecisionsSchema,
  maxBytes: MAX_STATEMENT_BYTES,
  read: (workers, bytes) => workers.run('finance.read-statement', bytes),
  async plan(ctx, parsed) {
    if (!parsed.statement) {
      return {
        head: { warnings: parsed.warnings },
        rows: [],
        errors: parsed.errors.map(asImportError),
        errorCount: parsed.errorCount,
      };
    }
    const { lines, errors, errorCount, warnings } = await reviewStatement(
      ctx,
      parsed.statement.documents,
      parsed.statement.accounts,
    );
    return {
      head: { warnings: [...parsed.warnings, ...warnings].sort((a, b) => a.line - b.line) },
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
      config: { roles: ROLES, uploadLimit: importUploadLimit(MAX_STATEMENT_BYTES) },
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
          warnings: preview.head.warnings,
        },
      };
    },
  );

  app.post(
    '/finances/bank-statements/import',
    {
      // Money enters here: a retry with its Idempotency-Key gets the first answer and writes nothing more.
      config: { roles: ROLES, creates: true, uploadLimit: importUploadLimit(MAX_STATEMENT_BYTES) },
      schema: {
        tags: ['payment'],
        summary:
          'Import a 1C statement (multipart "file", and "decisions": a JSON array of { line, action: link|unlinked|skip, billId, counterparty: { counterpartyId } or { create: { name } } }); takes an Idempotency-Key',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(statementImportResultSchema) },
      },
    },
    async (request, reply) => {
      const upload = await statementUpload(request);
      const read = {
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        size: upload.bytes.length,
        decisions: upload.decisions,
      };
      // A repeat of this file and these decisions under its key gets the first answer; another file is a 422.
      if (!(await claimUpload(request, reply, read))) return reply;
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
