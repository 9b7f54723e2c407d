import { describe, expect, it } from 'vitest';
import { RATE_IMPORT_MESSAGES as M, MAX_CBR_CURRENCIES, parseCbrDaily } from './rate-import';

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
    const euro = VALUTE.replace('840', '978').replace('USD', 'EUR').replace('Доллар США', 'Евро');
    expect(parseCbrDaily(file(VALUTE + euro))).toEqual({
      date: '2024-03-02',
      rates: [
        { row: 1, numCode: '840', code: 'USD', name: 'Доллар США', nominal: 1, rate: '91.7069' },
        { row: 2, numCode: '978', code: 'EUR', name: 'Евро', nominal: 1, rate: '91.7069' },
      ],
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
    // Three errors a currency: its code, its nominal and its rate.
    const wrong = VALUTE.replace('USD', 'usd').replace('<Nominal>1<', '<Nominal>0<').replace('91,7069', 'x');
    const bad = parseCbrDaily(file(wrong.repeat(500)));
    expect(bad).toMatchObject({ errorCount: 1500 });
    expect('errors' in bad && bad.errors.length).toBe(1000);
  });

  it('refuses a currency twice, and more currencies than the bank publishes, reading no further', () => {
    expect(parseCbrDaily(file(VALUTE.repeat(2)))).toEqual({
      errors: [{ row: 2, field: 'currency', message: M.duplicate }],
      errorCount: 1,
    });
    const codes = Array.from({ length: MAX_CBR_CURRENCIES + 1 }, (_, i) =>
      VALUTE.replace('USD', String.fromCharCode(65 + (i % 26), 65 + ((i / 26) % 26), 65 + ((i / 676) % 26))),
    );
    expect(parseCbrDaily(file(codes.join('')))).toEqual({
      errors: [{ row: 0, message: M.tooManyCurrencies }],
      errorCount: 1,
    });
  });
});
