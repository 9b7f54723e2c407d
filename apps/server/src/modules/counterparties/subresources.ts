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
  registerResource,
  registerResourceRoutes,
  resourceService,
  type Updated,
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
  const read = counterpartyScope(auth, 'read', false);
  const write = counterpartyScope(auth, 'write', false);
  const [parent] = await tx
    .select({
      contractor: counterparties.contractor,
      managementLock: counterparties.managementLock,
      mergedIntoId: counterparties.mergedIntoId,
      writable: write ? sql<boolean>`${write}` : sql<boolean>`true`,
    })
    .from(counterparties)
    .where(and(eq(counterparties.id, counterpartyId), read))
    .limit(1);
  if (!parent) throw notFound();
  if (!parent.writable) throw forbidden();
  if (parent.managementLock && !hasAnyRole(auth, ['ROLE_IGNORE_MANAGEMENT_LOCK'])) {
    throw forbidden(M.managementLock);
  }
  if (parent.mergedIntoId !== null) throw fieldError(['counterpartyId'], M.alreadyMerged);
  if (contractorOnly && !parent.contractor) throw fieldError(['counterpartyId'], M.contractorOnly);
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
      { check: checkBankAccount },
    ),
  },
);

/** Contacts, bank accounts and agreements of counterparties. */
export function registerCounterpartyParts(app: App): void {
  registerResource(app, counterpartyContactResource, contacts as typeof contacts & ResourceTable, {
    hooks: ownedHooks<ContactRow, CreateInput<typeof counterpartyContactResource>>(contacts.counterpartyId, {
      only: isNotNull(contacts.counterpartyId),
      check: checkContact,
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
