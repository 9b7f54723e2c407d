import { readFileSync } from 'node:fs';
import { BILL_MESSAGES, flattenTree, MESSAGES, PRINTABLE_BILL_MESSAGES, type Role } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { files } from '../../platform/files/tables';
import { notifications } from '../../platform/notifications/tables';
import { docxText, makeDocx } from '../../test/docx';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { printableBills, printableBillTemplates } from './tables';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; number: string };

const REFS: Role[] = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_ORDER_VIEW_ALL', 'ROLE_JOB_VIEW_ALL'];
const BILLS: Role[] = [...REFS, 'ROLE_BILL_CREATE', 'ROLE_BILL_VIEW_ALL', 'ROLE_BILL_EDIT_ALL'];
const CLERK: Role[] = [
  ...BILLS,
  'ROLE_PRINTABLE_BILL_VIEW',
  'ROLE_PRINTABLE_BILL_CREATE',
  'ROLE_PRINTABLE_BILL_EDIT',
  'ROLE_PRINTABLE_BILL_DELETE',
];

const line = (price: string, values: Body = {}): Body => ({
  name: 'Транспортно-экспедиционные услуги',
  quantity: '1',
  unit: 'усл.',
  price,
  vatRate: '20',
  ...values,
});

describe('printable bills', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let clerk: SignedIn;
  let order: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    clerk = await signIn(ctx, CLERK);
    order = await world.order();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  let billSeq = 0;
  const bill = async (values: Body = {}) => {
    const res = await call('POST', '/finances/bills', clerk, {
      number: `С-${++billSeq}`,
      direction: 'INCOME',
      counterpartyId: world.client,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '1000.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order],
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Entity;
  };
  const create = async (body: Body, who = clerk) => {
    const res = await call('POST', '/finances/printable-bills', who, { date: '2026-03-12', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Entity;
  };
  const countRows = async () =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(printableBills))[0]!.n;

  it('starts from a bill, numbers per company and year, and sums its lines to the bills', async () => {
    const first = await bill({ amount: '354000.00' });
    const start = await call('GET', `/finances/printable-bills/from-bill/${first.id}`, clerk);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data).toMatchObject({
      billIds: [first.id],
      lines: [{ quantity: '1', price: '354000.00', vatRate: '20' }],
    });
    const one = await create({
      ...start.json().data,
      date: '2026-03-12',
      lines: [line('295000.00'), line('29500', { name: 'Погрузка', quantity: '2', unit: 'ч' })],
    });
    expect(one).toMatchObject({
      number: '1',
      amount: '354000.00',
      counterpartyId: world.client,
      legalEntityId: world.company,
      currencyId: world.rub,
      finalized: false,
    });
    expect(one.lines).toEqual([
      expect.objectContaining({ name: 'Транспортно-экспедиционные услуги', amount: '295000.00' }),
      expect.objectContaining({ name: 'Погрузка', quantity: '2', amount: '59000.00' }),
    ]);
    // Two bills in one document, then another company's first number of the year.
    const [a, b] = [await bill(), await bill({ amount: '500.50' })];
    const two = await create({ billIds: [a.id, b.id], lines: [line('1500.50')] });
    expect(two).toMatchObject({ number: '2', amount: '1500.50', billIds: [a.id, b.id] });
    const other = await bill({ legalEntityId: world.otherCompany, paymentFormId: world.otherForm });
    expect((await create({ billIds: [other.id], lines: [line('1000')] })).number).toBe('1');
    // The bill page finds its printable bill by the list's filter.
    const found = await call('GET', `/finances/printable-bills?billIds=${b.id}`, clerk);
    expect(found.json().data.collection.map((p: Entity) => p.id)).toEqual([two.id]);
  });

  it('refuses bills that do not fit, a tied bill and lines that miss the sum, writing nothing', async () => {
    const base = await bill();
    const expense = await bill({ direction: 'EXPENSE', counterpartyId: world.contractor });
    const foreign = await bill({ counterpartyId: world.contractor });
    const dollars = await bill({ currencyId: world.usd });
    const before = await countRows();
    const res = await call('POST', '/finances/printable-bills', clerk, {
      date: '2026-03-12',
      billIds: [base.id, expense.id, foreign.id, dollars.id],
      lines: [line('999.99')],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      'billIds.1': [PRINTABLE_BILL_MESSAGES.billNotIncome],
      'billIds.2': [PRINTABLE_BILL_MESSAGES.billMismatch],
      'billIds.3': [PRINTABLE_BILL_MESSAGES.currencyMismatch],
    });
    const sum = await call('POST', '/finances/printable-bills', clerk, {
      date: '2026-03-12',
      billIds: [base.id],
      lines: [line('999.99')],
    });
    expect(flattenTree(sum.json().errors)).toEqual({ lines: [PRINTABLE_BILL_MESSAGES.sumMismatch] });
    const none = await call('POST', '/finances/printable-bills', clerk, {
      date: '2026-03-12',
      billIds: [base.id],
      lines: [],
    });
    expect(flattenTree(none.json().errors)).toEqual({ lines: [PRINTABLE_BILL_MESSAGES.servicesRequired] });
    // No bills: nobody to bill, even when the lines round to nothing and so meet the bills' sum of zero.
    const unbilled = await call('POST', '/finances/printable-bills', clerk, {
      date: '2026-03-12',
      billIds: [],
      lines: [line('0.01', { quantity: '0.001' })],
    });
    expect(unbilled.statusCode, unbilled.body).toBe(400);
    expect(flattenTree(unbilled.json().errors)).toEqual({ billIds: [MESSAGES.blank] });
    await create({ billIds: [base.id], lines: [line('1000.00')] });
    const tied = await call('POST', '/finances/printable-bills', clerk, {
      date: '2026-03-12',
      billIds: [base.id],
      lines: [line('1000.00')],
    });
    expect(flattenTree(tied.json().errors)).toEqual({ 'billIds.0': [PRINTABLE_BILL_MESSAGES.billTied] });
    expect(await countRows()).toBe(before + 1);
    // The tied bill no longer changes.
    const edit = await call('PUT', `/finances/bills/${base.id}`, clerk, {
      comment: 'x',
      version: base.version,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors.errors).toEqual([BILL_MESSAGES.changeBlocked]);
  });

  it('gives concurrent creates of one company and year distinct numbers without gaps', async () => {
    const sources = await Promise.all(Array.from({ length: 8 }, () => bill({ date: '2027-01-15' })));
    const results = await Promise.all(
      sources.map((source) =>
        call('POST', '/finances/printable-bills', clerk, {
          date: '2027-02-01',
          billIds: [source.id],
          lines: [line('1000.00')],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => Number(r.json().data.number)).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('changes the date, the number and the certificate only with their roles', async () => {
    const pb = await create({ billIds: [(await bill()).id], lines: [line('1000')] });
    const refused = await call('PUT', `/finances/printable-bills/${pb.id}`, clerk, {
      date: '2026-03-20',
      number: 'A-7',
      certificateNumber: '15',
      version: pb.version,
    });
    expect(refused.statusCode).toBe(403);
    const dater = await signIn(ctx, [
      'ROLE_PRINTABLE_BILL_VIEW',
      'ROLE_BILL_VIEW_ALL',
      'ROLE_PRINTABLE_BILL_CHANGE_DATE',
      'ROLE_PRINTABLE_BILL_NUMBER',
      'ROLE_PRINTABLE_BILL_CERTIFICATE',
    ]);
    const changed = await call('PUT', `/finances/printable-bills/${pb.id}`, dater, {
      date: '2026-03-20',
      number: 'A-7',
      certificateNumber: '15',
      certificateDate: '2026-03-20',
      version: pb.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ date: '2026-03-20', number: 'A-7', certificateNumber: '15' });
    // Without the edit role, the lines stay as they are.
    const lines = await call('PUT', `/finances/printable-bills/${pb.id}`, dater, {
      lines: [line('1000', { name: 'Другое' })],
      version: changed.json().data.version,
    });
    expect(lines.statusCode).toBe(403);
    // The form sends the whole record back: the same lines (as answered) are no change.
    const {
      date,
      number,
      billIds,
      templateId,
      basis,
      certificateDate,
      lines: same,
      version,
    } = changed.json().data;
    const saved = await call('PUT', `/finances/printable-bills/${pb.id}`, dater, {
      ...{ date, number, billIds, templateId, basis, certificateDate, lines: same, version },
      certificateNumber: '16',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A number taken in the company's year is refused.
    const taken = await call('PUT', `/finances/printable-bills/${pb.id}`, dater, {
      number: '1',
      version: saved.json().data.version,
    });
    expect(taken.statusCode).toBe(400);
    expect(flattenTree(taken.json().errors)).toHaveProperty('number');
  });

  it('freezes a finalized bill, marks it processed with its role and refuses deletes with files', async () => {
    const pb = await create({ billIds: [(await bill()).id], lines: [line('1000')] });
    const early = await signIn(ctx, [...CLERK, 'ROLE_PRINTABLE_BILL_PROCESSED']);
    const draft = await call('POST', `/finances/printable-bills/${pb.id}/processed`, early, {
      processed: true,
    });
    expect(draft.json().errors.errors).toEqual([PRINTABLE_BILL_MESSAGES.notFinalized]);
    const done = await call('POST', `/finances/printable-bills/${pb.id}/finalize`, early, {
      version: pb.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.finalized).toBe(true);
    const edit = await call('PUT', `/finances/printable-bills/${pb.id}`, clerk, {
      basis: 'Договор',
      version: done.json().data.version,
    });
    expect(edit.json().errors.errors).toEqual([PRINTABLE_BILL_MESSAGES.finalized]);
    expect((await call('DELETE', `/finances/printable-bills/${pb.id}`, clerk)).statusCode).toBe(400);
    expect(
      (await call('POST', `/finances/printable-bills/${pb.id}/processed`, clerk, { processed: true }))
        .statusCode,
    ).toBe(403);
    const processed = await call('POST', `/finances/printable-bills/${pb.id}/processed`, early, {
      processed: true,
    });
    expect(processed.json().data).toMatchObject({ processed: true, finalized: true });
    // Its author hears of both; the one who did them does not.
    const told = await ctx.database.db
      .select({ userId: notifications.userId, type: notifications.type, links: notifications.links })
      .from(notifications)
      .where(sql`${notifications.type} LIKE 'printableBill%'`)
      .orderBy(notifications.id);
    const link = { printableBill: { link: `/finances/printable-bills/${pb.id}`, text: pb.number } };
    expect(told).toEqual([
      { userId: clerk.user.id, type: 'printableBillFinalized', links: link },
      { userId: clerk.user.id, type: 'printableBillProcessed', links: link },
    ]);

    const withFiles = await create({ billIds: [(await bill()).id], lines: [line('1000')] });
    await ctx.database.db.insert(files).values({
      description: 'скан.pdf',
      storageKey: `pb-${withFiles.id}`,
      size: 1,
      sha256: '0'.repeat(64),
      mimeType: 'application/pdf',
      temporary: false,
      ownerType: 'printable_bill',
      ownerId: withFiles.id,
    });
    const refused = await call('DELETE', `/finances/printable-bills/${withFiles.id}`, clerk);
    expect(refused.json().errors.errors).toEqual([PRINTABLE_BILL_MESSAGES.hasFiles]);
    const listed = await call('GET', `/finances/printable-bills/${withFiles.id}/files`, clerk);
    expect(listed.json().data.total).toBe(1);
  });

  it('gives the last number back when its draft is deleted', async () => {
    const source = await bill();
    const year = '2028-04-01';
    const first = await create({ date: year, billIds: [source.id], lines: [line('1000')] });
    expect(first.number).toBe('1');
    expect((await call('DELETE', `/finances/printable-bills/${first.id}`, clerk)).statusCode).toBe(200);
    const again = await create({ date: year, billIds: [source.id], lines: [line('1000')] });
    expect(again.number).toBe('1');
    // A number typed by hand is passed over by the counter.
    const numberer = await signIn(ctx, [...CLERK, 'ROLE_PRINTABLE_BILL_NUMBER']);
    const typed = await create(
      { date: year, number: '2', billIds: [(await bill()).id], lines: [line('1000')] },
      numberer,
    );
    expect(typed.number).toBe('2');
    const next = await create({ date: year, billIds: [(await bill()).id], lines: [line('1000')] });
    expect(next.number).toBe('3');
  });

  it('prints the PDF with its template in Russian and English and exports XML valid against its schema', async () => {
    const [template] = await ctx.database.db
      .insert(printableBillTemplates)
      .values({ name: 'Шаблон', language: 'ru', directorName: 'Петров П. П.', legalEntityId: world.company })
      .returning();
    const source = await bill({ amount: '1200.00' });
    const pb = await create({
      billIds: [source.id],
      templateId: template!.id,
      basis: 'Договор № 7',
      lines: [line('1200.00', { name: 'Перевозка Москва — Уфа' })],
    });
    const pdf = await call('GET', `/finances/printable-bills/${pb.id}/pdf`, clerk);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = async (body: Buffer) =>
      (await extractText(new Uint8Array(body), { mergePages: true })).text.replace(/\s+/g, ' ');
    const ru = await text(pdf.rawPayload);
    expect(ru).toContain(`Счёт на оплату № ${pb.number} от 12 марта 2026 г.`);
    expect(ru).toContain('Перевозка Москва — Уфа');
    expect(ru).toContain('В том числе НДС 20%: 200,00');
    expect(ru).toContain('Одна тысяча двести рублей 00 копеек');
    expect(ru).toContain('Петров П. П.');
    const en = await text(
      (await call('GET', `/finances/printable-bills/${pb.id}/pdf?language=en`, clerk)).rawPayload,
    );
    expect(en).toContain(`Invoice No. ${pb.number} dated 12 March 2026`);

    const exporter = await signIn(ctx, [
      'ROLE_PRINTABLE_BILL_XML_EXPORT',
      'ROLE_PRINTABLE_BILL_UNLINKED_VIEW',
    ]);
    expect((await call('GET', `/finances/printable-bills/${pb.id}/xml`, clerk)).statusCode).toBe(403);
    const xml = await call('GET', `/finances/printable-bills/${pb.id}/xml`, exporter);
    expect(xml.statusCode, xml.body).toBe(200);
    const schema = readFileSync(new URL('./printable-bill.xsd', import.meta.url), 'utf8');
    const result = await validateXML({
      xml: [{ fileName: 'bill.xml', contents: xml.body }],
      schema: [schema],
    });
    expect(result.errors).toEqual([]);
    expect(xml.body).toContain('<Basis>Договор № 7</Basis>');
    expect(xml.body).toContain('<Total>1200.00</Total>');
  });

  it('shows printable bills through their bills, all of them with "view unlinked"', async () => {
    const owner = await signIn(ctx, [
      ...REFS,
      'ROLE_BILL_CREATE',
      'ROLE_BILL_VIEW_OWN',
      'ROLE_PRINTABLE_BILL_CREATE',
    ]);
    const mine = await call('POST', '/finances/bills', owner, {
      number: 'own-1',
      direction: 'INCOME',
      counterpartyId: world.client,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '10.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order],
    });
    const minePb = await create({ billIds: [mine.json().data.id], lines: [line('10.00')] });
    const theirs = await create({ billIds: [(await bill()).id], lines: [line('1000')] });
    const viewer = await signIn(ctx, ['ROLE_PRINTABLE_BILL_VIEW', 'ROLE_BILL_VIEW_OWN']);
    const ids = async (who: SignedIn) =>
      (
        (await call('GET', '/finances/printable-bills?itemsPerPage=1000', who)).json().data
          .collection as Entity[]
      ).map((p) => p.id);
    // A viewer reading none of the bills sees no printable bill; one reading a bill sees its document.
    expect(await ids(viewer)).toEqual([]);
    const ownerViewer = await signIn(ctx, ['ROLE_PRINTABLE_BILL_VIEW', 'ROLE_BILL_VIEW_ALL']);
    expect(await ids(ownerViewer)).toEqual(expect.arrayContaining([minePb.id, theirs.id]));
    expect((await call('GET', `/finances/printable-bills/${theirs.id}`, viewer)).statusCode).toBe(404);
    const unlinked = await signIn(ctx, ['ROLE_PRINTABLE_BILL_UNLINKED_VIEW']);
    expect(await ids(unlinked)).toEqual(expect.arrayContaining([minePb.id, theirs.id]));
    const stored = await ctx.database.db
      .select()
      .from(printableBills)
      .where(eq(printableBills.id, theirs.id));
    expect(stored[0]!.amount).toBe('1000.00');
  });
  it('fills document templates from a bill and from a printable bill with a loop over its services', async () => {
    const designer = await signIn(ctx, ['ROLE_SETTINGS_TEMPLATES']);
    const template = async (lines: string[], initiatorType: string) => {
      const boundary = '----tms-printable-docx';
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: '/api/file-management/files/temporary',
        headers: { ...designer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          makeDocx(lines),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const res = await call('POST', '/document-generator/templates', designer, {
        name: `Шаблон ${initiatorType}`,
        initiatorType,
        fileId: uploaded.json().data.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const source = await bill({ amount: '1500.00', comment: 'Перевозка' });
    const preview = await call('GET', `/document-generator/initiator/bill/preview/${source.id}`, clerk);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.data).toMatchObject({
      number: source.number,
      date: '10.03.2026',
      currency: 'RUB',
      amount: '1\u00a0500,00',
      amountInWords: 'Одна тысяча пятьсот рублей 00 копеек',
      comment: 'Перевозка',
    });
    const pb = await create({
      billIds: [source.id],
      lines: [line('1000.00'), line('250', { name: 'Погрузка', quantity: '2', unit: 'ч', vatRate: null })],
    });
    const tpl = await template(
      [
        'Счёт № {number} от {date} по счетам {billNumbers}',
        '{#lines}',
        '{position}. {name}: {quantity} {unit} × {price} = {amount} ({vatRate})',
        '{/lines}',
        'Итого {total}',
      ],
      'printableBill',
    );
    const generated = await call(
      'POST',
      `/document-generator/initiator/printableBill/generate/${pb.id}`,
      clerk,
      {
        templateId: tpl,
      },
    );
    expect(generated.statusCode, generated.body).toBe(201);
    expect(generated.json().data.attached).toBe(true);
    const file = await ctx.app.inject({
      method: 'GET',
      url: generated.json().data.downloadLink,
      headers: clerk.headers,
    });
    expect(docxText(file.rawPayload)).toBe(
      [
        `Счёт № ${pb.number} от 12.03.2026 по счетам ${source.number}`,
        '1. Транспортно-экспедиционные услуги: 1 усл. × 1\u00a0000,00 = 1\u00a0000,00 (20%)',
        '2. Погрузка: 2 ч × 250,00 = 500,00 (Без НДС)',
        'Итого 1\u00a0500,00',
      ].join('\n'),
    );
    // Whoever reads no bill previews none.
    const outsider = await signIn(ctx, ['ROLE_BILL_VIEW_OWN']);
    expect(
      (await call('GET', `/document-generator/initiator/bill/preview/${source.id}`, outsider)).statusCode,
    ).toBe(404);
  });
});
