import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CabinetCaller, cabinetUser } from '../../../test/cabinets';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type ReportsWorld, reportsWorld, sheetCells } from '../../../test/reports-world';

/*
 * The client's акт сверки from his cabinet: the back office's reconciliation statement of his own
 * counterparty (two clients with bills of March 2026), printed by the worker pool as a PDF or XLSX.
 */
let ctx: TestContext;
let w: ReportsWorld;
let a: CabinetCaller;
const bill: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  w = await reportsWorld(ctx);
  const alpha = await w.counterparty('Альфа');
  const beta = await w.counterparty('Бета');
  for (const [name, clientId, amount] of [
    ['A', alpha, '700.00'],
    ['B', beta, '900.00'],
  ] as const) {
    const order = await w.order({ clientId });
    bill[name] = String(
      (await w.bill({ orderIds: [order], counterpartyId: clientId, amount, date: '2026-03-10' })).number,
    );
  }
  a = await cabinetUser(ctx, alpha);
}, 300_000);
afterAll(() => ctx?.close());

const statement = (query: string, who = a) =>
  ctx.app.inject({ method: 'GET', url: `/api/pcc/reconciliation?${query}`, headers: who.headers });

describe("the client's акт сверки", () => {
  it('prints his own settlements for the period as a PDF; an address naming a counterparty is refused', async () => {
    const print = vi.spyOn(ctx.app.registries.workers, 'run');
    try {
      expect((await statement('from=2026-03-01&to=2026-03-31&clientId=999')).statusCode).toBe(400);
      const res = await statement('from=2026-03-01&to=2026-03-31&lang=ru');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const [task, input] = print.mock.calls.at(-1)!;
      expect(task).toBe('reports.statement-pdf');
      const text = JSON.stringify(input);
      expect(text).toContain('Альфа');
      expect(text).toContain(`Счёт № ${bill.A}`);
      // Printed in the usual form: our side, his to fill in, and what the balance means, in words.
      expect(input).toMatchObject({
        title: 'АКТ СВЕРКИ',
        period: 'взаимных расчётов за период: 01.03.2026 – 31.03.2026',
      });
      expect(text).toContain('По данным Альфа, RUB');
      expect(text).toContain('составляет 700,00 RUB (Семьсот рублей 00 копеек)');
      expect(text).not.toContain(bill.B);
      expect(text).not.toContain('Бета');
    } finally {
      print.mockRestore();
    }
  });

  it('gives the same printed form as a workbook', async () => {
    expect((await statement('from=2026-03-01&to=2026-03-31&format=docx')).statusCode).toBe(400);
    const res = await statement('from=2026-03-01&to=2026-03-31&lang=ru&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="reconciliation-2026-03-01-2026-03-31.xlsx"',
    );
    const { cell, row, sheet } = await sheetCells(res.rawPayload);
    expect([cell('A1'), cell('A2')]).toEqual([
      'АКТ СВЕРКИ',
      'взаимных расчётов за период: 01.03.2026 – 31.03.2026',
    ]);
    expect(cell('E8')).toBe('По данным Альфа, RUB');
    const blank = [null, null, null, null];
    expect([10, 11, 12, 13].map(row)).toEqual([
      ['2026-03-01', 'Сальдо начальное', 0, null, ...blank],
      ['2026-03-10', `Счёт № ${bill.A}`, 700, null, ...blank],
      [null, 'Обороты за период', 700, 0, ...blank],
      ['2026-03-31', 'Сальдо конечное', 700, null, ...blank],
    ]);
    expect(cell('A15')).toContain('составляет 700,00 RUB (Семьсот рублей 00 копеек)');
    const everything: unknown[] = [];
    sheet.eachRow((r) => everything.push(r.values));
    expect(JSON.stringify(everything)).not.toContain('Бета');
    expect(JSON.stringify(everything)).not.toContain(bill.B);
  });

  it("refuses a period that ends before it starts, and a user without the cabinet's finance role", async () => {
    const backwards = await statement('from=2026-03-31&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    const requestsOnly = await cabinetUser(ctx, a.counterpartyId, ['CABINET_REQUESTS']);
    expect((await statement('from=2026-03-01&to=2026-03-31', requestsOnly)).statusCode).toBe(403);
  });
});
