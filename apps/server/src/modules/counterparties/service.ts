import {
  COUNTERPARTY_FIELD_RULES,
  type Counterparty,
  changedFieldsOf,
  counterpartyResource,
  creditStateOf,
  deniedFields,
  COUNTERPARTY_MESSAGES as M,
  MESSAGES,
  requisitesErrors,
  sameFieldValue,
  USER_MESSAGES,
} from '@tms/domain';
import { and, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingOfficeId, actingUserId, type Principal } from '../../platform/auth/context';
import { isValidIpEntry } from '../../platform/auth/ip';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import { users } from '../../platform/identity/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import {
  afterUpdate,
  type CallContext,
  type CreateInput,
  defaultEntity,
  ManyRefused,
  type ResourceContext,
  type ResourceHooks,
  type ResourceService,
  refusedAt,
  refusedAtAsync,
  resourceService,
  unwrapMany,
} from '../../platform/resources';
import { countries } from '../reference-data';
import { creditStateFilter, exposures } from './credit';
import { notifyBlackListed } from './notifications';
import { counterpartyScope } from './scope';
import { counterparties, counterpartyFeatures } from './tables';

export type CounterpartyRow = typeof counterparties.$inferSelect;
type CounterpartyInput = CreateInput<typeof counterpartyResource>;

/** What `checkCounterparty` reads of a counterparty as it will be stored (a body, or a row with one over it). */
interface CounterpartyRecord {
  client?: boolean;
  contractor?: boolean;
  blackList?: boolean;
  blackListReason?: string | null;
  creditLimit?: string | null;
  creditLimitThreshold?: string | null;
  countryId: number;
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  okpo?: string | null;
  apiAllowedIps?: readonly string[];
  featureIds?: readonly number[];
  curatorIds?: readonly number[];
  managerIds?: readonly number[];
}

/** Russia: the country whose INN, KPP, OGRN and OKPO are checked by their checksums. */
const RUSSIA = 'RU';

/** Equal as the user means it (the field roles' comparison). */
export const sameValue = sameFieldValue;

/** A locked counterparty refuses any change from users who may not work past the management lock. */
function assertUnlocked(auth: Principal, existing: CounterpartyRow, changed: readonly string[]): void {
  if (existing.managementLock && changed.length && !hasAnyRole(auth, ['ROLE_IGNORE_MANAGEMENT_LOCK'])) {
    throw forbidden(M.managementLock);
  }
}

/**
 * Field permissions (spec §6) of a change outside the resource service (a merge): the management lock,
 * then the field roles of the counterparty's descriptor.
 */
export function checkFieldAccess(
  auth: Principal,
  values: Readonly<Record<string, unknown>>,
  existing: CounterpartyRow,
): void {
  assertUnlocked(auth, existing, changedFieldsOf(values, existing));
  if (deniedFields(COUNTERPARTY_FIELD_RULES, values, existing, (role) => hasAnyRole(auth, [role])).length) {
    throw forbidden(M.fieldEditDenied);
  }
}

/**
 * The rules of a counterparty as it will be stored (`record`: the stored row with the members sent laid
 * over it): type, black list reason, credit amounts, Russian requisites, API addresses, references and the
 * one live counterparty per INN and KPP. Every failure is collected under its field.
 */
export async function checkCounterparty(
  tx: Tx,
  record: CounterpartyRecord,
  id: number | null,
): Promise<{ kpp?: string }> {
  return (await unwrapMany(checkCounterparties(tx, [record], [id])))[0]!;
}

/**
 * `checkCounterparty` of several records at once (written together: an import's chunk), each with its
 * stored id (null for a new one): the countries, the references and the INN/KPP pairs looked up in one
 * query each, each record's pair checked against the records before it too. The first refused record
 * throws `ManyRefused`.
 */
