import { readFileSync } from 'node:fs';
import {
  flattenTree,
  PAYMENT_MESSAGES,
  type PaymentDirection,
  type Role,
  STATEMENT_IMPORT_MESSAGES,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { serviceOffices } from '../../platform/identity/tables';
import { backgroundJobs } from '../../platform/jobs/tables';
import { type CabinetCaller, cabinetUser } from '../../test/cabinets';
import { createTestApp, deliverEvents, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { countryId, currencyId, insertBank, insertLegalEntity, SBER } from '../../test/reference-rows';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { decodeBankStatement } from './import-files';
import { bills, paymentForms, payments } from './tables';

const recorded = readFileSync(new URL('./fixtures/statement-1c.txt', import.meta.url));
/** The recorded statement as text, changed by `edit`, sent as UTF-8 (with its BOM). */
const edited = (edit: (text: string) => string) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(edit(decodeBankStatement(recorded)))]);

const ROLES: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_UNLINKED',
];

/** The recorded statement of tests (fixtures/statement-1c.txt) against its bills: 15 of the client, 77/24 of the carrier. */
describe('bank statement import', () => {
  let ctx: TestContext;
  let user: SignedIn;
  let invoice: number;
  let carrierBill: number;
  let paymentFormId: number;
  let carrierId: number;
  /** The finance users of the client's cabinet and of the carrier's contractor portal. */
  let clientCabinet: CabinetCaller;
  let carrierPortal: CabinetCaller;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await signIn(ctx, ROLES);
    const db = ctx.database.db;
    const rub = await currencyId(ctx.database, 'RUB');
    const ru = await countryId(ctx.database, 'RU');
    const company = await insertLegalEntity(ctx.database);
    const bank = await insertBank(ctx.database, 'RU', SBER);
    const [form] = await db
      .insert(paymentForms)
      .values({
        name: 'Сбербанк RUB',
        legalEntityId: company.id,
        bankId: bank.id,
        accountNumber: '40702810038000012345',
        currencyId: rub,
      })
      .returning();
    const [client, carrier] = await db
      .insert(counterparties)
      .values([
        {
          name: 'БАШТЕХСНАБ',
          inn: '0274062111',
          client: true,
          contractor: false,
          countryId: ru,
          applicationRequired: false,
        },
        {
          name: 'ИП Абрамов',
          inn: '026801234567',
          client: false,
          contractor: true,
          countryId: ru,
          applicationRequired: false,
        },
      ])
      .returning();
    paymentFormId = form!.id;
    carrierId = carrier!.id;
    clientCabinet = await cabinetUser(ctx, client!.id, ['CABINET_FINANCE'], 'client');
    carrierPortal = await cabinetUser(ctx, carrier!.id, ['CABINET_FINANCE'], 'contractor');
    const bill = async (number: string, direction: string, counterpartyId: number, amount: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/finances/bills',
        headers: user.headers,
        payload: {
          number,
          direction,
          kind: 'OVERHEAD',
          counterpartyId,
          legalEntityId: company.id,
          paymentFormId: form!.id,
          currencyId: rub,
          amount,
          date: '2024-03-01',
          recognitionDate: '2024-03-01',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const overhead = await signIn(ctx, [...ROLES, 'ROLE_OVERHEAD_BILL_CREATE', 'ROLE_OVERHEAD_BILL_VIEW']);
    user = overhead;
    // Bills numbered like the recorded statement's purposes, and one of a number the purpose only contains.
    await bill('1', 'INCOME', client!.id, '354000.00');
    invoice = await bill('15', 'INCOME', client!.id, '400000.00');
    carrierBill = await bill('77/24', 'EXPENSE', carrier!.id, '87500.50');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const send = (path: string, content: Buffer, decisions?: unknown) => {
    const body = multipart(
      'statement.txt',
      content,
      undefined,
      decisions ? { decisions: JSON.stringify(decisions) } : {},
    );
    return ctx.app.inject({
      method: 'POST',
      url: `/api/finances/bank-statements/${path}`,
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
  };
  const paymentCount = async () =>
    (await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM payments`))[0]!.n;
  const balance = async (id: number) =>
    (await ctx.database.db.select().from(bills).where(eq(bills.id, id)))[0]!.balance;

  it('reviews each line: its bill by the number the purpose names, the INN with its leading zeros', async () => {
    const res = await send('review', recorded);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.errors).toEqual([]);
    expect(res.json().data.lines).toMatchObject([
      { number: '418', direction: 'INCOMING', partyInn: '0274062111', status: 'matched', billId: invoice },
      {
        number: '1027',
        direction: 'OUTGOING',
        partyInn: '026801234567',
        status: 'matched',
        billId: carrierBill,
      },
    ]);
    expect(await paymentCount()).toBe(0);
  });

  it('refuses a file with a line on an account of no payment form, naming the line, and writes nothing', async () => {
    const res = await send(
      'import',
      edited((text) => text.replaceAll('40702810038000012345', '40702810038000054321')),
    );
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      'lines.21': [STATEMENT_IMPORT_MESSAGES.noPaymentForm],
      'lines.52': [STATEMENT_IMPORT_MESSAGES.noPaymentForm],
    });
    expect(await paymentCount()).toBe(0);
  });

  it("answers a bill's refusal under the line and writes nothing of the file", async () => {
    const res = await send('import', recorded, [{ line: 52, action: 'link', billId: invoice }]);
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      'lines.52.links.0.billId': [PAYMENT_MESSAGES.billDirection],
    });
    expect(await paymentCount()).toBe(0);
  });

  it('imports the matched lines linked, and nothing again on a second import', async () => {
    const res = await send('import', recorded);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ created: 2, linked: 2, counterparties: 0, duplicates: 0, skipped: 0 });
    expect(await balance(invoice)).toBe('46000.00');
    expect(await balance(carrierBill)).toBe('0.00');
    const again = await send('import', recorded);
    expect(again.json().data).toEqual({
      created: 0,
      linked: 0,
      counterparties: 0,
      duplicates: 2,
      skipped: 0,
    });
    expect(await paymentCount()).toBe(2);
    const review = await send('review', recorded);
    expect(review.json().data.lines.map((line: { status: string }) => line.status)).toEqual([
      'duplicate',
      'duplicate',
    ]);
  });

  it("tells the carrier's portal of our payment and the client's cabinet of his, once each", async () => {
    // Delivered twice: a repeated delivery tells no one again.
    await deliverEvents(ctx.app);
    await deliverEvents(ctx.app);
    const bell = async (path: string, who: CabinetCaller) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/${path}/notifications`,
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.collection.map((n: { kind: string; params: object; link: string }) => [
          n.kind,
          n.params,
          n.link,
        ]);
    };
    const paid = async (direction: PaymentDirection) =>
      (await ctx.database.db.select().from(payments).where(eq(payments.direction, direction)))[0]!;
    const outgoing = await paid('OUTGOING');
    const incoming = await paid('INCOMING');
    expect(await bell('ops', carrierPortal)).toEqual([
      [
        'paymentMade',
        { number: outgoing.number, date: outgoing.date, amount: '87500.50', currency: 'RUB' },
        '/ops/payments',
      ],
    ]);
    expect(await bell('pcc', clientCabinet)).toEqual([
      [
        'paymentReceived',
        { number: incoming.number, date: incoming.date, amount: incoming.amount, currency: 'RUB' },
        '/pcc/bills',
      ],
    ]);
  });

  it('imports a line unlinked or skips it as the person decides', async () => {
    const other = edited((text) =>
      text.replace('Номер=418', 'Номер=419').replace('Номер=1027', 'Номер=1028'),
    );
    const res = await send('import', other, [
      { line: 21, action: 'unlinked' },
      { line: 52, action: 'skip' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ created: 1, linked: 0, counterparties: 0, duplicates: 0, skipped: 1 });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.number, '419'));
    expect(row).toMatchObject({ unlinkedAmount: '354000.00', direction: 'INCOMING' });
  });

  it("imports as a job in its owner's office scope: another office's bill is neither matched nor linked", async () => {
    const db = ctx.database.db;
    const [here, there] = await db
      .insert(serviceOffices)
      .values([
        { name: 'Уфа', code: 'UFA-STATEMENT' },
        { name: 'Казань', code: 'KZN-STATEMENT' },
      ])
      .returning();
    // A direct bill of the other office, open for exactly the carrier's payment of line 52 (made as an
    // overhead one and turned direct: the orders a direct bill needs are beside the point here).
    const clerk = await signIn(ctx, [...ROLES, 'ROLE_OVERHEAD_BILL_CREATE'], { serviceOfficeId: there!.id });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/finances/bills',
      headers: clerk.headers,
      payload: {
        number: '78/24',
        direction: 'EXPENSE',
        kind: 'OVERHEAD',
        counterpartyId: carrierId,
        legalEntityId: (await db.select().from(paymentForms).where(eq(paymentForms.id, paymentFormId)))[0]!
          .legalEntityId,
        paymentFormId,
        currencyId: await currencyId(ctx.database, 'RUB'),
        amount: '87500.50',
        date: '2024-03-01',
        recognitionDate: '2024-03-01',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const theirs = created.json().data.id as number;
    await db.update(bills).set({ kind: 'DIRECT', serviceOfficeId: there!.id }).where(eq(bills.id, theirs));
    const owner = await signIn(
      ctx,
      [
        'ROLE_PAYMENT_CREATE',
        'ROLE_PAYMENT_UNLINKED',
        'ROLE_PAYMENT_LIST_ALL',
        'ROLE_COUNTERPARTY_VIEW_ALL',
        'ROLE_BILL_VIEW_MANAGER_OFFICE',
      ],
      { serviceOfficeId: here!.id },
    );
    const file = edited((text) => text.replace('Номер=418', 'Номер=430').replace('Номер=1027', 'Номер=1030'));
    const body = multipart('statement.txt', file);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    const run = async (options: unknown) => {
      const enqueued = await ctx.app.inject({
        method: 'POST',
        url: '/api/imports/finance.bank-statement/jobs',
        headers: owner.headers,
        payload: { fileId: uploaded.json().data.id, options },
      });
      expect(enqueued.statusCode, enqueued.body).toBe(201);
      await ctx.app.queue.drain();
      const [job] = await db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, enqueued.json().data.id));
      return job!;
    };
    const before = await paymentCount();
    const linked = await run([
      { line: 21, action: 'skip' },
      { line: 52, action: 'link', billId: theirs },
    ]);
    expect(linked).toMatchObject({ state: 'failed' });
    expect(await paymentCount()).toBe(before);
    // The system would match the bill by its amount; in the owner's scope there is none, so it goes unlinked.
    const plain = await run([{ line: 21, action: 'skip' }]);
    expect(plain).toMatchObject({ state: 'done', error: null });
    const [payment] = await db.select().from(payments).where(eq(payments.number, '1030'));
    expect(payment).toMatchObject({ unlinkedAmount: '87500.50', createdById: owner.user.id });
    expect(await balance(theirs)).toBe('87500.50');
  });
});
