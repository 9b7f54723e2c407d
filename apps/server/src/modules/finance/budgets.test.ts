import {
  BUDGET_MESSAGES,
  type BudgetFigures,
  ERROR_MESSAGES,
  FIELD_ROLE_MESSAGES,
  flattenTree,
  MESSAGES,
  type Role,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { defineModule } from '../../platform/modules';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { bills, budgetPlans } from './tables';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

const REFS: Role[] = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_ORDER_VIEW_ALL', 'ROLE_JOB_VIEW_ALL'];
const CLERK: Role[] = [
  ...REFS,
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_OWN',
  'ROLE_BILL_EDIT_OWN',
  'ROLE_BILL_DELETE',
];
const OVERHEAD: Role[] = [
  'ROLE_OVERHEAD_BILL_CREATE',
  'ROLE_OVERHEAD_BILL_VIEW',
  'ROLE_OVERHEAD_BILL_DELETE',
];

/** Bills the payments of finance would answer for: the test says which bills have payments. */
const paid = new Set<number>();
const paymentsProbe = defineModule({
  name: 'payments-probe',
  contributes: { billPayments: { probe: async (_tx, billId) => paid.has(billId) } },
});

describe('budgets', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let manager: SignedIn;
  let clerk: SignedIn;
  let outsider: SignedIn;
  let reader: SignedIn;
  let budget: { id: number; version: number };
  let order: number;
  let job: number;
  const items: Record<'freight' | 'rent' | 'sales', number> = { freight: 0, rent: 0, sales: 0 };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: SignedIn,
    payload?: Body,
  ) => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  const expense = (values: Body = {}): Body => ({
    number: 'Р-1',
    direction: 'EXPENSE',
    counterpartyId: world.contractor,
    legalEntityId: world.company,
    paymentFormId: world.form,
    currencyId: world.rub,
    amount: '1000.00',
    date: '2026-03-10',
    recognitionDate: '2026-03-10',
    orderIds: [order],
    jobIds: [job],
    budgetItemId: items.freight,
    ...values,
  });
  const refused = async (body: Body, who = clerk) => {
    const before = await ctx.database.db.select({ id: bills.id }).from(bills);
    const res = await call('POST', '/finances/bills', who, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(await ctx.database.db.select({ id: bills.id }).from(bills)).toHaveLength(before.length);
    return flattenTree(res.json().errors);
  };
  const figures = async (who = manager): Promise<BudgetFigures> =>
    ok('GET', `/budgets/${budget.id}/figures`, who);

  beforeAll(async () => {
    ctx = await createTestApp({}, [paymentsProbe]);
    world = await billsWorld(ctx);
    manager = await signIn(ctx, [
      ...CLERK,
      ...OVERHEAD,
      'ROLE_BUDGET_EDIT',
      'ROLE_BILL_BUDGET_CHANGE',
      'ROLE_RECOGNITION_DATE_CHANGE',
    ]);
    clerk = await signIn(ctx, [...CLERK, ...OVERHEAD]);
    outsider = await signIn(ctx, [...CLERK, ...OVERHEAD]);
    reader = await signIn(ctx, [...CLERK, ...OVERHEAD]);
    order = await world.order();
    job = await world.job(order);
    budget = await ok('POST', '/budgets', manager, {
      name: 'Бюджет 2026',
      year: 2026,
      legalEntityId: world.company,
      editorIds: [clerk.user.id],
      viewerIds: [reader.user.id],
    });
    const item = async (values: Body) =>
      (await ok('POST', '/budget-items', manager, { budgetId: budget.id, ...values })).id as number;
    items.freight = await item({
      code: '1.1',
      name: 'Перевозка',
      direction: 'EXPENSE',
      kind: 'DIRECT',
      noDirectOrderLink: true,
    });
    items.rent = await item({
      code: '2.1',
      name: 'Аренда',
      direction: 'EXPENSE',
      kind: 'OVERHEAD',
      noPaidBills: true,
    });
    items.sales = await item({ code: '3.1', name: 'Выручка', direction: 'INCOME', kind: 'DIRECT' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('are set up by ROLE_BUDGET_EDIT and read by those they name', async () => {
    expect((await call('POST', '/budgets', clerk, { name: 'Свой', year: 2026 })).statusCode).toBe(403);
    const duplicate = await call('POST', '/budget-items', manager, {
      budgetId: budget.id,
      code: '1.1',
      name: 'Ещё',
      direction: 'EXPENSE',
      kind: 'DIRECT',
    });
    expect(flattenTree(duplicate.json().errors)).toEqual({ code: [MESSAGES.duplicate] });
    expect((await ok('GET', '/budgets', clerk)).total).toBe(1);
    expect((await ok('GET', `/budget-items?budgetId=${budget.id}`, clerk)).total).toBe(3);
    expect((await ok('GET', '/budgets', outsider)).total).toBe(0);
    expect((await call('GET', `/budget-items/${items.rent}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/budgets/${budget.id}/figures`, outsider)).statusCode).toBe(404);
    // An item with bills stays.
    const bill = await ok('POST', '/finances/bills', clerk, expense({ number: 'В-1' }));
    const res = await call('DELETE', `/budget-items/${items.freight}`, manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BUDGET_MESSAGES.itemInUse);
    const kept = await call('DELETE', `/budgets/${budget.id}`, manager);
    expect([kept.statusCode, kept.json().message]).toEqual([409, BUDGET_MESSAGES.budgetInUse]);
    await ok('DELETE', `/finances/bills/${bill.id}`, clerk);
  });

  it("refuses a bill against its item's rules, all at once, and writes nothing", async () => {
    expect(
      await refused(
        expense({
          direction: 'INCOME',
          counterpartyId: world.client,
          recognitionDate: '2025-12-31',
          jobIds: [],
        }),
      ),
    ).toEqual({
      budgetItemId: [BUDGET_MESSAGES.direction],
      recognitionDate: [BUDGET_MESSAGES.outsideYear],
    });
    // The item's direction is right; a direct link to an order (not through the job) is refused.
    const other = await world.order();
    expect(await refused(expense({ orderIds: [order, other] }))).toEqual({
      'orderIds.1': [BUDGET_MESSAGES.directOrder],
    });
    expect(
      await refused(
        expense({
          kind: 'OVERHEAD',
          orderIds: [],
          jobIds: [],
          legalEntityId: world.otherCompany,
          paymentFormId: world.otherForm,
        }),
      ),
    ).toEqual({ budgetItemId: [BUDGET_MESSAGES.needsOperation, BUDGET_MESSAGES.otherCompany] });
    expect(await refused(expense({ budgetItemId: items.rent }))).toEqual({
      budgetItemId: [BUDGET_MESSAGES.overheadOnly],
    });
    // Only the budget's editors (or ROLE_BUDGET_EDIT) put bills into it; others do not even see it.
    expect(await refused(expense(), reader)).toEqual({ budgetItemId: [BUDGET_MESSAGES.access] });
    expect(await refused(expense(), outsider)).toEqual({ budgetItemId: [ERROR_MESSAGES.notFound] });
    // An archived order is refused under the bill's own rule.
    const archived = await world.order({ archived: true });
    const archivedJob = await world.job(archived);
    expect(await refused(expense({ orderIds: [archived], jobIds: [archivedJob] }))).toMatchObject({
      'orderIds.0': ['order or job archived or has a locking finance control status'],
    });
  });

  it('opens the bills of a budget to its editors and viewers', async () => {
    const bill = await ok('POST', '/finances/bills', manager, expense({ number: 'В-2' }));
    // The clerk reads and edits only own bills by role, and this one through the budget.
    expect((await ok('GET', `/finances/bills/${bill.id}`, clerk)).number).toBe('В-2');
    await ok('PUT', `/finances/bills/${bill.id}`, clerk, { comment: 'ok', version: bill.version });
    expect((await call('GET', `/finances/bills/${bill.id}`, outsider)).statusCode).toBe(404);
    const viewer = await signIn(ctx, ['ROLE_BILL_VIEW_OWN']);
    const current = await ok('GET', `/budgets/${budget.id}`, manager);
    await ok('PUT', `/budgets/${budget.id}`, manager, {
      viewerIds: [viewer.user.id],
      version: current.version,
    });
    expect((await ok('GET', `/finances/bills?budgetItemId=${items.freight}`, viewer)).total).toBe(1);
    expect((await call('PUT', `/finances/bills/${bill.id}`, viewer, { comment: 'no' })).statusCode).toBe(403);
    await ok('DELETE', `/finances/bills/${bill.id}`, manager);
  });

  it('changes a saved bill\'s item only with "budget change", and never a paid bill to an item refusing it', async () => {
    const overhead = await ok(
      'POST',
      '/finances/bills',
      clerk,
      expense({ number: 'А-1', kind: 'OVERHEAD', orderIds: [], jobIds: [], budgetItemId: null }),
    );
    const denied = await call('PUT', `/finances/bills/${overhead.id}`, clerk, {
      budgetItemId: items.rent,
      version: overhead.version,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(FIELD_ROLE_MESSAGES.fieldEditDenied);
    expect(
      (await call('PUT', `/finances/bills/${overhead.id}/budget-item`, clerk, { budgetItemId: items.rent }))
        .statusCode,
    ).toBe(403);
    paid.add(overhead.id);
    const refusal = await call('PUT', `/finances/bills/${overhead.id}/budget-item`, manager, {
      budgetItemId: items.rent,
    });
    expect(refusal.statusCode, refusal.body).toBe(400);
    expect(flattenTree(refusal.json().errors)).toEqual({ budgetItemId: [BUDGET_MESSAGES.paidBills] });
    // "Budget change" reaches only the budgets one reads.
    const changer = await signIn(ctx, [...CLERK, ...OVERHEAD, 'ROLE_BILL_BUDGET_CHANGE']);
    const own = await ok(
      'POST',
      '/finances/bills',
      changer,
      expense({ number: 'А-2', kind: 'OVERHEAD', orderIds: [], jobIds: [], budgetItemId: null }),
    );
    const hidden = await call('PUT', `/finances/bills/${own.id}/budget-item`, changer, {
      budgetItemId: items.rent,
    });
    expect(flattenTree(hidden.json().errors)).toEqual({ budgetItemId: [ERROR_MESSAGES.notFound] });
    paid.delete(overhead.id);
    const moved = await ok('PUT', `/finances/bills/${overhead.id}/budget-item`, manager, {
      budgetItemId: items.rent,
      version: overhead.version,
    });
    expect(moved).toMatchObject({ budgetItemId: items.rent, version: overhead.version + 1 });
    // A paid bill already on the item stays there; moving off it is free.
    paid.add(overhead.id);
    expect(
      await ok('PUT', `/finances/bills/${overhead.id}/budget-item`, manager, { budgetItemId: null }),
    ).toMatchObject({
      budgetItemId: null,
    });
    paid.delete(overhead.id);
    await ok('DELETE', `/finances/bills/${overhead.id}`, clerk);
  });

  it('sets plans and sets them against the ledger by recognition month, in base amounts', async () => {
    const bad = await call('PUT', `/budgets/${budget.id}/plans`, manager, {
      plans: [
        { itemId: items.freight, month: '2025-03', amount: '10.00' },
        { itemId: 999999, month: '2026-03', amount: '1' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(flattenTree(bad.json().errors)).toEqual({
      'plans.0.month': [BUDGET_MESSAGES.planMonth],
      'plans.1.itemId': [MESSAGES.invalid],
    });
    expect(await ctx.database.db.select().from(budgetPlans)).toHaveLength(0);
    expect(
      (
        await call('PUT', `/budgets/${budget.id}/plans`, clerk, {
          plans: [{ itemId: items.rent, month: '2026-03', amount: '1' }],
        })
      ).statusCode,
    ).toBe(403);
    await ok('PUT', `/budgets/${budget.id}/plans`, manager, {
      plans: [
        { itemId: items.freight, month: '2026-03', amount: '100000.00' },
        { itemId: items.freight, month: '2026-04', amount: '5000' },
        { itemId: items.sales, month: '2026-03', amount: '150000.50' },
        { itemId: items.rent, month: '2026-03', amount: '7.00' },
      ],
    });
    const history = (await ok('GET', `/budgets/${budget.id}/history`, manager)).collection as Body[];
    expect(history.find((entry) => entry.action === 'plans')!.changes).toEqual({
      '1.1 2026-03': { old: null, new: '100000.00' },
      '1.1 2026-04': { old: null, new: '5000.00' },
      '3.1 2026-03': { old: null, new: '150000.50' },
      '2.1 2026-03': { old: null, new: '7.00' },
    });
    // 1000 USD on 10 March = 90100.00; 20.05 RUB; an income bill of 1500 USD on 10 March = 135150.00.
    const usd = await ok('POST', '/finances/bills', clerk, expense({ currencyId: world.usd, number: 'Ф-1' }));
    const rub = await ok('POST', '/finances/bills', manager, expense({ amount: '20.05', number: 'Ф-2' }));
    await ok(
      'POST',
      '/finances/bills',
      clerk,
      expense({
        number: 'Ф-3',
        direction: 'INCOME',
        counterpartyId: world.client,
        currencyId: world.usd,
        amount: '1500.00',
        jobIds: [],
        budgetItemId: items.sales,
      }),
    );
    // A deleted bill nets out; a moved recognition date moves the fact to its month.
    const gone = await ok('POST', '/finances/bills', clerk, expense({ amount: '999.00', number: 'Ф-4' }));
    await ok('DELETE', `/finances/bills/${gone.id}`, clerk);
    await ok('PUT', `/finances/bills/${rub.id}`, manager, {
      recognitionDate: '2026-04-02',
      version: rub.version,
    });
    const data = await figures(clerk);
    const freight = data.items.find((row) => row.id === items.freight)!;
    expect(data.months).toHaveLength(12);
    expect(data.baseCurrency).toBe('RUB');
    expect(freight.months[2]).toEqual({ plan: '100000.00', fact: '90100.00', deviation: '-9900.00' });
    expect(freight.months[3]).toEqual({ plan: '5000.00', fact: '20.05', deviation: '-4979.95' });
    expect(freight.months[4]).toEqual({ plan: '0.00', fact: '0.00', deviation: '0.00' });
    expect(freight).toMatchObject({ plan: '105000.00', fact: '90120.05', deviation: '-14879.95' });
    const sales = data.items.find((row) => row.id === items.sales)!;
    expect(sales.months[2]).toEqual({ plan: '150000.50', fact: '135150.00', deviation: '-14850.50' });
    expect(data.totals.EXPENSE.months[2]).toEqual({
      plan: '100007.00',
      fact: '90100.00',
      deviation: '-9907.00',
    });
    expect(data.totals.INCOME).toMatchObject({ plan: '150000.50', fact: '135150.00' });
    // A zero plan clears the month.
    await ok('PUT', `/budgets/${budget.id}/plans`, manager, {
      plans: [{ itemId: items.freight, month: '2026-04', amount: '0' }],
    });
    expect(
      await rowsOf(ctx.database.db, sql`SELECT 1 FROM budget_plans WHERE month = '2026-04-01'`),
    ).toHaveLength(0);
    expect(usd.amountInBase).toBe('90100.00');
    expect((await ctx.database.db.select().from(bills).where(eq(bills.id, usd.id)))[0]!.budgetItemId).toBe(
      items.freight,
    );

    // The bill that takes March past its plan tells the budget's editor, once; the next one is no news.
    const overruns = () =>
      rowsOf<{ userId: number; params: Record<string, unknown> }>(
        ctx.database.db,
        sql`SELECT user_id AS "userId", params FROM notifications WHERE type = 'budgetOverPlan'`,
      );
    await ok('POST', '/finances/bills', manager, expense({ amount: '9900.00', number: 'Ф-5' }));
    expect(await overruns()).toEqual([]);
    await ok('POST', '/finances/bills', manager, expense({ amount: '0.01', number: 'Ф-6' }));
    await ok('POST', '/finances/bills', manager, expense({ amount: '5.00', number: 'Ф-7' }));
    expect(await overruns()).toEqual([
      {
        userId: clerk.user.id,
        params: {
          item: 'Перевозка',
          month: '03.2026',
          plan: { ru: '100\u00a0000,00\u00a0₽', en: '100,000.00\u00a0₽' },
          fact: { ru: '100\u00a0000,01\u00a0₽', en: '100,000.01\u00a0₽' },
        },
      },
    ]);
  });
});
