import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPrintableBillPdf } from './printable-bill-pdf';
import { SAMPLE_PRINTABLE_BILL } from './printable-bill-sample';

const textOf = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');

describe('printable bill PDF', () => {
  it('prints the Russian invoice with its requisites, lines, VAT and the total in words, in Cyrillic', async () => {
    const pdf = await renderPrintableBillPdf(SAMPLE_PRINTABLE_BILL, 'ru');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const expected of [
      'ПАО СБЕРБАНК, г. Москва',
      '044525225',
      '30101810400000000225',
      '40702810038000012345',
      'Счёт на оплату № 15 от 1 марта 2024 г.',
      'ИНН 7707083893',
      'ИНН 0274062111',
      'КПП 027401001',
      'Погрузочно-разгрузочные работы',
      '354 000,00',
      'В том числе НДС 20%: 59 000,00',
      'Всего наименований 2, на сумму 354 000,00 RUB',
      'Триста пятьдесят четыре тысячи рублей 00 копеек',
      'Петров П. П.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints in English with the total in English words', async () => {
    const text = await textOf(
      await renderPrintableBillPdf(
        {
          ...SAMPLE_PRINTABLE_BILL,
          currency: 'USD',
          lines: [{ ...SAMPLE_PRINTABLE_BILL.lines[0]!, vatRate: null }],
        },
        'en',
      ),
    );
    expect(text).toContain('Invoice No. 15 dated 1 March 2024');
    expect(text).toContain('VAT not applicable');
    expect(text).toContain('Two hundred ninety-five thousand US dollars and 00 cents');
  });
});
