import { documentDate, initiatorLabel } from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import type { ResourceContext } from '../../platform/resources';
import { countries } from '../reference-data';
import { counterpartyService } from './service';
import { counterpartyAgreements, counterpartyBankAccounts } from './tables';

/**
 * Counterparties as an initiator of the document generator (the documents module's `documentInitiators`):
 * a contract, a letter or a requisites sheet filled from the counterparty; its bank accounts and its
 * agreements are loops. Generated files are handed to the user (counterparties keep no files).
 */

async function loadCounterparty(ctx: ResourceContext, id: number) {
  const row = await counterpartyService.find(ctx, id, { access: 'read' });
  const [country] = await ctx.tx
    .select({ name: countries.name })
    .from(countries)
    .where(eq(countries.id, row.countryId));
  const accounts = await ctx.tx
    .select()
    .from(counterpartyBankAccounts)
    .where(eq(counterpartyBankAccounts.counterpartyId, id))
    .orderBy(asc(counterpartyBankAccounts.id));
  const agreements = await ctx.tx
    .select()
    .from(counterpartyAgreements)
    .where(eq(counterpartyAgreements.counterpartyId, id))
    .orderBy(asc(counterpartyAgreements.id));
  return {
    title: row.name,
    data: {
      name: row.name,
      fullName: row.fullName ?? row.name,
      nameEn: row.nameEn ?? '',
      country: country?.name ?? '',
      inn: row.inn ?? '',
      kpp: row.kpp ?? '',
      ogrn: row.ogrn ?? '',
      okpo: row.okpo ?? '',
      legalAddress: row.legalAddress ?? '',
      postalAddress: row.postalAddress ?? '',
      phone: row.phone ?? '',
      email: row.email ?? '',
      website: row.website ?? '',
      today: documentDate(ctx.clock?.() ?? new Date()),
      bankAccounts: accounts.map((account) => ({
        bankName: account.bankName ?? '',
        bik: account.bik ?? '',
        account: account.account ?? '',
        correspondentAccount: account.correspondentAccount ?? '',
        iban: account.iban ?? '',
        swift: account.swift ?? '',
      })),
      agreements: agreements.map((agreement) => ({
        number: agreement.number ?? '',
        date: documentDate(agreement.date),
        validUntil: documentDate(agreement.validUntil),
      })),
    },
  };
}

export const COUNTERPARTY_DOCUMENT_INITIATOR = {
  label: initiatorLabel('Контрагент', 'Counterparty'),
  fields: [
    { tag: 'name', label: initiatorLabel('Название', 'Name') },
    { tag: 'fullName', label: initiatorLabel('Полное название', 'Full name') },
    { tag: 'nameEn', label: initiatorLabel('Название на английском', 'Name in English') },
    { tag: 'country', label: initiatorLabel('Страна', 'Country') },
    { tag: 'inn', label: initiatorLabel('ИНН', 'INN') },
    { tag: 'kpp', label: initiatorLabel('КПП', 'KPP') },
    { tag: 'ogrn', label: initiatorLabel('ОГРН', 'OGRN') },
    { tag: 'okpo', label: initiatorLabel('ОКПО', 'OKPO') },
    { tag: 'legalAddress', label: initiatorLabel('Юридический адрес', 'Legal address') },
    { tag: 'postalAddress', label: initiatorLabel('Почтовый адрес', 'Postal address') },
    { tag: 'phone', label: initiatorLabel('Телефон', 'Phone') },
    { tag: 'email', label: initiatorLabel('E-mail', 'E-mail') },
    { tag: 'website', label: initiatorLabel('Сайт', 'Website') },
    { tag: 'today', label: initiatorLabel('Сегодняшняя дата', "Today's date") },
    {
      tag: 'bankAccounts',
      label: initiatorLabel('Банковские счета (цикл)', 'Bank accounts (loop)'),
      items: [
        { tag: 'bankName', label: initiatorLabel('Банк', 'Bank') },
        { tag: 'bik', label: initiatorLabel('БИК', 'BIC') },
        { tag: 'account', label: initiatorLabel('Расчётный счёт', 'Account') },
        { tag: 'correspondentAccount', label: initiatorLabel('Корр. счёт', 'Correspondent account') },
        { tag: 'iban', label: initiatorLabel('IBAN', 'IBAN') },
        { tag: 'swift', label: initiatorLabel('SWIFT', 'SWIFT') },
      ],
    },
    {
      tag: 'agreements',
      label: initiatorLabel('Договоры (цикл)', 'Agreements (loop)'),
      items: [
        { tag: 'number', label: initiatorLabel('Номер', 'Number') },
        { tag: 'date', label: initiatorLabel('Дата', 'Date') },
        { tag: 'validUntil', label: initiatorLabel('Действует до', 'Valid until') },
      ],
    },
  ],
  load: loadCounterparty,
};
