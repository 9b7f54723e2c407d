import { describe, expect, it } from 'vitest';
import { RATE_IMPORT_MESSAGES as M, parseCbrDaily } from './rate-import';

const VALUTE =
  '<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>91,7069</Value></Valute>';
const file = (body: string) =>
  `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="02.03.2024" name="Foreign Currency Market">${body}</ValCurs>`;

const work = (xml: string) => {
  const meter = { steps: 0 };
  parseCbrDaily(xml, meter);
  return meter.steps;
};

describe('the Bank of Russia daily file', () => {
  it('reads its date and every currency', () => {
    expect(parseCbrDaily(file(VALUTE.repeat(2)))).toEqual({
      date: '2024-03-02',
      rates: [1, 2].map((row) => ({
        row,
        numCode: '840',
        code: 'USD',
        name: 'Доллар США',
        nominal: 1,
        rate: '91.7069',
      })),
    });
    expect(parseCbrDaily('<ValCurs Date="02.03.2024">')).toEqual({
      errors: [{ row: 0, message: M.notCbrFile }],
      errorCount: 1,
    });
  });

  it('is read in work linear in its length, whole files and files of unclosed elements alike', () => {
    const shapes = [
      (n: number) => file(VALUTE.repeat(n)),
      // Forty thousand of these froze the server for 14 s under the old regular expressions.
      (n: number) => '<ValCurs Date="02.03.2024">'.repeat(n),
      (n: number) => file('<Valute ID="R01235"><CharCode>USD</CharCode>'.repeat(n)),
      (n: number) => `<ValCurs ${'Date="'.repeat(n)}>${VALUTE}</ValCurs>`,
    ];
    for (const shape of shapes) expect(work(shape(8000)) / work(shape(4000))).toBeLessThan(2.2);
  });

  it('answers the first 1,000 errors and how many there are', () => {
    const bad = parseCbrDaily(file(VALUTE.replace('USD', 'usd').repeat(1500)));
    expect(bad).toMatchObject({ errorCount: 1500 });
    expect('errors' in bad && bad.errors.map((e) => e.row)).toEqual(
      Array.from({ length: 1000 }, (_, i) => i + 1),
    );
  });
});
