import { z } from 'zod';
import { decimalAdd, decimalDivide, decimalFixed, decimalMultiply } from '../common/decimal';

/**
 * What a printable bill prints, as plain data (the PDF and the accountant's XML are rendered from it):
 * the supplier with its bank details, the buyer, the service lines and the template's texts. Amounts are
 * decimal text; line amounts include VAT, as Russian invoices state it ("в том числе НДС").
 */
const amount = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/);
const quantity = z.string().regex(/^\d{1,12}(\.\d{1,3})?$/);

export const printableBillPartySchema = z.object({
  name: z.string().min(1),
  inn: z
    .string()
    .regex(/^(\d{10}|\d{12})$/)
    .nullable(),
  kpp: z
    .string()
    .regex(/^\d{4}[0-9A-Z]{2}\d{3}$/)
    .nullable(),
  address: z.string().nullable(),
});

export const printableBillBankSchema = z.object({
  name: z.string().min(1),
  bik: z.string().regex(/^\d{9}$/),
  correspondentAccount: z
    .string()
    .regex(/^\d{20}$/)
    .nullable(),
  account: z.string().regex(/^\d{20}$/),
});

/** A service line. `vatRate` is the percentage (20, 10, 0) or null for "without VAT". */
export const printableBillLineSchema = z.object({
  name: z.string().min(1),
  quantity,
  unit: z.string().min(1),
  price: amount,
  amount,
  vatRate: z.enum(['0', '10', '20']).nullable(),
});
export type PrintableBillLine = z.infer<typeof printableBillLineSchema>;

export const printableBillDocumentSchema = z.object({
  number: z.string().min(1),
  date: z.iso.date(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  supplier: printableBillPartySchema.extend({ bank: printableBillBankSchema }),
  buyer: printableBillPartySchema,
  /** "Основание": the agreement or order the bill is for. */
  basis: z.string().nullable(),
  lines: z.array(printableBillLineSchema).min(1),
  /** The template's texts (docs/finance.md "Printable bill PDF"). */
  heading: z.string().nullable(),
  terms: z.string().nullable(),
  directorName: z.string().nullable(),
  accountantName: z.string().nullable(),
});
export type PrintableBillDocument = z.infer<typeof printableBillDocumentSchema>;

export interface PrintableBillTotals {
  total: string;
  /** VAT included in the total, one entry per rate that occurs (rate 0 included: "НДС 0%"). */
  vat: { rate: string; amount: string }[];
  /** Every line is without VAT ("Без налога (НДС)"). */
  withoutVat: boolean;
}

/**
 * The bill's total and the VAT it includes, per rate: amount × rate ÷ (100 + rate) over the rate's lines,
 * rounded half away from zero to kopecks once per rate (not per line, so the VAT matches the total's).
 */
export function printableBillTotals(lines: readonly PrintableBillLine[]): PrintableBillTotals {
  const byRate = new Map<string, string>();
  let total = '0';
  for (const line of lines) {
    total = decimalAdd(total, line.amount);
    if (line.vatRate !== null)
      byRate.set(line.vatRate, decimalAdd(byRate.get(line.vatRate) ?? '0', line.amount));
  }
  const vat = [...byRate.entries()]
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([rate, sum]) => ({
      rate,
      amount: decimalFixed(decimalDivide(decimalMultiply(sum, rate), decimalAdd('100', rate), 2), 2),
    }));
  return { total: decimalFixed(total, 2), vat, withoutVat: byRate.size === 0 };
}
