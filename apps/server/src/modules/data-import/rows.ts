import {
  type DataImportColumn,
  type DataImportDateFormat,
  type DataImportLookup,
  flattenTree,
  type ImportError,
  DATA_IMPORT_MESSAGES as M,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../../platform/errors';
import { decimalOf, type ImportContext } from '../../platform/imports';
import { ManyRefused } from '../../platform/resources';
import type { Values } from '../../platform/resources/service/types';
import {
  CARGO_LINE_FIELDS,
  COUNTERPARTY_PARTS,
  type ResourceHandle,
  referencedHandle,
  resourceHandle,
  type TargetField,
} from './targets';

/** A row's cells by the field each column fills (trimmed text; '' when blank). */
export type Cells = Record<string, string>;

/** What a description is, ready to run: its settings, the fields it maps and the resource it writes through. */
export interface Prepared {
  target: string;
  mode: 'insert' | 'update' | 'upsert';
  matchKey: string | null;
  dateFormat: DataImportDateFormat;
  decimalComma: boolean;
  columns: readonly DataImportColumn[];
  fields: ReadonlyMap<string, TargetField>;
  handle: ResourceHandle;
  /** The order imported into (`/data-import/initiator/order/{id}`). */
  orderId: number | null;
}

/** A run's memory across rows: references found once, and the cargo lines summed. */
export interface RunState {
  references: Map<string, number | string>;
  cargo: CargoTotals;
}

export interface CargoTotals {
  lines: number;
  descriptions: string[];
  packaging: string[];
  tnvedCodes: string[];
  placeCount: number;
  /** The row each TNVED code came from first: the order's refusal of a code goes to it. */
  codeRows: Record<string, number>;
  weight: string | null;
  grossWeight: string | null;
  volume: string | null;
}

export const newRunState = (): RunState => ({
  references: new Map(),
  cargo: {
    lines: 0,
    descriptions: [],
    packaging: [],
    tnvedCodes: [],
    placeCount: 0,
    codeRows: {},
    weight: null,
    grossWeight: null,
    volume: null,
  },
});

/** A row refused after it began writing: its savepoint is rolled back with it. */
export class RowRefused extends Error {
  constructor(readonly errors: ImportError[]) {
    super('row refused');
  }
}

const YES = new Set(['1', 'yes', 'y', 'true', 'да', 'д', '+', 'истина']);
const NO = new Set(['0', 'no', 'n', 'false', 'нет', 'н', '-', 'ложь']);

/** A date in the description's format (or ISO, as a spreadsheet's date cell reads), as ISO; null if none. */
export function dateOf(text: string, format: DataImportDateFormat): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let y: string | undefined;
  let m: string | undefined;
  let d: string | undefined;
  if (iso) [, y, m, d] = iso;
  else {
    const parts = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})$/.exec(text);
    if (!parts) return null;
    if (format === 'MM/DD/YYYY') [, m, d, y] = parts;
    else if (format === 'YYYY-MM-DD') [, y, m, d] = parts;
    else [, d, m, y] = parts;
  }
  if (y?.length !== 4) return null;
  const value = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

/** A number's decimal text: with a decimal comma "1 234,5"; without, commas group thousands ("1,234.5"). */
export function numberOf(text: string, decimalComma: boolean): string | null {
  return decimalOf(decimalComma ? text : text.replace(/,/g, ''));
}

function column(handle: ResourceHandle, name: string): PgColumn | undefined {
  return handle.columns[name] as PgColumn | undefined;
}

