import { readFileSync } from 'node:fs';
import {
  BANK_STATEMENT_MESSAGES,
  flattenTree,
  PAYMENT_MESSAGES,
  type Role,
  russianBankDetailsErrors,
  STATEMENT_IMPORT_MESSAGES,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { countryId, currencyId, insertBank, insertLegalEntity, SBER } from '../../test/reference-rows';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { decodeBankStatement } from './import-files';
import { bills, paymentForms, payments } from './tables';

const recorded = readFileSync(new URL('./fixtures/statement-1c.txt', import.meta.url));
/** The recorded statement's text (the fixture is Windows-1251). */
const recordedText = decodeBankStatement(recorded);
/** The recorded statement changed by `edit`, sent as UTF-8 without a BOM (its header still says Windows). */
const edited = (edit: (text: string) => string) => Buffer.from(edit(recordedText), 'utf8');

/** The payer's account of line 21 with the control key its BIK (048073770) gives: a real account passes it. */
const PAYER_ACCOUNT = (() => {
  for (let digit = 0; digit < 10; digit++) {
    // The key is the account's ninth digit.
    const account = `40702810${digit}00000004567`;
    const errors = russianBankDetailsErrors({
      bik: '048073770',
      account,
      correspondentAccount: '30101810600000000770',
    });
    if (!errors.account) return account;
  }
  throw new Error('No key makes the account valid.');
})();
/** The recorded statement with the payer's real account, and its lines numbered apart (`n`). */
const statement = (n: number) =>
  edited((text) =>
    text
      .replaceAll('40702810500000004567', PAYER_ACCOUNT)
      .replace('Номер=418', `Номер=5${n}`)
      .replace('Номер=1027', `Номер=6${n}`),
  );

const ROLES: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_COUNTERPARTY_EDIT_OWN',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_OVERHEAD_BILL_CREATE',
  'ROLE_OVERHEAD_BILL_VIEW',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_UNLINKED',
  'ROLE_PAYMENT_LINKED',
];

/**
 * A statement meets counterparties the system does not know by INN: line 21's payer (INN 0274062111) is known
 * only by name, without an INN, and has bill 15 open; line 52's carrier (INN 026801234567) has one open bill
 * of another amount that the purpose does not name.
 */
