import {
  counterpartyAgreementResource,
  counterpartyBankAccountResource,
  counterpartyContactResource,
  isValidIban,
  COUNTERPARTY_MESSAGES as M,
  MESSAGES,
  normalizeIban,
  russianBankDetailsErrors,
} from '@tms/domain';
import { and, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { ErrorCollector, fieldError, forbidden, notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { contacts } from '../../platform/identity/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import {
  afterUpdate,
  type CreateInput,
  type ResourceHooks,
  type ResourceTable,
  refusedAt,
  refusedAtAsync,
  registerResource,
  registerResourceRoutes,
  resourceService,
  type Updated,
  unwrapMany,
  type WriteValues,
} from '../../platform/resources';
import { contactInfoTypes } from '../reference-data';
import { counterpartyScope, underCounterpartyScope } from './scope';
import { counterparties, counterpartyAgreements, counterpartyBankAccounts } from './tables';

type Owned = { id: number; counterpartyId: number | null };

/**
 * The counterparty a record is written under must be one the user may change, live (not merged), not
 * locked by the management (unless the user may work past the lock) and, for drivers and vehicles, a
 * contractor. Outside the user's sight it does not exist (404); seen but not editable is 403.
 */
async function checkParent(
  tx: Tx,
  auth: Principal,
  counterpartyId: number,
  contractorOnly: boolean,
): Promise<void> {
  await unwrapMany(checkParents(tx, auth, [counterpartyId], contractorOnly));
}

/** `checkParent` of several records' counterparties at once (one query); the first refused throws `ManyRefused`. */
async function checkParents(
  tx: Tx,
  auth: Principal,
  counterpartyIds: readonly number[],
  contractorOnly: boolean,
): Promise<void> {
  const read = counterpartyScope(auth, 'read', false);
  const write = counterpartyScope(auth, 'write', false);
  const parents = new Map(
    (
      await tx
        .select({
          id: counterparties.id,
          contractor: counterparties.contractor,
          managementLock: counterparties.managementLock,
          mergedIntoId: counterparties.mergedIntoId,
          writable: write ? sql<boolean>`${write}` : sql<boolean>`true`,
        })
        .from(counterparties)
        .where(and(inArray(counterparties.id, [...new Set(counterpartyIds)]), read))
    ).map((parent) => [parent.id, parent]),
  );
  counterpartyIds.forEach((counterpartyId, index) => {
    refusedAt(index, () => {
      const parent = parents.get(counterpartyId);
      if (!parent) throw notFound();
      if (!parent.writable) throw forbidden();
      if (parent.managementLock && !hasAnyRole(auth, ['ROLE_IGNORE_MANAGEMENT_LOCK'])) {
        throw forbidden(M.managementLock);
      }
      if (parent.mergedIntoId !== null) throw fieldError(['counterpartyId'], M.alreadyMerged);
      if (contractorOnly && !parent.contractor) throw fieldError(['counterpartyId'], M.contractorOnly);
    });
  });
}

/**
 * Hooks shared by the records kept under a counterparty (here and in other modules: carriers' drivers and
 * vehicles): the parent's scope for reads and writes, the
 * parent checks on every write (also the new parent when a record moves), then the record's own rules
 * (`check`, on the record as the write leaves it: the body of a create, the row with the members sent laid
 * over it for an update), which may answer column values to write too.
 */
export function ownedHooks<Row extends Owned, Input extends { counterpartyId: number }>(
  column: PgColumn,
  options: {
    contractorOnly?: boolean;
    /** Rows of this table that are not a counterparty's (contacts of users). */
    only?: SQL;
    check?: (
      tx: Tx,
      record: Input | Updated<Row, Partial<Input>>,
      existing: Row | null,
    ) => Promise<WriteValues<Row, Input> | undefined> | WriteValues<Row, Input> | undefined;
    /** `check` of several new records at once (`createMany`); unset, `check` runs per record. */
    checkNew?: (tx: Tx, records: Input[]) => Promise<(WriteValues<Row, Input> | undefined)[]>;
  } = {},
): ResourceHooks<Row, Input> {
  const contractorOnly = options.contractorOnly ?? false;
  // The body with what the check completes (both of the resource's members, so one WriteValues).
  const completed = (values: Partial<Input>, extra: WriteValues<Row, Input> | undefined) =>
    ({ ...values, ...extra }) as WriteValues<Row, Input>;
  return {
    scope: (auth, access) => {
      const scope = underCounterpartyScope(auth, access, column);
      return options.only ? and(options.only, scope) : scope;
    },
    beforeCreate: async ({ tx, auth }, values) => {
      await checkParent(tx, auth, values.counterpartyId, contractorOnly);
      return completed(values, await options.check?.(tx, values, null));
    },
    // Only with a check made for several new records: another check may read what the records before wrote.
    beforeCreateMany:
      options.check && !options.checkNew
        ? undefined
        : async ({ tx, auth }, many) => {
            await checkParents(
              tx,
              auth,
              many.map((values) => values.counterpartyId),
              contractorOnly,
            );
            const extra = await options.checkNew?.(tx, many);
            return many.map((values, index) => completed(values, extra?.[index]));
          },
    beforeUpdate: async ({ tx, auth }, values, existing) => {
      await checkParent(tx, auth, existing.counterpartyId!, contractorOnly);
      if (values.counterpartyId !== undefined && values.counterpartyId !== existing.counterpartyId) {
        await checkParent(tx, auth, values.counterpartyId, contractorOnly);
      }
      return completed(values, await options.check?.(tx, afterUpdate(values, existing), existing));
    },
    beforeDelete: async ({ tx, auth }, row) => {
      await checkParent(tx, auth, row.counterpartyId!, false);
    },
    // Enabling and disabling (contacts) have no before-hook: the same parent rules, in the same transaction.
    afterWrite: async ({ tx, auth }, event) => {
      if ((event.action === 'enable' || event.action === 'disable') && event.after) {
        await checkParent(tx, auth, event.after.counterpartyId!, false);
      }
    },
  };
}

type BankAccountRow = typeof counterpartyBankAccounts.$inferSelect;

/** An account's own checks (a Russian one by its keys, any other by its IBAN), its IBAN normalised. */
function bankDetails(record: {
  bik?: string | null;
  account?: string | null;
  correspondentAccount?: string | null;
  iban?: string | null;
}): { iban?: string; primary?: boolean } {
  const errors = new ErrorCollector();
  const out: { iban?: string; primary?: boolean } = {};
  const { bik } = record;
  if (bik) {
    if (!record.account) errors.add(['account'], MESSAGES.blank);
    const details = russianBankDetailsErrors({
      bik,
      account: record.account ?? null,
      correspondentAccount: record.correspondentAccount ?? null,
    });
    for (const [field, message] of Object.entries(details)) errors.add([field], message);
  } else if (!record.iban) {
    errors.add(['iban'], M.ibanRequired);
  }
  if (typeof record.iban === 'string' && record.iban) {
    out.iban = normalizeIban(record.iban);
    if (!isValidIban(out.iban)) errors.add(['iban'], M.iban);
  }
  errors.throwIfAny();
  return out;
}

/**
 * A Russian account (BIK given) by the BIK's and the accounts' control keys, any other by its IBAN. The
 * first account of a counterparty is its primary one unless said otherwise; making another primary takes the mark from the old.
 */
async function checkBankAccount(
  tx: Tx,
  record: {
    counterpartyId: number;
    bik?: string | null;
    account?: string | null;
    correspondentAccount?: string | null;
    iban?: string | null;
    primary?: boolean;
  },
  existing: BankAccountRow | null,
): Promise<{ iban?: string; primary?: boolean }> {
  const out = bankDetails(record);
  const { counterpartyId } = record;
  const others = and(
    eq(counterpartyBankAccounts.counterpartyId, counterpartyId),
    existing ? ne(counterpartyBankAccounts.id, existing.id) : undefined,
  );
  if (record.primary) {
    await tx
      .update(counterpartyBankAccounts)
      .set({ primary: false, version: sql`${counterpartyBankAccounts.version} + 1`, updatedAt: new Date() })
      .where(and(others, eq(counterpartyBankAccounts.primary, true)));
  } else if (!existing && record.primary === undefined) {
    const [another] = await tx
      .select({ id: counterpartyBankAccounts.id })
      .from(counterpartyBankAccounts)
      .where(others)
      .limit(1);
    if (!another) out.primary = true;
  }
  return out;
}

/**
 * `checkBankAccount` of several new accounts at once: each checked alone, then which of their counterparties
 * have an account already in one query; as one by one, the first account of a counterparty (stored or
 * earlier in the call) is its primary one, and one made primary takes the mark from the others.
 */
async function checkNewBankAccounts(
  tx: Tx,
  records: readonly Parameters<typeof checkBankAccount>[1][],
): Promise<{ iban?: string; primary?: boolean }[]> {
  const out = records.map((record, index) => refusedAt(index, () => bankDetails(record)));
  const ids = [...new Set(records.map((record) => record.counterpartyId))];
  const having = new Set(
    (
      await tx
        .selectDistinct({ id: counterpartyBankAccounts.counterpartyId })
        .from(counterpartyBankAccounts)
        .where(inArray(counterpartyBankAccounts.counterpartyId, ids))
    ).map((row) => row.id),
  );
  const primaryAt = new Map<number, number>();
  for (const [index, record] of records.entries()) {
    const { counterpartyId } = record;
    if (record.primary) {
      if (having.has(counterpartyId)) {
        await tx
          .update(counterpartyBankAccounts)
          .set({
            primary: false,
            version: sql`${counterpartyBankAccounts.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(counterpartyBankAccounts.counterpartyId, counterpartyId),
              eq(counterpartyBankAccounts.primary, true),
            ),
          );
      }
      const earlier = primaryAt.get(counterpartyId);
      if (earlier !== undefined) out[earlier]!.primary = false;
      primaryAt.set(counterpartyId, index);
    } else if (record.primary === undefined && !having.has(counterpartyId)) {
      out[index]!.primary = true;
      primaryAt.set(counterpartyId, index);
    }
    having.add(counterpartyId);
  }
  return out;
}

type AgreementRow = typeof counterpartyAgreements.$inferSelect;

function checkAgreement(
  _tx: Tx,
  { validFrom: from, validUntil: until }: { validFrom?: string | null; validUntil?: string | null },
): undefined {
  if (from && until && until < from) throw fieldError(['validUntil'], M.endBeforeStart);
  return undefined;
}

type ContactRow = typeof contacts.$inferSelect;

/** Each contact detail names a configured contact info type. */
async function checkContact(
  tx: Tx,
  record: { contactInfos?: readonly { typeId: number }[] | null },
): Promise<undefined> {
  const infos = record.contactInfos ?? [];
  if (!infos.length) return undefined;
  const known = new Set(
    (
      await tx
        .select({ id: contactInfoTypes.id })
        .from(contactInfoTypes)
        .where(inArray(contactInfoTypes.id, [...new Set(infos.map((i) => i.typeId))]))
    ).map((r) => r.id),
  );
  const errors = new ErrorCollector();
  infos.forEach((info, index) => {
    if (!known.has(info.typeId)) errors.add(['contactInfos', index, 'typeId'], MESSAGES.invalid);
  });
  errors.throwIfAny();
  return undefined;
}

/** A counterparty's bank accounts as a service: its routes, and a bank statement's new counterparty. */
export const counterpartyBankAccountService = resourceService(
  counterpartyBankAccountResource,
  counterpartyBankAccounts,
  {
    hooks: ownedHooks<BankAccountRow, CreateInput<typeof counterpartyBankAccountResource>>(
      counterpartyBankAccounts.counterpartyId,
      { check: checkBankAccount, checkNew: checkNewBankAccounts },
    ),
  },
);

/** Contacts, bank accounts and agreements of counterparties. */
export function registerCounterpartyParts(app: App): void {
  registerResource(app, counterpartyContactResource, contacts as typeof contacts & ResourceTable, {
    hooks: ownedHooks<ContactRow, CreateInput<typeof counterpartyContactResource>>(contacts.counterpartyId, {
      only: isNotNull(contacts.counterpartyId),
      check: checkContact,
      // Each contact's details alone: a contact reads nothing another writes.
      checkNew: async (tx, records) => {
        for (const [index, record] of records.entries())
          await refusedAtAsync(index, () => checkContact(tx, record));
        return records.map(() => undefined);
      },
    }),
  });
  registerResourceRoutes(app, counterpartyBankAccountService);
  registerResource(app, counterpartyAgreementResource, counterpartyAgreements, {
    hooks: ownedHooks<AgreementRow, CreateInput<typeof counterpartyAgreementResource>>(
      counterpartyAgreements.counterpartyId,
      { check: checkAgreement },
    ),
  });
}
