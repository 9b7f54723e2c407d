import {
  CARGO_INSURANCE_STATUS_LABELS,
  type CargoInsuranceStatus,
  type ExportLanguage,
  INSURED_AMOUNT_BASIS_LABELS,
} from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { textOf } from '../../platform/i18n/dictionaries';
import { counterparties } from '../counterparties';
import { orders } from '../operations';
import { currencies, vehicleTypes } from '../reference-data';
import type { CertificateDocument } from './certificate-pdf';
import type { CertificateRow } from './certificates';
import { policyOf } from './quote';

const label = (key: string, lang: ExportLanguage) => textOf(`insurance.certificates.${key}`, lang) ?? key;

/** 1234567.5 → "1 234 567,50" (ru) or "1,234,567.50" (en), from the decimal text. */
function money(amount: string | null, currency: string, lang: ExportLanguage): string {
  if (!amount) return '';
  const [whole = '0', fraction = '00'] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
  return `${grouped}${lang === 'ru' ? ',' : '.'}${fraction.padEnd(2, '0')} ${currency}`;
}

const day = (value: string | null) => (value ? value.split('-').reverse().join('.') : '');

/**
 * What the certificate's PDF prints, in `lang`: the labels are the screen's (the web's dictionaries), the
 * references read by name (order number, policy and insurer, currencies, vehicle type).
 */
export async function certificateDocument(
  tx: Tx,
  row: CertificateRow,
  status: CargoInsuranceStatus,
  lang: ExportLanguage,
): Promise<CertificateDocument> {
  const policy = await policyOf(tx, row.policyId);
  const currencyIds = [row.currencyId, row.valueCurrencyId].filter((id): id is number => id !== null);
  const [[order], [insurer], codes, [vehicle]] = await Promise.all([
    tx.select({ number: orders.number }).from(orders).where(eq(orders.id, row.orderId)),
    tx
      .select({ name: counterparties.name })
      .from(counterparties)
      .where(eq(counterparties.id, policy.insurerId)),
    currencyIds.length
      ? tx
          .select({ id: currencies.id, code: currencies.code })
          .from(currencies)
          .where(inArray(currencies.id, currencyIds))
      : Promise.resolve([]),
    row.vehicleTypeId
      ? tx
          .select({ name: vehicleTypes.name })
          .from(vehicleTypes)
          .where(eq(vehicleTypes.id, row.vehicleTypeId))
      : Promise.resolve([]),
  ]);
  const code = (id: number | null) => codes.find((c) => c.id === id)?.code ?? '';
  const field = (name: string) => label(`fields.${name}`, lang);
  const rows = (pairs: [string, string | null | undefined][]): [string, string][] =>
    pairs.map(([name, value]) => [field(name), value ?? '']);
  return {
    heading: `${label('item', lang)} № ${row.number ?? `#${row.id}`}`,
    subheading: `${field('policyId')}: ${policy.number} · ${insurer?.name ?? ''} · ${
      CARGO_INSURANCE_STATUS_LABELS[status][lang]
    }`,
    sections: [
      {
        title: label('sections.details', lang),
        rows: rows([
          ['orderId', order ? String(order.number ?? row.orderId).padStart(6, '0') : ''],
          ['clientName', row.clientName],
          ['amountBasis', INSURED_AMOUNT_BASIS_LABELS[row.amountBasis]?.[lang]],
          ['insuredValue', money(row.insuredValue, code(row.valueCurrencyId), lang)],
          ['exchangeRate', row.exchangeRate],
          ['insuredAmount', money(row.insuredAmount, code(row.currencyId), lang)],
          ['rate', row.rate ? `${row.rate} %` : ''],
          ['premium', money(row.premium, code(row.currencyId), lang)],
          ['deductible', money(row.deductible, code(row.currencyId), lang)],
          ['periodFrom', day(row.periodFrom)],
          ['periodTo', day(row.periodTo)],
          ['issueDate', day(row.issueDate)],
        ]),
      },
      {
        title: label('sections.information', lang),
        rows: rows([
          ['insuredName', row.insuredName],
          ['insuredAddress', row.insuredAddress],
          ['cargoDescription', row.cargoDescription],
          ['invoiceNumber', row.invoiceNumber],
          ['invoiceDate', day(row.invoiceDate)],
          ['dispatchAddress', row.dispatchAddress],
          ['deliveryAddress', row.deliveryAddress],
          ['transferAddress', row.transferAddress],
          ['vehicleTypeId', vehicle?.name],
          ['vehiclePlate', row.vehiclePlate],
          ['additionalInfo', row.additionalInfo],
        ]),
      },
    ],
    footer: `${insurer?.name ?? ''} · ${field('issuedAt')}: ${
      row.issuedAt ? row.issuedAt.toISOString().slice(0, 16).replace('T', ' ') : '—'
    } UTC`,
  };
}