export async function checkCounterparties(
  tx: Tx,
  records: readonly CounterpartyRecord[],
  ids: readonly (number | null)[],
): Promise<{ kpp?: string }[]> {
  const countryIds = [...new Set(records.map((record) => record.countryId))];
  const codes = new Map(
    (
      await tx
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.id, countryIds))
    ).map((row) => [row.id, row.code]),
  );
  const referenced = new Map<(typeof REFERENCED)[number][1], Set<number>>();
  for (const [field, table] of REFERENCED) {
    const wanted = records.flatMap((record) => record[field] ?? []);
    if (!wanted.length) continue;
    const found = referenced.get(table) ?? new Set<number>();
    const missing = [...new Set(wanted)].filter((id) => !found.has(id));
    if (missing.length) {
      for (const row of await tx.select({ id: table.id }).from(table).where(inArray(table.id, missing))) {
        found.add(row.id);
      }
    }
    referenced.set(table, found);
  }
  const kppOf = (record: CounterpartyRecord) =>
    codes.get(record.countryId) === RUSSIA && typeof record.kpp === 'string'
      ? record.kpp.toUpperCase()
      : (record.kpp ?? '');
  const inns = [...new Set(records.map((record) => record.inn).filter((inn): inn is string => !!inn))];
  const stored = inns.length
    ? await tx
        .select({
          id: counterparties.id,
          inn: counterparties.inn,
          kpp: sql<string>`coalesce(${counterparties.kpp}, '')`,
        })
        .from(counterparties)
        .where(and(inArray(counterparties.inn, inns), isNull(counterparties.mergedIntoId)))
    : [];
  const pairs = new Map<string, number[]>();
  for (const row of stored) {
    const key = `${row.inn}|${row.kpp}`;
    pairs.set(key, [...(pairs.get(key) ?? []), row.id]);
  }
  return records.map((record, index) => {
    const errors = new ErrorCollector();
    const out: { kpp?: string } = {};
    if (!record.client && !record.contractor) errors.add(['client'], M.clientOrContractor);
    if (record.blackList && !record.blackListReason) errors.add(['blackListReason'], M.reasonRequired);
    const { creditLimit: limit, creditLimitThreshold: threshold } = record;
    if (threshold != null && (limit == null || Number(threshold) > Number(limit))) {
      errors.add(['creditLimitThreshold'], M.creditLimit);
    }
    const code = codes.get(record.countryId);
    if (code === undefined) errors.add(['countryId'], MESSAGES.invalid);
    if (code === RUSSIA) {
      if (typeof record.kpp === 'string') out.kpp = record.kpp.toUpperCase();
      const requisites = requisitesErrors({
        inn: record.inn,
        kpp: out.kpp ?? record.kpp,
        ogrn: record.ogrn,
        okpo: record.okpo,
      });
      for (const [field, message] of Object.entries(requisites)) errors.add([field], message);
    }
    (record.apiAllowedIps ?? []).forEach((entry, i) => {
      if (!isValidIpEntry(entry)) errors.add(['apiAllowedIps', i], USER_MESSAGES.invalidIp);
    });
    for (const [field, table] of REFERENCED) {
      const found = referenced.get(table);
      (record[field] ?? []).forEach((refId, i) => {
        if (!found?.has(refId)) errors.add([field, i], MESSAGES.invalid);
      });
    }
    const { inn } = record;
    if (inn) {
      const key = `${inn}|${kppOf(record)}`;
      const id = ids[index] ?? null;
      if ((pairs.get(key) ?? []).some((other) => other !== id)) errors.add(['inn'], M.duplicateInnKpp);
      // The records before it in the call are stored before it: its pair is taken by them too.
      pairs.set(key, [...(pairs.get(key) ?? []), id ?? -1 - index]);
    }
    refusedAt(index, () => errors.throwIfAny());
    return out;
  });
}

/** The references `checkCounterparties` checks exist, and the table of each. */
const REFERENCED = [
  ['featureIds', counterpartyFeatures],
  ['curatorIds', users],
  ['managerIds', users],
] as const;

/** Rows → the API's counterparties: no key hash, the computed credit members (one query for all), dates as ISO text. */
export async function counterpartyEntities(
  rows: readonly CounterpartyRow[],
  ctx: CallContext,
): Promise<Counterparty[]> {
  const exposure = await exposures(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => counterpartyOf(row, exposure.get(row.id) ?? '0.00'));
}

/** One row → the API's counterparty (see `counterpartyEntities`). */
export async function counterpartyEntity(row: CounterpartyRow, ctx: CallContext): Promise<Counterparty> {
  return (await counterpartyEntities([row], ctx))[0]!;
}

function counterpartyOf(row: CounterpartyRow, exposure: string): Counterparty {
  // Members set on the fresh entity rather than spread into another copy of a wide row (a page of them).
  const entity = defaultEntity(counterpartyResource, row);
  entity.creditExposure = exposure;
  entity.creditState = creditStateOf(row.creditLimit, row.creditLimitThreshold, exposure);
  entity.hasApiKey = row.apiKeyHash !== null;
  entity.merged = row.mergedIntoId !== null;
  return entity as Counterparty;
}