/** The ids of a reference's records whose code, label or id is the text, within the reader's scope. */
async function lookUp(
  ctx: ImportContext,
  state: RunState,
  field: TargetField,
  lookup: DataImportLookup,
  text: string,
): Promise<number | string> {
  const path = field.descriptor.reference!.path;
  const key = `${path}|${lookup}|${text.toLowerCase()}`;
  const known = state.references.get(key);
  if (known !== undefined) return known;
  const target = referencedHandle(ctx.registries, path);
  let found: number | string;
  if (!target) found = M.lookupUnavailable;
  else {
    const table = target.service.table as unknown as PgTable;
    const id = column(target, 'id')!;
    let ids: number[];
    if (lookup === 'id') {
      const wanted = /^\d{1,9}$/.test(text) ? Number(text) : null;
      ids =
        wanted === null
          ? []
          : (await ctx.tx.select({ id }).from(table).where(eq(id, wanted))).map((r) => r.id as number);
    } else {
      const by = column(target, lookup === 'code' ? 'code' : field.descriptor.reference!.labelField);
      ids = by
        ? (
            await ctx.tx
              .select({ id })
              .from(table)
              .where(sql`lower(trim(${by}::text)) = ${text.toLowerCase()}`)
              .limit(2)
          ).map((r) => r.id as number)
        : [];
    }
    const outside = await target.service.outsideReadScope({ ...ctx, auth: ctx.auth }, ids);
    const reachable = ids.filter((i) => !outside.has(i));
    found =
      reachable.length === 1 ? reachable[0]! : reachable.length ? M.referenceAmbiguous : M.referenceNotFound;
  }
  state.references.set(key, found);
  return found;
}

/** How a reference cell is looked up: as the column says, else an id by its digits, a code, or a name. */
const lookupOf = (field: TargetField, lookup: DataImportLookup | null | undefined, text: string) =>
  lookup ?? (/^\d+$/.test(text) ? 'id' : field.lookups.includes('code') ? 'code' : 'name');

/** The texts of a reference cell: one, or a list for a field of several references. */
const referenceTexts = (field: TargetField, text: string) =>
  field.type === 'reference'
    ? [text]
    : text
        .split(/[;,]/)
        .map((t) => t.trim())
        .filter(Boolean);

/**
 * The references of a chunk of rows looked up at once (`lookUp`'s answers, in the run's memory): one query
 * per reference column and way of looking up for the texts not known yet, one scope check per resource.
 */
export async function lookUpChunk(
  ctx: ImportContext,
  prepared: Prepared,
  state: RunState,
  chunk: readonly Cells[],
): Promise<void> {
  for (const col of prepared.columns) {
    const field = prepared.fields.get(col.field)!;
    if (field.type !== 'reference' && field.type !== 'references') continue;
    const path = field.descriptor.reference!.path;
    const wanted = new Map<DataImportLookup, Set<string>>();
    for (const cells of chunk) {
      const text = cells[col.field] ?? '';
      if (text === '') continue;
      const how = lookupOf(field, col.lookup, text);
      for (const one of referenceTexts(field, text)) {
        if (state.references.has(`${path}|${how}|${one.toLowerCase()}`)) continue;
        wanted.set(how, (wanted.get(how) ?? new Set()).add(one.toLowerCase()));
      }
    }
    if (!wanted.size) continue;
    const target = referencedHandle(ctx.registries, path);
    for (const [how, texts] of wanted) {
      const found = new Map<string, number[]>([...texts].map((text) => [text, []]));
      if (target) {
        const table = target.service.table as unknown as PgTable;
        const id = column(target, 'id')!;
        if (how === 'id') {
          const numbers = new Map([...texts].filter((t) => /^\d{1,9}$/.test(t)).map((t) => [t, Number(t)]));
          const rows = numbers.size
            ? await ctx.tx
                .select({ id })
                .from(table)
                .where(inArray(id, [...new Set(numbers.values())]))
            : [];
          const have = new Set(rows.map((r) => r.id as number));
          for (const [text, n] of numbers) if (have.has(n)) found.get(text)!.push(n);
        } else {
          const by = column(target, how === 'code' ? 'code' : field.descriptor.reference!.labelField);
          const key = by && sql<string>`lower(trim(${by}::text))`;
          const rows = key
            ? await ctx.tx
                .select({ id, key })
                .from(table)
                .where(inArray(key, [...texts]))
            : [];
          for (const r of rows) found.get(r.key as string)?.push(r.id as number);
        }
      }
      const all = [...found.values()].flat();
      const outside = target
        ? await target.service.outsideReadScope({ ...ctx, auth: ctx.auth }, all)
        : new Set<number>();
      for (const [text, ids] of found) {
        const reachable = ids.filter((i) => !outside.has(i));
        state.references.set(
          `${path}|${how}|${text}`,
          !target
            ? M.lookupUnavailable
            : reachable.length === 1
              ? reachable[0]!
              : reachable.length
                ? M.referenceAmbiguous
                : M.referenceNotFound,
        );
      }
    }
  }
}