describe('bank statement lines of new counterparties', () => {
  let ctx: TestContext;
  let user: SignedIn;
  let known: number;
  let invoice: number;
  let carrier: number;
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
    const [client, contractor] = await db
      .insert(counterparties)
      .values([
        { name: 'БАШТЕХСНАБ', client: true, countryId: ru, applicationRequired: false },
        {
          name: 'ИП Абрамов',
          inn: '026801234567',
          contractor: true,
          countryId: ru,
          applicationRequired: false,
        },
      ])
      .returning();
    known = client!.id;
    carrier = contractor!.id;
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
    invoice = await bill('15', 'INCOME', known, '400000.00');
    await bill('99', 'EXPENSE', carrier, '1000.00');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (path: string, content: Buffer, decisions?: unknown, as: SignedIn = user) => {
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
      headers: { ...as.headers, ...body.headers },
    });
  };
  const count = async (table: 'payments' | 'counterparties' | 'counterparty_bank_accounts') =>
    (
      await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
      )
    )[0]!.n;
  const balance = async (id: number) =>
    (await ctx.database.db.select().from(bills).where(eq(bills.id, id)))[0]!.balance;

  it("says why each line is unmatched and gives the other party's details", async () => {
    const res = await send('review', statement(1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lines).toMatchObject([
      {
        line: 21,
        status: 'unmatched',
        reason: 'noCounterparty',
        counterpartyId: null,
        party: {
          name: 'ООО "БАШТЕХСНАБ"',
          inn: '0274062111',
          kpp: '027401001',
          account: PAYER_ACCOUNT,
          bankName: 'ПАО "БАНК УРАЛСИБ"',
          bik: '048073770',
          correspondentAccount: '30101810600000000770',
        },
      },
      { line: 52, status: 'unmatched', reason: 'amountDiffers', counterpartyId: carrier },
    ]);
    // A counterparty known by INN without any open bill.
    await ctx.database.db.insert(counterparties).values({
      name: 'ИП Без счетов',
      inn: '500100732259',
      contractor: true,
      countryId: await countryId(ctx.database, 'RU'),
      applicationRequired: false,
    });
    const billless = await send(
      'review',
      edited((text) => text.replaceAll('026801234567', '500100732259')),
    );
    expect(billless.json().data.lines[1]).toMatchObject({ status: 'unmatched', reason: 'noOpenBill' });
  });

  it('creates the counterparty from the statement, checked as any, or refuses the line and writes nothing', async () => {
    const before = {
      payments: await count('payments'),
      counterparties: await count('counterparties'),
    };
    // The statement's INN with a broken checksum: the counterparties' own rule answers under the line.
    const broken = await send(
      'import',
      edited((text) => text.replaceAll('0274062111', '0274062112')),
      [{ line: 21, action: 'unlinked', counterparty: { create: {} } }],
    );
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(flattenTree(broken.json().errors))).toEqual(['lines.21.counterparty.inn']);
    // Both a pick and a create, or a counterparty for a line that has one, is no decision.
    const both = await send('import', statement(2), [
      { line: 21, action: 'unlinked', counterparty: { counterpartyId: known, create: {} } },
      { line: 52, action: 'unlinked', counterparty: { counterpartyId: known } },
    ]);
    expect(flattenTree(both.json().errors)).toEqual({
      'lines.21.counterparty': [STATEMENT_IMPORT_MESSAGES.counterpartyChoice],
      'lines.52.counterparty': [STATEMENT_IMPORT_MESSAGES.counterpartyKnown],
    });
    // Without the right to create counterparties, nothing is created.
    const clerk = await signIn(
      ctx,
      ROLES.filter((role) => role !== 'ROLE_COUNTERPARTY_EDIT_OWN'),
    );
    const denied = await send(
      'import',
      statement(2),
      [{ line: 21, action: 'unlinked', counterparty: { create: {} } }],
      clerk,
    );
    expect(denied.statusCode).toBe(403);
    expect(await count('payments')).toBe(before.payments);
    expect(await count('counterparties')).toBe(before.counterparties);
  });

  it('imports a line with the counterparty it creates, its bank account, and the next line of the INN takes it', async () => {
    const accounts = await count('counterparty_bank_accounts');
    // The statement's payer pays twice: one counterparty is created for both lines.
    const twice = edited((text) => {
      const changed = text
        .replaceAll('40702810500000004567', PAYER_ACCOUNT)
        .replace('Номер=418', 'Номер=701')
        .replace('Номер=1027', 'Номер=702');
      const start = changed.indexOf('СекцияДокумент=');
      const end = changed.indexOf('КонецДокумента') + 'КонецДокумента'.length;
      const first = changed.slice(start, end);
      return changed.replace(first, `${first}\r\n${first.replace('Номер=701', 'Номер=703')}`);
    });
    const review = await send('review', twice);
    expect(review.json().data.lines.map((line: { line: number }) => line.line)).toEqual([21, 52, 83]);
    const res = await send('import', twice, [
      { line: 21, action: 'unlinked', counterparty: { create: { name: 'Баштехснаб' } } },
      { line: 83, action: 'unlinked', counterparty: { create: {} } },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    // Line 83's carrier is known by INN: it takes no new counterparty.
    expect(flattenTree(res.json().errors)).toEqual({
      'lines.83.counterparty': [STATEMENT_IMPORT_MESSAGES.counterpartyKnown],
    });
    const again = await send('import', twice, [
      { line: 21, action: 'unlinked', counterparty: { create: { name: 'Баштехснаб' } } },
      { line: 52, action: 'unlinked', counterparty: { create: {} } },
      { line: 83, action: 'skip' },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({
      created: 2,
      linked: 0,
      counterparties: 1,
      duplicates: 0,
      skipped: 1,
    });
    const [made] = await ctx.database.db
      .select()
      .from(counterparties)
      .where(eq(counterparties.inn, '0274062111'));
    expect(made).toMatchObject({ name: 'Баштехснаб', kpp: '027401001', client: true, contractor: false });
    expect(await count('counterparty_bank_accounts')).toBe(accounts + 1);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.counterpartyId, made!.id));
    expect(rows.map((row) => row.number).sort()).toEqual(['701', '703']);
    // The created counterparty is now the INN's: the next statement finds it.
    const next = await send('review', statement(7));
    expect(next.json().data.lines[0]).toMatchObject({ counterpartyId: made!.id, reason: 'noOpenBill' });
  });

  it('links a line to the bill of an existing counterparty picked for it, in the one import', async () => {
    await ctx.database.db
      .update(counterparties)
      .set({ inn: null })
      .where(eq(counterparties.inn, '0274062111'));
    const res = await send('import', statement(3), [
      { line: 21, action: 'link', billId: invoice, counterparty: { counterpartyId: known } },
      { line: 52, action: 'skip' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 1, linked: 1, counterparties: 0 });
    expect(await balance(invoice)).toBe('46000.00');
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.number, '53'));
    expect(row).toMatchObject({
      counterpartyId: known,
      counterpartyName: 'БАШТЕХСНАБ',
      unlinkedAmount: '0.00',
    });
  });

  it('gives an unlinked payment of a statement its counterparty and links later, and the next statement still skips it', async () => {
    const file = statement(4);
    const res = await send('import', file, [
      { line: 21, action: 'unlinked' },
      { line: 52, action: 'skip' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.number, '54'));
    expect(row).toMatchObject({ counterpartyId: null, unlinkedAmount: '354000.00' });
    const fingerprint = row!.statementFingerprint;
    expect(fingerprint).toBeTruthy();
    // Bill 15 keeps 46,000.00 open: the payment pays that and stays an advance for the rest.
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/finances/payments/${row!.id}`,
        headers: user.headers,
        payload,
      });
    const linked = await put({
      version: row!.version,
      counterpartyId: known,
      links: [{ billId: invoice, amount: '46000.00' }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({
      counterpartyId: known,
      counterpartyName: 'БАШТЕХСНАБ',
      linkedAmount: '46000.00',
      unlinkedAmount: '308000.00',
    });
    expect(await balance(invoice)).toBe('0.00');
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(after!.statementFingerprint).toBe(fingerprint);
    // Given once: the counterparty does not change again.
    const changed = await put({ version: after!.version, counterpartyId: carrier });
    expect(changed.statusCode).toBe(400);
    expect(JSON.stringify(changed.json().errors)).toContain(PAYMENT_MESSAGES.fixed);
    // The next statement, overlapping this one, finds the payment by its fingerprint.
    const next = await send('import', file, [{ line: 52, action: 'skip' }]);
    expect(next.json().data).toMatchObject({ created: 0, duplicates: 1 });
  });

  it('reads a UTF-8 statement whose header says Кодировка=Windows, and names the encoding of one that is half of it', async () => {
    const res = await send('review', statement(5));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ errors: [], errorCount: 0 });
    expect(res.json().data.lines).toHaveLength(2);
    // A line pasted in from a Windows-1251 file: "№" as its one byte 0xB9.
    const text = statement(5).toString('utf8');
    const at = text.indexOf('№');
    const mixed = Buffer.concat([
      Buffer.from(text.slice(0, at), 'utf8'),
      Buffer.from([0xb9]),
      Buffer.from(text.slice(at + 1), 'utf8'),
    ]);
    const refused = await send('review', mixed);
    expect(refused.json().data).toMatchObject({
      errors: [{ line: 50, message: BANK_STATEMENT_MESSAGES.encodingMismatch }],
      errorCount: 1,
    });
  });

  it('warns of a balance section of an account that is not ours or not 20 digits, and imports the rest', async () => {
    const section = 'ДатаКонца=11.03.2024\r\nРасчСчет=40702810038000012345\r\nНачальныйОстаток';
    const file = (account: string) =>
      edited((text) =>
        text
          .replace(section, section.replace('40702810038000012345', account))
          .replace('Номер=418', 'Номер=801')
          .replace('Номер=1027', 'Номер=802'),
      );
    const foreign = await send('review', file('40702810900000099999'));
    expect(foreign.json().data).toMatchObject({
      errors: [],
      warnings: [{ line: 15, message: STATEMENT_IMPORT_MESSAGES.balanceNotOurs, field: 'РасчСчет' }],
    });
    // Not 20 digits (the parser's warning, bank-statement.test.ts): the file still imports.
    const imported = await send('import', file('4070281003800001'), [
      { line: 21, action: 'skip' },
      { line: 52, action: 'unlinked' },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ created: 1 });
  });
});