/** The rows among `ids` inside `scope` (undefined: everything). */
async function inScope(tx: Tx, ids: readonly number[], scope: SQL | undefined): Promise<Set<number>> {
  if (!scope) return new Set(ids);
  const rows = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(inArray(counterparties.id, [...ids]), scope));
  return new Set(rows.map((row) => row.id));
}

/** The engine's hooks of the counterparty resource. */
export function counterpartyHooks(): ResourceHooks<CounterpartyRow, CounterpartyInput> {
  const hooks: ResourceHooks<CounterpartyRow, CounterpartyInput> = {
    scope: (auth, access) => counterpartyScope(auth, access),
    beforeCreate: async (ctx: ResourceContext, values) =>
      (await unwrapMany(hooks.beforeCreateMany!(ctx, [values])))[0],
    beforeCreateMany: async ({ tx, auth }: ResourceContext, many) => {
      const records = many.map((values) => ({
        ...values,
        client: values.client ?? false,
        contractor: values.contractor ?? false,
        serviceOfficeId: values.serviceOfficeId === undefined ? actingOfficeId(auth) : values.serviceOfficeId,
        curatorIds: values.curatorIds?.length
          ? values.curatorIds
          : [actingUserId(auth)].filter((id) => id !== null),
      }));
      const fixed = await checkCounterparties(
        tx,
        records,
        records.map(() => null),
      );
      return records.map((record, index) => ({ ...record, ...fixed[index] }));
    },
    guardUpdate: ({ auth }, existing, changed) => {
      if (existing.mergedIntoId !== null) throw fieldError([], M.alreadyMerged);
      assertUnlocked(auth, existing, changed);
    },
    beforeUpdate: async (ctx, values, existing) =>
      (await unwrapMany(hooks.beforeUpdateMany!(ctx, [{ values, existing }])))[0],
    beforeUpdateMany: async ({ tx }, items) => {
      const fixed = await checkCounterparties(
        tx,
        items.map(({ values, existing }) => afterUpdate(values, existing)),
        items.map(({ existing }) => existing.id),
      );
      return items.map(({ values }, index) => ({ ...values, ...fixed[index] }));
    },
    beforeDelete: ({ auth }, row) => {
      if (row.managementLock && !hasAnyRole(auth, ['ROLE_IGNORE_MANAGEMENT_LOCK'])) {
        throw forbidden(M.managementLock);
      }
    },
    afterCreateMany: async (ctx, events) => {
      // New records must land inside the creator's own edit scope: no creating what one cannot reach.
      const ids = events.map((event) => event.after!.id);
      const inside = await inScope(ctx.tx, ids, counterpartyScope(ctx.auth, 'write'));
      const index = ids.findIndex((id) => !inside.has(id));
      if (index >= 0) throw new ManyRefused(index, forbidden());
      for (const [i, { after }] of events.entries()) {
        if (after?.blackList) await refusedAtAsync(i, () => notifyBlackListed(ctx, after));
      }
    },
    afterWrite: async (ctx, event) => {
      if (event.action === 'create') return unwrapMany(hooks.afterCreateMany!(ctx, [event]));
      const { tx, auth, registries } = ctx;
      const { before, after } = event;
      if (after?.blackList && !before?.blackList) await notifyBlackListed({ tx, auth, registries }, after);
      if (event.action === 'update' && before && after && before.name !== after.name) {
        for (const hook of registries.contributions('counterpartyRenameHooks').values()) {
          await hook(tx, after.id, after.name);
        }
      }
    },
    toEntities: counterpartyEntities,
    // What `counterpartyOf` reads beyond the entity: a list leaves out the search columns.
    entityColumns: ['apiKeyHash', 'mergedIntoId'],
  };
  return hooks;
}

/** `merged`: live records unless merged ones are asked for (`true`), or both (`true,false`). */
export function mergedFilter(values: string[]): SQL | undefined {
  const wanted = new Set<boolean>();
  for (const value of values) {
    if (['true', '1'].includes(value)) wanted.add(true);
    else if (['false', '0'].includes(value)) wanted.add(false);
    else throw fieldError(['merged'], MESSAGES.choice);
  }
  if (!wanted.size) wanted.add(false);
  if (wanted.size === 2) return undefined;
  return wanted.has(true) ? isNotNull(counterparties.mergedIntoId) : isNull(counterparties.mergedIntoId);
}

/** The counterparty resource as a service: the routes serve it, other code calls it. */
export const counterpartyService: ResourceService<CounterpartyRow> = resourceService(
  counterpartyResource,
  counterparties,
  { hooks: counterpartyHooks(), filters: { merged: mergedFilter, creditState: creditStateFilter } },
);