/** A cell's text as the field's value, or the message saying why it is none. */
async function cellValue(
  ctx: ImportContext,
  prepared: Prepared,
  state: RunState,
  field: TargetField,
  lookup: DataImportLookup | null | undefined,
  text: string,
): Promise<{ value: unknown } | { message: string }> {
  switch (field.type) {
    case 'integer': {
      const plain = text.replace(/[\s\u00a0\u202f]/g, '');
      return /^-?\d{1,15}$/.test(plain) ? { value: Number(plain) } : { message: M.notInteger };
    }
    case 'number': {
      const decimal = numberOf(text, prepared.decimalComma);
      return decimal === null ? { message: M.notNumber } : { value: Number(decimal) };
    }
    case 'money': {
      const decimal = numberOf(text.replace(/[A-Za-z]{3}$/, '').trim(), prepared.decimalComma);
      return decimal === null ? { message: M.notNumber } : { value: decimal };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      return YES.has(word) ? { value: true } : NO.has(word) ? { value: false } : { message: M.notBoolean };
    }
    case 'date': {
      const date = dateOf(text, prepared.dateFormat);
      return date === null ? { message: M.notDate } : { value: date };
    }
    case 'enum': {
      const options = field.descriptor.options ?? [];
      const word = text.toLowerCase();
      const labels = field.descriptor.optionLabels ?? {};
      const found = options.find(
        (option) =>
          option.toLowerCase() === word ||
          labels[option]?.ru.toLowerCase() === word ||
          labels[option]?.en.toLowerCase() === word,
      );
      return found === undefined ? { message: M.notChoice } : { value: found };
    }
    case 'reference':
    case 'references': {
      const how = lookupOf(field, lookup, text);
      const texts = referenceTexts(field, text);
      const ids: number[] = [];
      for (const one of texts) {
        const found = await lookUp(ctx, state, field, how, one);
        if (typeof found === 'string') return { message: found };
        ids.push(found);
      }
      return { value: field.type === 'reference' ? ids[0] : ids };
    }
    case 'tags':
      return {
        value: text
          .split(/[;,]/)
          .map((t) => t.trim())
          .filter(Boolean),
      };
    default:
      // Text stays text: an INN, a KPP or an account keeps its leading zeros.
      return { value: text };
  }
}

/** A row's values (the main record's, and each part's by prefix), or its cells' errors. */
async function readRow(ctx: ImportContext, prepared: Prepared, state: RunState, row: number, cells: Cells) {
  const values: Values = {};
  const parts: Record<string, Values> = {};
  const errors: ImportError[] = [];
  for (const col of prepared.columns) {
    const text = cells[col.field] ?? '';
    if (text === '') continue;
    const field = prepared.fields.get(col.field)!;
    const read = await cellValue(ctx, prepared, state, field, col.lookup, text);
    if ('message' in read) {
      errors.push({ row, field: col.field, value: text, message: read.message });
      continue;
    }
    const dot = col.field.indexOf('.');
    if (dot < 0) values[col.field] = read.value;
    else {
      const prefix = col.field.slice(0, dot);
      parts[prefix] = { ...parts[prefix], [col.field.slice(dot + 1)]: read.value };
    }
  }
  return { values, parts, errors };
}

/** A refusal of a service as the row's errors: each field's under its column, the rest for the row. */
export function errorsOfRefusal(error: unknown, row: number, cells: Cells, prefix = ''): ImportError[] {
  if (!(error instanceof HttpError)) throw error;
  if (!error.tree) return [{ row, message: error.message }];
  const errors: ImportError[] = [];
  for (const [path, messages] of Object.entries(flattenTree(error.tree))) {
    const field = path ? (prefix ? `${prefix}.${path.split('.')[0]}` : path.split('.')[0]!) : undefined;
    for (const message of messages) {
      errors.push(
        field && field in cells
          ? { row, field, value: cells[field], message }
          : { row, ...(path ? { field: prefix ? `${prefix}.${path}` : path } : {}), message },
      );
    }
  }
  return errors.length ? errors : [{ row, message: error.message }];
}

