import {
  decimalAdd,
  decimalCompare,
  decimalFixed,
  decimalNormalize,
  MESSAGES,
  PRINTABLE_BILL_MESSAGES,
  type PrintableBillLineInput,
  printableBillLineAmount,
  printableBillResource,
  sameFieldValue,
} from '@tms/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, isStaff, type Principal } from '../../platform/auth/context';
import { groupBy } from '../../platform/collections';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import type { OwnerAccess } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import {
  afterUpdate,
  type CreateInput,
  defaultEntity,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type Updated,
  type WriteValues,
} from '../../platform/resources';
import { counterparties } from '../counterparties';
import { billReadScope } from './bills';
import {
  bills,
  printableBillCounters,
  printableBillLines,
  printableBills,
  printableBillTemplates,
} from './tables';

export type PrintableBillRow = typeof printableBills.$inferSelect;
type PrintableBillInput = CreateInput<typeof printableBillResource>;

/** The owner type of a printable bill's files. */
export const PRINTABLE_BILL_FILE_OWNER = 'printable_bill';

// ---- Scope (docs/finance.md "Printable bills": who reaches one) ----

/**
 * Reads: every printable bill with "view unlinked"; with "view", those tied to a bill the user reads; and
 * the ones the user made. Changes reach the same records (the route checks the role of the change).
 */
export function printableBillScope(auth: Principal): SQL | undefined {
  if (hasAnyRole(auth, ['ROLE_PRINTABLE_BILL_UNLINKED_VIEW'])) return undefined;
  const own = isStaff(auth) ? sql`${printableBills.createdById} = ${auth.userId}` : sql`false`;
  if (!hasAnyRole(auth, ['ROLE_PRINTABLE_BILL_VIEW'])) return own;
  return sql`(${own} OR EXISTS (SELECT 1 FROM ${bills} WHERE ${bills.id} = ANY(${printableBills.billIds}) AND ${billReadScope(auth)}))`;
}

// ---- Rules ----

/** The lines as stored: in order, each with its amount. */
const linesWithAmounts = (lines: readonly PrintableBillLineInput[]) =>
  lines.map((line) => ({ ...line, amount: printableBillLineAmount(line) }));

/**
 * The bills of a printable bill as it will be stored, locked, so two documents never take one bill: they
 * are income bills the user reads, of one counterparty, company, payment form and currency, in no other
 * document, at least one; the lines sum to them; the template is the company's or everyone's. `record`: the
 * body of a create, the row with the members sent over it for an update (`existing`). Answers the columns
 * the bills give; every refusal at once.
 */
