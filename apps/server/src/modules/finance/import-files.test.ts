import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRateSheet } from './import-files';

/** A sheet of `rows` rates, every `badEvery`-th with a currency code that is no code. */
async function sheet(rows: number, badEvery = 0): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const page = book.addWorksheet('Rates');
  page.addRow(['Date', 'Currency', 'Nominal', 'Rate']);
  for (let i = 1; i <= rows; i++) {
    page.addRow(['02.03.2024', badEvery && i % badEvery === 0 ? '??' : 'USD', 1, '91.7069']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const work = async (bytes: Buffer) => {
  const meter = { steps: 0 };
  await readRateSheet(bytes, meter);
  return meter.steps;
};

describe('reading an XLSX sheet of rates', () => {
  it('takes work linear in its rows', async () => {
    expect((await work(await sheet(4000, 3))) / (await work(await sheet(2000, 3)))).toBeLessThan(2.2);
  });

  it('answers the first 1,000 errors by row and how many there are', async () => {
    const read = await readRateSheet(await sheet(1500, 1));
    expect(read.errorCount).toBe(1500);
    expect(read.errors.map((e) => e.row)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
  });
});