/** The ids of the target's records by each match key value of a chunk of rows (its text), in one query. */
async function matchingChunk(ctx: ImportContext, handle: ResourceHandle, key: string, values: unknown[]) {
  const found = new Map<string, number[]>();
  const by = column(handle, key);
  const id = column(handle, 'id')!;
  if (!by || !values.length) return found;
  const rows = await ctx.tx
    .select({ id, key: by })
    .from(handle.service.table as unknown as PgTable)
    .where(inArray(by, [...new Set(values)]));
  for (const row of rows) {
    const text = String(row.key);
    found.set(text, [...(found.get(text) ?? []), row.id as number]);
  }
  return found;
}

/**
 * The stored parts (contacts, bank accounts) of counterparties by each one's key (a contact's name, an
 * account's number or IBAN), in one query: `<counterpartyId>|<key>` → the part's id.
 */
async function storedParts(
  ctx: ImportContext,
  handle: ResourceHandle,
  keyField: string,
  wanted: readonly { counterpartyId: number; key: unknown }[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const owner = column(handle, 'counterpartyId')!;
  const key = column(handle, keyField);
  const id = column(handle, 'id')!;
  if (!key || !wanted.length) return found;
  const rows = await ctx.tx
    .select({ id, owner, key })
    .from(handle.service.table as unknown as PgTable)
    .where(
      and(
        inArray(owner, [...new Set(wanted.map((w) => w.counterpartyId))]),
        inArray(key, [...new Set(wanted.map((w) => w.key))]),
      ),
    );
  for (const row of rows) {
    const text = `${row.owner}|${String(row.key)}`;
    if (!found.has(text)) found.set(text, row.id as number);
  }
  return found;
}

/** A row of the file: its number and its cells. */
export interface FileRow {
  row: number;
  cells: Cells;
}

/**
 * Rows through the target's services (the same the API uses): their cells read (the references of the
 * whole chunk looked up at once), their records found by the match key (one query for the chunk), created
 * or updated, their parts written. The first refusal throws `RowRefused` with that row's errors.
 */
export async function writeRows(
  ctx: ImportContext,
  prepared: Prepared,
  state: RunState,
  rows: readonly FileRow[],
): Promise<('create' | 'update')[]> {
  await lookUpChunk(
    ctx,
    prepared,
    state,
    rows.map((r) => r.cells),
  );
  const read: (FileRow & { values: Values; parts: Record<string, Values> })[] = [];
  for (const { row, cells } of rows) {
    const { values, parts, errors } = await readRow(ctx, prepared, state, row, cells);
    if (errors.length) throw new RowRefused(errors);
    read.push({ row, cells, values, parts });
  }
  if (prepared.target === 'orderCargo') {
    for (const { values, row } of read) addCargoLine(state.cargo, values, row);
    return read.map(() => 'update');
  }
  const { handle, matchKey, mode } = prepared;
  const matches = matchKey
    ? await matchingChunk(
        ctx,
        handle,
        matchKey,
        read.map((r) => r.values[matchKey]).filter((v) => v !== undefined),
      )
    : new Map<string, number[]>();
  const planned = read.map((r) => {
    const { row, cells, values } = r;
    if (prepared.target === 'jobs' && prepared.orderId !== null) values.orderIds = [prepared.orderId];
    let existing: number | null = null;
    if (matchKey) {
      const key = values[matchKey];
      if (key === undefined) {
        if (mode !== 'insert') throw new RowRefused([{ row, field: matchKey, message: M.keyBlank }]);
      } else {
        const ids = matches.get(String(key)) ?? [];
        const value = cells[matchKey];
        if (ids.length > 1)
          throw new RowRefused([{ row, field: matchKey, value, message: M.referenceAmbiguous }]);
        if (ids.length === 1 && mode === 'insert')
          throw new RowRefused([{ row, field: matchKey, value, message: M.exists }]);
        if (ids.length === 0 && mode === 'update')
          throw new RowRefused([{ row, field: matchKey, value, message: M.notFound }]);
        existing = ids[0] ?? null;
      }
    }
    return { ...r, existing, id: existing ?? 0 };
  });
  // The new records created together, the changed ones updated together (one insert, one read of the
  // stored rows, the rules' lookups once for the chunk).
  const created = planned.filter((p) => p.existing === null);
  const ids = await createAll(ctx, handle, created);
  created.forEach((p, index) => {
    p.id = ids[index]!;
  });
  await updateAll(
    ctx,
    handle,
    planned.filter((p) => p.existing !== null),
  );
  // Each part (a contact, a bank account): the new records' created together; an existing record's the
  // one of that name or account updated (all of the chunk together), or a new one.
  for (const part of COUNTERPARTY_PARTS) {
    const owned = planned.filter((p) => p.parts[part.prefix]);
    if (!owned.length) continue;
    const partHandle = resourceHandle(ctx.registries, part.resource)!;
    const keyOf = (values: Values) =>
      part.prefix === 'contact' ? 'name' : values.account ? 'account' : 'iban';
    const known = owned.filter(
      (p) => p.existing !== null && p.parts[part.prefix]![keyOf(p.parts[part.prefix]!)],
    );
    const stored = new Map<string, number>();
    for (const keyField of new Set(known.map((p) => keyOf(p.parts[part.prefix]!)))) {
      const same = known.filter((p) => keyOf(p.parts[part.prefix]!) === keyField);
      const found = await storedParts(
        ctx,
        partHandle,
        keyField,
        same.map((p) => ({ counterpartyId: p.id, key: p.parts[part.prefix]![keyField] })),
      );
      for (const p of same) {
        const id = found.get(`${p.id}|${String(p.parts[part.prefix]![keyField])}`);
        if (id !== undefined) stored.set(`${p.row}`, id);
      }
    }
    await createAll(
      ctx,
      partHandle,
      owned
        .filter((p) => !stored.has(`${p.row}`))
        .map((p) => ({ ...p, values: { ...p.parts[part.prefix], counterpartyId: p.id } })),
      part.prefix,
    );
    await updateAll(
      ctx,
      partHandle,
      owned
        .filter((p) => stored.has(`${p.row}`))
        .map((p) => ({ ...p, existing: stored.get(`${p.row}`)!, values: p.parts[part.prefix]! })),
      part.prefix,
    );
  }
  return planned.map((p) => (p.existing === null ? 'create' : 'update'));
}

/**
 * Rows' new records created together through the resource's `createMany` (its rules, one insert): their
 * ids in order, or the first refused row's errors (`RowRefused`). A refusal no row is named for (a
 * constraint of the insert) is told apart by creating them one by one.
 */
async function createAll(
  ctx: ImportContext,
  handle: ResourceHandle,
  rows: readonly { row: number; cells: Cells; values: Values }[],
  prefix = '',
): Promise<number[]> {
  if (!rows.length) return [];
  try {
    const entities = await handle.service.createMany(
      ctx,
      rows.map((r) => r.values),
    );
    return entities.map((entity) => entity.id as number);
  } catch (error) {
    if (error instanceof ManyRefused) {
      const r = rows[error.index]!;
      throw new RowRefused(errorsOfRefusal(error.error, r.row, r.cells, prefix));
    }
    if (!(error instanceof HttpError) || rows.length === 1) {
      throw new RowRefused(errorsOfRefusal(error, rows[0]!.row, rows[0]!.cells, prefix));
    }
  }
  const ids: number[] = [];
  for (const r of rows) {
    try {
      ids.push((await handle.service.create(ctx, r.values)).id as number);
    } catch (error) {
      throw new RowRefused(errorsOfRefusal(error, r.row, r.cells, prefix));
    }
  }
  return ids;
}

/**
 * Rows' stored records (`existing`) changed together through the resource's `updateMany` (its rules, one
 * read of the stored rows, their lookups once), each as stored now: the first refused row's errors
 * (`RowRefused`), each under its cell.
 */
async function updateAll(
  ctx: ImportContext,
  handle: ResourceHandle,
  rows: readonly { row: number; cells: Cells; values: Values; existing: number | null }[],
  prefix = '',
): Promise<void> {
  if (!rows.length) return;
  try {
    await handle.service.updateMany(
      ctx,
      rows.map((r) => ({ id: r.existing!, input: r.values })),
    );
  } catch (error) {
    if (error instanceof ManyRefused) {
      const r = rows[error.index]!;
      throw new RowRefused(errorsOfRefusal(error.error, r.row, r.cells, prefix));
    }
    if (!(error instanceof HttpError) || rows.length === 1) {
      throw new RowRefused(errorsOfRefusal(error, rows[0]!.row, rows[0]!.cells, prefix));
    }
  }
  // A refusal no row is named for (a constraint of an update) is told apart by updating them one by one.
  for (const r of rows) {
    try {
      await handle.service.updateMany(ctx, [{ id: r.existing!, input: r.values }]);
    } catch (error) {
      throw new RowRefused(
        errorsOfRefusal(error instanceof ManyRefused ? error.error : error, r.row, r.cells, prefix),
      );
    }
  }
}

/** One row through the target's services (`writeRows` of one). */
export async function writeRow(
  ctx: ImportContext,
  prepared: Prepared,
  state: RunState,
  row: number,
  cells: Cells,
): Promise<'create' | 'update'> {
  return (await writeRows(ctx, prepared, state, [{ row, cells }]))[0]!;
}

const addDecimal = (a: string | null, b: unknown) =>
  b === undefined ? a : String(Math.round((Number(a ?? 0) + Number(b)) * 1e6) / 1e6);

/** A cargo line added to the order's totals: measures summed, words and TNVED codes gathered once each. */
function addCargoLine(totals: CargoTotals, values: Values, row: number) {
  totals.lines++;
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : null);
  const description = text('description');
  if (description && !totals.descriptions.includes(description)) totals.descriptions.push(description);
  const packaging = text('packaging');
  if (packaging && !totals.packaging.includes(packaging)) totals.packaging.push(packaging);
  const code = text('tnvedCode')?.replace(/\s+/g, '');
  if (code && !totals.tnvedCodes.includes(code)) {
    totals.tnvedCodes.push(code);
    totals.codeRows[code] = row;
  }
  if (typeof values.placeCount === 'number') totals.placeCount += values.placeCount;
  totals.weight = addDecimal(totals.weight, values.weight);
  totals.grossWeight = addDecimal(totals.grossWeight, values.grossWeight);
  totals.volume = addDecimal(totals.volume, values.volume);
}

