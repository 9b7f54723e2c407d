import { ERROR_MESSAGES, flattenTree, MATERIAL_ASSET_MESSAGES, type Role } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { fileTestApp } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

const BILLS: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_BILL_DELETE',
];

const app = fileTestApp();

/** Material assets bought by bills (docs/finance.md "Material assets"): company's rules, finance's bills. */
describe('material assets of bills', () => {
  let world: BillsWorld;
  let accountant: SignedIn;
  /** "Bills: material assets" with the bills' roles, not the register's. */
  let linker: SignedIn;
  let registrar: SignedIn;
  let order: number;
  let seq = 0;
  beforeAll(async () => {
    world = await billsWorld(app());
    accountant = await signIn(app(), BILLS);
    linker = await signIn(app(), [...BILLS, 'ROLE_BILL_MATERIAL_ASSETS']);
    registrar = await signIn(app(), ['ROLE_MATERIAL_ASSETS']);
    order = await world.order();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    app().app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const bill = async (values: Body = {}) => {
    const res = await call('POST', '/finances/bills', accountant, {
      number: `Р-${++seq}`,
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '84000.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order],
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; version: number };
  };
  const asset = (values: Body = {}): Body => ({
    name: 'Ноутбук',
    inventoryNumber: `ИНВ-${++seq}`,
    kind: 'computer',
    legalEntityId: world.company,
    amount: '84000.00',
    currencyId: world.rub,
    ...values,
  });
  const count = async () =>
    (await rowsOf<{ n: number }>(app().database.db, sql`SELECT count(*)::int AS n FROM material_assets`))[0]!
      .n;
  const refusal = async (values: Body, who = linker) => {
    const before = await count();
    const res = await call('POST', '/material-assets', who, asset(values));
    expect(res.statusCode, res.body).toBe(400);
    expect(await count()).toBe(before);
    return flattenTree(res.json().errors);
  };

  it("takes an asset of an expense bill for the bill's amount and currency, and lists it by the bill", async () => {
    const bought = await bill();
    const res = await call('POST', '/material-assets', linker, asset({ billId: bought.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ billId: bought.id, amount: '84000.00', status: 'in_use' });
    const list = await call('GET', `/material-assets?billId=${bought.id}`, linker);
    expect((list.json().data.collection as { id: number }[]).map((row) => row.id)).toEqual([
      res.json().data.id,
    ]);
  });

  it('refuses another amount or currency, an income bill and a bill the user does not read', async () => {
    const bought = await bill();
    expect(await refusal({ billId: bought.id, amount: '84000.01' })).toEqual({
      amount: [MATERIAL_ASSET_MESSAGES.amountMismatch],
    });
    expect(await refusal({ billId: bought.id, amount: null, currencyId: null })).toEqual({
      amount: [MATERIAL_ASSET_MESSAGES.amountMismatch],
    });
    expect(await refusal({ billId: bought.id, currencyId: world.usd })).toEqual({
      currencyId: [MATERIAL_ASSET_MESSAGES.currencyMismatch],
    });
    const income = await bill({ direction: 'INCOME', counterpartyId: world.client });
    expect(await refusal({ billId: income.id })).toEqual({ billId: [MATERIAL_ASSET_MESSAGES.billDirection] });
    // The register's manager reads no bills: a bill out of reach is not found.
    expect(await refusal({ billId: bought.id }, registrar)).toEqual({ billId: [ERROR_MESSAGES.notFound] });
    // Without the register's role an asset is entered for a bill.
    expect(await refusal({})).toEqual({ billId: [MATERIAL_ASSET_MESSAGES.billRequired] });
    // The change of an asset is held to the same rule.
    const kept = (await call('POST', '/material-assets', linker, asset({ billId: bought.id }))).json().data;
    const changed = await call('PUT', `/material-assets/${kept.id}`, linker, {
      amount: '1.00',
      version: kept.version,
    });
    expect(changed.statusCode).toBe(400);
    expect(flattenTree(changed.json().errors)).toEqual({ amount: [MATERIAL_ASSET_MESSAGES.amountMismatch] });
    // The database holds the rule whoever writes.
    await expect(
      app().database.db.execute(sql`UPDATE material_assets SET amount = 1 WHERE id = ${kept.id}`),
    ).rejects.toThrow();
  });

  it('freezes the bill that bought an asset; the register keeps assets without a bill', async () => {
    const bought = await bill();
    await call('POST', '/material-assets', linker, asset({ billId: bought.id }));
    const changed = await call('PUT', `/finances/bills/${bought.id}`, accountant, {
      amount: '90000.00',
      version: bought.version,
    });
    expect(changed.statusCode).toBe(400);
    expect(flattenTree(changed.json().errors)).toEqual({ '': [MATERIAL_ASSET_MESSAGES.billHasAssets] });
    expect((await call('DELETE', `/finances/bills/${bought.id}`, accountant)).statusCode).toBe(400);
    const free = await call('POST', '/material-assets', registrar, asset({ amount: '500.00' }));
    expect(free.statusCode, free.body).toBe(201);
    // "Bills: material assets" changes only the assets of bills.
    const touched = await call('PUT', `/material-assets/${free.json().data.id}`, linker, {
      comment: 'Списать',
      version: free.json().data.version,
    });
    expect(touched.statusCode).toBe(404);
  });
});