async function preparePrintableBill(
  ctx: ResourceContext,
  record: PrintableBillInput | Updated<PrintableBillRow, Partial<PrintableBillInput>>,
  existing: PrintableBillRow | null,
): Promise<WriteValues<PrintableBillRow, PrintableBillInput>> {
  const errors = new ErrorCollector();
  const { billIds } = record;
  // Without bills the document has no counterparty or company to take (lines rounding to 0.00 passed the sum).
  if (!billIds.length) errors.add(['billIds'], MESSAGES.blank);
  const found = await ctx.tx
    .select()
    .from(bills)
    .where(and(inArray(bills.id, billIds), billReadScope(ctx.auth)))
    .orderBy(asc(bills.id))
    .for('update');
  const byId = new Map(found.map((bill) => [bill.id, bill]));
  const first = found.find((bill) => bill.id === billIds[0]) ?? found[0];
  const tied = await ctx.tx
    .select({ billIds: printableBills.billIds })
    .from(printableBills)
    .where(
      and(
        sql`${printableBills.billIds} && ARRAY[${sql.join(billIds, sql`, `)}]::integer[]`,
        existing ? ne(printableBills.id, existing.id) : undefined,
      ),
    );
  const taken = new Set(tied.flatMap((row) => row.billIds));
  let billsFit = true;
  const refuse = (path: (string | number)[], message: string) => {
    billsFit = false;
    errors.add(path, message);
  };
  billIds.forEach((id, index) => {
    const path = ['billIds', index];
    const bill = byId.get(id);
    if (!bill || billIds.indexOf(id) !== index) refuse(path, MESSAGES.invalid);
    else if (bill.direction !== 'INCOME') refuse(path, PRINTABLE_BILL_MESSAGES.billNotIncome);
    else if (taken.has(id)) refuse(path, PRINTABLE_BILL_MESSAGES.billTied);
    else if (
      bill.counterpartyId !== first!.counterpartyId ||
      bill.legalEntityId !== first!.legalEntityId ||
      bill.paymentFormId !== first!.paymentFormId
    )
      refuse(path, PRINTABLE_BILL_MESSAGES.billMismatch);
    else if (bill.currencyId !== first!.currencyId) refuse(path, PRINTABLE_BILL_MESSAGES.currencyMismatch);
  });
  const lines = record.lines ?? (existing ? await storedLines(ctx.tx, existing.id) : []);
  if (!lines.length) errors.add(['lines'], PRINTABLE_BILL_MESSAGES.servicesRequired);
  const amount = linesWithAmounts(lines).reduce((sum, line) => decimalAdd(sum, line.amount), '0');
  const billsAmount = found.reduce((sum, bill) => decimalAdd(sum, bill.amount), '0');
  // Compared only with bills that fit together: a total never adds currencies.
  if (lines.length && billsFit && decimalCompare(amount, billsAmount) !== 0) {
    errors.add(['lines'], PRINTABLE_BILL_MESSAGES.sumMismatch);
  }
  if (first && record.templateId) {
    const [template] = await ctx.tx
      .select({ legalEntityId: printableBillTemplates.legalEntityId })
      .from(printableBillTemplates)
      .where(eq(printableBillTemplates.id, record.templateId));
    if (template && template.legalEntityId !== null && template.legalEntityId !== first.legalEntityId) {
      errors.add(['templateId'], PRINTABLE_BILL_MESSAGES.templateCompany);
    }
  }
  errors.throwIfAny();
  const [counterparty] = await ctx.tx
    .select({ name: counterparties.name, fullName: counterparties.fullName })
    .from(counterparties)
    .where(eq(counterparties.id, first!.counterpartyId));
  const out: WriteValues<PrintableBillRow, PrintableBillInput> = {
    counterpartyId: first!.counterpartyId,
    counterpartyName: counterparty?.name ?? first!.counterpartyName,
    legalEntityId: first!.legalEntityId,
    paymentFormId: first!.paymentFormId,
    currencyId: first!.currencyId,
    amount: decimalFixed(amount, 2),
  };
  if (!existing) {
    out.createdById = actingUserId(ctx.auth);
    if (!record.number) out.number = await nextNumber(ctx.tx, first!.legalEntityId, record.date);
  }
  return out;
}

/**
 * The next number of the company's year. The upsert takes the counter row's lock until the transaction
 * ends (as SELECT … FOR UPDATE would): concurrent creates queue, a rolled-back create gives its number back.
 * A number typed by hand (its role) that the counter reaches is passed over: it is taken, not missing.
 */
