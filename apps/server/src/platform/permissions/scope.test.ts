import { and, arrayContains, asc, eq, type SQL, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { createTestDatabase } from '../../test/harness';
import { HttpError } from '../errors';
import { resolveScope, type ScopeBuilders, type ScopeUser, scopeCondition, scopeFilter } from './scope';

/** A table of its own, made by the test: one row per combination the scopes look at. */
const records = pgTable('scope_test_records', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  officeId: integer('office_id'),
  managerOfficeId: integer('manager_office_id'),
  paymentFormOfficeId: integer('payment_form_office_id'),
  relatedUserIds: integer('related_user_ids').array().notNull(),
});
/** Who reports to whom, standing in for the company structure. */
const reports = pgTable('scope_test_reports', {
  managerId: integer('manager_id').notNull(),
  userId: integer('user_id').notNull(),
});

const ME = 10;
const MY_OFFICE = 1;

// id, owner, office, manager office, payment-form office, related users
const ROWS: [number, number, number | null, number | null, number | null, number[]][] = [
  [1, ME, 2, 2, 2, []], // mine, in another office
  [2, 20, MY_OFFICE, 2, 2, []], // my office's
  [3, 20, 2, MY_OFFICE, 2, []], // my office manages it
  [4, 20, 2, 2, MY_OFFICE, []], // paid through my office's payment form
  [5, 30, 2, 2, 2, [ME]], // I am related to it
  [6, 40, 2, 2, 2, []], // my subordinate's
  [7, 50, null, null, null, []], // nobody's business of mine
];

const orderBuilders: ScopeBuilders<'ROLE_ORDER_VIEW'> = {
  own: (userId) => eq(records.ownerId, userId),
  related: (userId) => arrayContains(records.relatedUserIds, [userId]),
  subordinates: (userIds) => sql`${records.ownerId} = ANY(${userIds})`,
  office: (officeId) => eq(records.officeId, officeId),
};

const billBuilders: ScopeBuilders<'ROLE_BILL_VIEW'> = {
  own: (userId) => eq(records.ownerId, userId),
  related: (userId) => arrayContains(records.relatedUserIds, [userId]),
  managerOffice: (officeId) => eq(records.managerOfficeId, officeId),
  paymentFormOffice: (officeId) => eq(records.paymentFormOfficeId, officeId),
  subordinates: (userIds) => sql`${records.ownerId} = ANY(${userIds})`,
};

let database: Database;

/** The company structure's dimension as a module would give it: the user and those who report to him. */
const underMe = (userId: number) =>
  sql`ARRAY(SELECT user_id FROM scope_test_reports WHERE manager_id = ${userId} UNION SELECT ${userId}::int)`;

function user(roles: string[], serviceOfficeId: number | null = MY_OFFICE): ScopeUser {
  return { userId: ME, contactId: 100, serviceOfficeId, roles: new Set(roles), subordinates: underMe };
}

async function visible(where: SQL | undefined): Promise<number[]> {
  const rows = await database.db
    .select({ id: records.id })
    .from(records)
    .where(where)
    .orderBy(asc(records.id));
  return rows.map((r) => r.id);
}

const orders = (roles: string[], office?: number | null) =>
  visible(scopeCondition(user(roles, office), 'ROLE_ORDER_VIEW', orderBuilders));
