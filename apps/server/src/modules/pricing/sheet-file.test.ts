import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from './sheet-file';

async function sheet(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const page = book.addWorksheet('Rates');
  page.addRow(['To', 'Weight', 'Price']);
  for (let i = 1; i <= rows; i++) page.addRow([`Region ${i}`, i, '100.50']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("reading a rate table's XLSX", () => {
  it('takes work linear in its cells', async () => {
    const work = async (rows: number) => {
      const meter = { steps: 0 };
      const read = await readSheet(await sheet(rows), meter);
      expect('rows' in read && read.rows).toHaveLength(rows);
      return meter.steps;
    };
    expect((await work(4000)) / (await work(2000))).toBeLessThan(2.2);
  });
});
