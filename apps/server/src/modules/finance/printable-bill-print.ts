import type { PrintableBillDocument, PrintableBillLanguage } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import { legalEntities } from '../company';
import { counterparties } from '../counterparties';
import { banks, currencies } from '../reference-data';
import { type PrintableBillRow, storedLines } from './printable-bills';
import { paymentForms, printableBillTemplates } from './tables';

/**
 * What a printable bill prints (`PrintableBillDocument`): our company with the bank of the payment form,
 * the buyer's requisites as they are now, the lines as stored and the template's texts, with the
 * template's language (Russian when there is no template).
 */
export async function printableBillDocument(
  tx: Tx,
  row: PrintableBillRow,
): Promise<{ document: PrintableBillDocument; language: PrintableBillLanguage }> {
  const [[company], [form], [buyer], [currency], template, lines] = await readAll(tx, [
    () => tx.select().from(legalEntities).where(eq(legalEntities.id, row.legalEntityId)),
    () =>
      tx
        .select({ account: paymentForms.accountNumber, bank: banks })
        .from(paymentForms)
        .innerJoin(banks, eq(banks.id, paymentForms.bankId))
        .where(eq(paymentForms.id, row.paymentFormId)),
    () => tx.select().from(counterparties).where(eq(counterparties.id, row.counterpartyId)),
    () => tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, row.currencyId)),
    () =>
      row.templateId
        ? tx
            .select()
            .from(printableBillTemplates)
            .where(eq(printableBillTemplates.id, row.templateId))
            .then((rows) => rows[0])
        : undefined,
    () => storedLines(tx, row.id),
  ]);
  return {
    language: (template?.language as PrintableBillLanguage | undefined) ?? 'ru',
    document: {
      number: row.number,
      date: row.date,
      currency: currency!.code,
      supplier: {
        name: company!.name,
        inn: company!.inn,
        kpp: company!.kpp,
        address: company!.address,
        bank: {
          name: form!.bank.name,
          bik: form!.bank.bik ?? form!.bank.swift ?? '',
          correspondentAccount: form!.bank.correspondentAccount,
          account: form!.account,
        },
      },
      buyer: {
        name: buyer!.fullName ?? buyer!.name,
        inn: buyer!.inn,
        kpp: buyer!.kpp,
        address: buyer!.legalAddress,
      },
      basis: row.basis,
      lines,
      heading: template?.heading ?? null,
      terms: template?.terms ?? null,
      directorName: template?.directorName ?? null,
      accountantName: template?.accountantName ?? null,
    },
  };
}
