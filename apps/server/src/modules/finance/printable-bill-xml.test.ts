import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { SAMPLE_PRINTABLE_BILL } from './printable-bill-sample';
import { renderPrintableBillXml } from './printable-bill-xml';

const schema = readFileSync(new URL('./printable-bill.xsd', import.meta.url), 'utf8');
const validate = (xml: string) =>
  validateXML({ xml: [{ fileName: 'bill.xml', contents: xml }], schema: [schema] });

describe('printable bill XML export', () => {
  it('is valid against its schema, with requisites kept as text and the totals in words', async () => {
    const xml = renderPrintableBillXml({
      ...SAMPLE_PRINTABLE_BILL,
      buyer: { ...SAMPLE_PRINTABLE_BILL.buyer, name: 'ООО "Ромашка & Ко" <Уфа>' },
      lines: [...SAMPLE_PRINTABLE_BILL.lines, { ...SAMPLE_PRINTABLE_BILL.lines[1]!, vatRate: null }],
    });
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain('<INN>0274062111</INN>');
    expect(xml).toContain('<Name>ООО &quot;Ромашка &amp; Ко&quot; &lt;Уфа&gt;</Name>');
    expect(xml).toContain('<Price>295000.00</Price>');
    expect(xml).toContain('<WithoutVat/>');
    expect(xml).toContain('<Total>413000.00</Total>');
    expect(xml).toContain('<Vat rate="20">59000.00</Vat>');
    expect(xml).toContain(
      '<TotalInWords lang="ru">Четыреста тринадцать тысяч рублей 00 копеек</TotalInWords>',
    );
    expect(xml).toContain(
      '<TotalInWords lang="en">Four hundred thirteen thousand roubles and 00 kopecks</TotalInWords>',
    );
  });

  it('is held to the schema: a changed document that breaks it is refused', async () => {
    const xml = renderPrintableBillXml(SAMPLE_PRINTABLE_BILL).replace(
      '<BIK>044525225</BIK>',
      '<BIK>4452522</BIK>',
    );
    const result = await validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors[0]?.message).toContain('BIK');
  });
});