async function nextNumber(tx: Tx, legalEntityId: number, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  for (;;) {
    const [row] = await tx
      .insert(printableBillCounters)
      .values({ legalEntityId, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [printableBillCounters.legalEntityId, printableBillCounters.year],
        set: { lastNumber: sql`${printableBillCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: printableBillCounters.lastNumber });
    const number = String(row!.lastNumber);
    const [taken] = await tx
      .select({ id: printableBills.id })
      .from(printableBills)
      .where(
        and(
          eq(printableBills.legalEntityId, legalEntityId),
          eq(printableBills.numberYear, year),
          eq(printableBills.number, number),
        ),
      )
      .limit(1);
    if (!taken) return number;
  }
}

/** A deleted draft holding its year's last number gives it back, so the numbers stay without gaps. */
async function releaseNumber(tx: Tx, row: PrintableBillRow): Promise<void> {
  if (!/^\d+$/.test(row.number)) return;
  await tx
    .update(printableBillCounters)
    .set({ lastNumber: sql`${printableBillCounters.lastNumber} - 1` })
    .where(
      and(
        eq(printableBillCounters.legalEntityId, row.legalEntityId),
        eq(printableBillCounters.year, Number(row.date.slice(0, 4))),
        eq(printableBillCounters.lastNumber, Number(row.number)),
      ),
    );
}

export async function storedLines(tx: Tx, printableBillId: number) {
  return (await storedLinesOf(tx, [printableBillId])).get(printableBillId) ?? [];
}

/** The lines of several printable bills in one query (a list page), by printable bill. */
async function storedLinesOf(tx: Tx, ids: readonly number[]) {
  const rows = await tx
    .select()
    .from(printableBillLines)
    .where(inArray(printableBillLines.printableBillId, [...ids]))
    .orderBy(asc(printableBillLines.printableBillId), asc(printableBillLines.position));
  const lines = groupBy(rows, (row) => row.printableBillId);
  return new Map([...lines].map(([id, group]) => [id, group.map(lineOf)]));
}

function lineOf(row: typeof printableBillLines.$inferSelect) {
  return {
    name: row.name,
    quantity: row.quantity.replace(/\.?0+$/, ''),
    unit: row.unit,
    price: row.price,
    vatRate: row.vatRate as PrintableBillLineInput['vatRate'],
    amount: row.amount,
  };
}

async function replaceLines(tx: Tx, printableBillId: number, lines: readonly PrintableBillLineInput[]) {
  await tx.delete(printableBillLines).where(eq(printableBillLines.printableBillId, printableBillId));
  await tx
    .insert(printableBillLines)
    .values(linesWithAmounts(lines).map((line, position) => ({ ...line, printableBillId, position })));
}

async function hasFiles(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerType, PRINTABLE_BILL_FILE_OWNER), eq(files.ownerId, id)))
    .limit(1);
  return Boolean(row);
}

/** Whether `lines` (sent) differ from the stored ones: the form sends them with every save. */
async function linesChanged(tx: Tx, id: number, lines: readonly PrintableBillLineInput[]): Promise<boolean> {
  const stored = await storedLines(tx, id);
  const key = (line: PrintableBillLineInput) =>
    JSON.stringify([
      line.name.trim(),
      decimalNormalize(line.quantity),
      line.unit.trim(),
      decimalNormalize(line.price),
      line.vatRate,
    ]);
  return lines.length !== stored.length || lines.some((line, i) => key(line) !== key(stored[i]!));
}

/**
 * The content an update changes (bills, lines, template, basis): only the edit role changes it; the
 * date, the number and the certificate have field roles of their own.
 */
async function contentChanges(
  tx: Tx,
  values: Partial<PrintableBillInput>,
  existing: PrintableBillRow,
): Promise<string[]> {
  const changed: string[] = (['billIds', 'templateId', 'basis'] as const).filter(
    (field) => values[field] !== undefined && !sameFieldValue(values[field], existing[field]),
  );
  const { lines } = values;
  if (lines && (await linesChanged(tx, existing.id, lines))) changed.push('lines');
  return changed;
}

/** A frozen (finalized) printable bill refuses every change and its delete. */
export function assertNotFinalized(row: PrintableBillRow): void {
  if (row.finalized) throw fieldError([], PRINTABLE_BILL_MESSAGES.finalized);
}

/** Printable bills as a resource service; lines are written beside the row in the same transaction. */
export const printableBillService: ResourceService<PrintableBillRow> = resourceService(
  printableBillResource,
  printableBills,
  {
    constraints: { printable_bills_number_uq: 'number' },
    // Its own table of lines.
    virtual: ['lines'],
    hooks: {
      scope: (auth) => printableBillScope(auth),
      entityColumns: [],
      async toEntities(rows, ctx) {
        const lines = await storedLinesOf(
          ctx.tx,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({
          ...defaultEntity(printableBillResource, row),
          lines: lines.get(row.id) ?? [],
        }));
      },
      async beforeCreate(ctx, values) {
        return { ...values, ...(await preparePrintableBill(ctx, values, null)) };
      },
      guardUpdate: (_ctx, existing) => assertNotFinalized(existing),
      async beforeUpdate(ctx, values, existing) {
        const changed = await contentChanges(ctx.tx, values, existing);
        if (!changed.length) return values;
        if (!hasAnyRole(ctx.auth, ['ROLE_PRINTABLE_BILL_EDIT'])) {
          throw forbidden(PRINTABLE_BILL_MESSAGES.editDenied);
        }
        return {
          ...values,
          ...(await preparePrintableBill(ctx, afterUpdate(values, existing), existing)),
        };
      },
      async beforeDelete(ctx, row) {
        assertNotFinalized(row);
        if (await hasFiles(ctx.tx, row.id)) throw fieldError([], PRINTABLE_BILL_MESSAGES.hasFiles);
        await releaseNumber(ctx.tx, row);
      },
      async afterWrite(ctx, event) {
        const { lines } = event.input;
        if (lines && event.after && (event.action === 'create' || event.action === 'update')) {
          await replaceLines(ctx.tx, event.after.id, lines);
        }
      },
    },
  },
);

/** A bill in a printable bill no longer changes (spec §8): finance's `billChangeBlockers` entry. */
export async function billInPrintableBill(tx: Tx, billId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: printableBills.id })
    .from(printableBills)
    .where(sql`${printableBills.billIds} @> ARRAY[${billId}]::integer[]`)
    .limit(1);
  return Boolean(row);
}

/** Whoever reads the printable bill reads its files. */
export const PRINTABLE_BILL_FILE_OWNERS: Readonly<Record<string, OwnerAccess>> = {
  [PRINTABLE_BILL_FILE_OWNER]: (auth, ownerId, tx) =>
    printableBillService.reaches(tx, ownerId, printableBillScope(auth)),
};