const bills = (roles: string[]) => visible(scopeCondition(user(roles), 'ROLE_BILL_VIEW', billBuilders));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE scope_test_records (
    id integer PRIMARY KEY, owner_id integer NOT NULL, office_id integer, manager_office_id integer,
    payment_form_office_id integer, related_user_ids integer[] NOT NULL)`);
  await database.db.execute(
    sql`CREATE TABLE scope_test_reports (manager_id integer NOT NULL, user_id integer NOT NULL)`,
  );
  await database.db.insert(records).values(
    ROWS.map(([id, ownerId, officeId, managerOfficeId, paymentFormOfficeId, relatedUserIds]) => ({
      id,
      ownerId,
      officeId,
      managerOfficeId,
      paymentFormOfficeId,
      relatedUserIds,
    })),
  );
  await database.db.insert(reports).values([
    { managerId: ME, userId: 40 },
    { managerId: 99, userId: 50 },
  ]);
});
afterAll(() => database.close());

describe('scopeCondition on own / office / all', () => {
  it('own reaches only the user’s rows', async () => {
    expect(await orders(['ROLE_ORDER_VIEW_OWN'])).toEqual([1]);
  });

  it('office reaches only the rows of the user’s office', async () => {
    expect(await orders(['ROLE_ORDER_VIEW_OFFICE'])).toEqual([2]);
  });

  it('own and office together reach both', async () => {
    expect(await orders(['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_OFFICE'])).toEqual([1, 2]);
  });

  it('all is no restriction, and the widest scope wins', async () => {
    expect(scopeCondition(user(['ROLE_ORDER_VIEW_ALL']), 'ROLE_ORDER_VIEW', orderBuilders)).toBeUndefined();
    expect(await orders(['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_ALL'])).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('the administrator sees everything', async () => {
    expect(await orders(['ROLE_ADMIN'])).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('office reaches nothing for a user without an office, without being a 403', async () => {
    expect(await orders(['ROLE_ORDER_VIEW_OFFICE'], null)).toEqual([]);
    expect(await orders(['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_OFFICE'], null)).toEqual([1]);
  });

  it('no role of the permission is a 403; another permission’s roles do not count', () => {
    for (const roles of [[], ['ROLE_ORDER_EDIT_ALL'], ['ROLE_BILL_VIEW_ALL']]) {
      let error: unknown;
      try {
        scopeCondition(user(roles), 'ROLE_ORDER_VIEW', orderBuilders);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(403);
    }
  });
});

describe('scopeCondition on the extended set', () => {
  it.each([
    ['ROLE_BILL_VIEW_OWN', [1]],
    ['ROLE_BILL_VIEW_RELATED', [5]],
    ['ROLE_BILL_VIEW_MANAGER_OFFICE', [3]],
    ['ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE', [4]],
    ['ROLE_BILL_VIEW_SUBORDINATES', [1, 6]],
    ['ROLE_BILL_VIEW_ALL', [1, 2, 3, 4, 5, 6, 7]],
  ])('%s reaches its rows', async (role, expected) => {
    expect(await bills([role])).toEqual(expected);
  });

  it('reaches the user alone by the subordinates scope until the company structure says more', async () => {
    const alone: ScopeUser = { ...user(['ROLE_BILL_VIEW_SUBORDINATES']), subordinates: undefined };
    expect(await visible(scopeCondition(alone, 'ROLE_BILL_VIEW', billBuilders))).toEqual([1]);
  });

  it('several scopes reach the union of their rows', async () => {
    expect(await bills(['ROLE_BILL_VIEW_MANAGER_OFFICE', 'ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE'])).toEqual([
      3, 4,
    ]);
    expect(
      await bills(['ROLE_BILL_VIEW_OWN', 'ROLE_BILL_VIEW_RELATED', 'ROLE_BILL_VIEW_SUBORDINATES']),
    ).toEqual([1, 5, 6]);
  });

  it('combines with the other conditions of a query (get by id)', async () => {
    const scope = scopeCondition(user(['ROLE_BILL_VIEW_OWN']), 'ROLE_BILL_VIEW', billBuilders);
    expect(await visible(and(eq(records.id, 1), scope))).toEqual([1]);
    expect(await visible(and(eq(records.id, 2), scope))).toEqual([]);
  });
});

describe('resolveScope and scopeFilter', () => {
  it('tell no access from restricted and all', () => {
    expect(resolveScope(user([]), 'ROLE_ORDER_VIEW', orderBuilders)).toEqual({ access: 'none' });
    expect(resolveScope(user(['ROLE_ORDER_VIEW_ALL']), 'ROLE_ORDER_VIEW', orderBuilders)).toEqual({
      access: 'all',
    });
    const restricted = resolveScope(
      user(['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_OFFICE']),
      'ROLE_ORDER_VIEW',
      orderBuilders,
    );
    expect(restricted.access).toBe('restricted');
    expect(restricted.access === 'restricted' && restricted.scopes).toEqual(['office', 'own']);
  });

  it('scopeFilter matches nothing without the permission instead of refusing', async () => {
    expect(await visible(scopeFilter(user([]), 'ROLE_ORDER_VIEW', orderBuilders))).toEqual([]);
    expect(
      await visible(scopeFilter(user(['ROLE_ORDER_VIEW_OWN']), 'ROLE_ORDER_VIEW', orderBuilders)),
    ).toEqual([1]);
    expect(scopeFilter(user(['ROLE_ORDER_VIEW_ALL']), 'ROLE_ORDER_VIEW', orderBuilders)).toBeUndefined();
  });
});
