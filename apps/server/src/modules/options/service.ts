import {
  RESOURCE_MESSAGES,
  type SystemOptions,
  type SystemOptionsUpdate,
  type SystemOptionsValues,
  systemOptionsValuesSchema,
} from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { diff, recordChange } from '../../platform/changelog/service';
import { conflict, fieldError } from '../../platform/errors';
import { systemOptions } from './tables';

export const SYSTEM_OPTIONS_ENTITY = 'systemOptions';

type Row = typeof systemOptions.$inferSelect;

const VALUE_KEYS = Object.keys(systemOptionsValuesSchema.shape) as (keyof SystemOptionsValues)[];

const MONEY_KEYS = ['cargoInsuredValue', 'cargoDeclaredValue', 'cargoDeclaredValuePerKg'] as const;

/** "20" → "20.00", "007.5" → "7.50": the form numeric(18,2) gives back, so the change log sees real changes. */
function normalizeAmount(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

function values(row: Row): SystemOptionsValues {
  return Object.fromEntries(VALUE_KEYS.map((key) => [key, row[key]])) as SystemOptionsValues;
}

function toOptions(row: Row): SystemOptions {
  return { ...values(row), version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/** Creates the options row with the defaults when there is none; safe to run from several instances. */
export async function ensureSystemOptions(db: Tx): Promise<void> {
  await db.insert(systemOptions).values({}).onConflictDoNothing({ target: systemOptions.singleton });
}

async function loadRow(db: Tx): Promise<Row> {
  const [row] = await db.select().from(systemOptions).where(eq(systemOptions.singleton, true));
  if (row) return row;
  await ensureSystemOptions(db);
  const [created] = await db.select().from(systemOptions).where(eq(systemOptions.singleton, true));
  return created!;
}

/** The current system options, for any module (archiver, offers, bills, ...). */
export async function getOptions(db: Tx | Db): Promise<SystemOptions> {
  return toOptions(await loadRow(db));
}

/**
 * Changes some options. `version` is the one the edit was based on; a stale one changes nothing and
 * answers 409. The change goes to the change log in the same transaction.
 */
export async function updateOptions(
  db: Db,
  auth: AuthContext,
  input: Omit<SystemOptionsUpdate, 'version'>,
  version: number | undefined,
): Promise<SystemOptions> {
  if (version === undefined) throw fieldError(['version'], RESOURCE_MESSAGES.versionRequired);
  const next = { ...input };
  for (const key of MONEY_KEYS) {
    const amount = next[key];
    if (amount !== undefined) next[key] = normalizeAmount(amount);
  }
  return db.transaction(async (tx) => {
    const before = await loadRow(tx);
    if (before.version !== version) throw conflict();
    const changes = diff(values(before), { ...values(before), ...next });
    if (Object.keys(changes).length === 0) return toOptions(before);
    // The version check lives in the UPDATE itself: of two concurrent saves only one matches.
    const [after] = await tx
      .update(systemOptions)
      .set({ ...next, version: sql`${systemOptions.version} + 1`, updatedAt: new Date() })
      .where(and(eq(systemOptions.id, before.id), eq(systemOptions.version, version)))
      .returning();
    if (!after) throw conflict();
    await recordChange(tx, {
      entityType: SYSTEM_OPTIONS_ENTITY,
      entityId: after.id,
      action: 'update',
      auth,
      changes,
    });
    return toOptions(after);
  });
}