/**
 * The order's cargo made of the file's lines, written through the order's update (its rules: the cargo's
 * checks, the edit scope, the lock of an archived order): the lines' sums replace its measures and places,
 * their descriptions and packaging are joined, their TNVED codes added to the order's.
 */
export async function writeCargo(ctx: ImportContext, prepared: Prepared, totals: CargoTotals): Promise<void> {
  if (totals.lines === 0 || prepared.orderId === null) return;
  const order = (await prepared.handle.service.find(ctx, prepared.orderId, { access: 'write' })) as {
    version: number;
    cargo: Record<string, unknown> & { tnvedCodes?: string[] };
  };
  const { declaredValuePerKg: _computed, ...cargo } = order.cargo;
  const next: Values = {
    ...cargo,
    unitSystem: 'metric',
    tnvedCodes: [...new Set([...(cargo.tnvedCodes ?? []), ...totals.tnvedCodes])],
  };
  if (totals.descriptions.length) next.description = totals.descriptions.join('; ').slice(0, 2000);
  if (totals.packaging.length) next.packaging = totals.packaging.join('; ').slice(0, 255);
  if (totals.placeCount) next.placeCount = totals.placeCount;
  if (totals.weight !== null) next.weight = totals.weight;
  if (totals.grossWeight !== null) next.grossWeight = totals.grossWeight;
  if (totals.volume !== null) next.volume = totals.volume;
  try {
    await prepared.handle.service.update(ctx, prepared.orderId, { cargo: next }, order.version);
  } catch (error) {
    // The order's refusal of its cargo said by the lines' fields; a TNVED code's goes to the row it came from.
    const codes = next.tnvedCodes as string[];
    throw new RowRefused(
      errorsOfRefusal(error, 0, {}).map((e) => {
        const [, name, index] = /^cargo\.(\w+)(?:\.(\d+))?/.exec(e.field ?? '') ?? [];
        if (name === 'tnvedCodes' && index !== undefined) {
          const code = codes[Number(index)]!;
          return { ...e, row: totals.codeRows[code] ?? 0, field: 'tnvedCode', value: code };
        }
        return name && name in CARGO_LINE_FIELDS ? { ...e, field: name } : e;
      }),
    );
  }
}
