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

const dmy = (date: string | null | undefined): string => {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
};

const label = (ru: string, en: string) => ({ ru, en });

async function loadCounterparty(ctx: ResourceContext, id: number) {
  const row = await counterpartyService.find(ctx, id, ctx.auth ? { access: 'read' } : {});
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
      today: dmy(new Date().toISOString()),
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
        date: dmy(agreement.date),
        validUntil: dmy(agreement.validUntil),
      })),
    },
  };
}

export const COUNTERPARTY_DOCUMENT_INITIATOR = {
  label: label('Контрагент', 'Counterparty'),
  fields: [
    { tag: 'name', label: label('Название', 'Name') },
    { tag: 'fullName', label: label('Полное название', 'Full name') },
    { tag: 'nameEn', label: label('Название на английском', 'Name in English') },
    { tag: 'country', label: label('Страна', 'Country') },
    { tag: 'inn', label: label('ИНН', 'INN') },
    { tag: 'kpp', label: label('КПП', 'KPP') },
    { tag: 'ogrn', label: label('ОГРН', 'OGRN') },
    { tag: 'okpo', label: label('ОКПО', 'OKPO') },
    { tag: 'legalAddress', label: label('Юридический адрес', 'Legal address') },
    { tag: 'postalAddress', label: label('Почтовый адрес', 'Postal address') },
    { tag: 'phone', label: label('Телефон', 'Phone') },
    { tag: 'email', label: label('E-mail', 'E-mail') },
    { tag: 'website', label: label('Сайт', 'Website') },
    { tag: 'today', label: label('Сегодняшняя дата', "Today's date") },
    {
      tag: 'bankAccounts',
      label: label('Банковские счета (цикл)', 'Bank accounts (loop)'),
      items: [
        { tag: 'bankName', label: label('Банк', 'Bank') },
        { tag: 'bik', label: label('БИК', 'BIC') },
        { tag: 'account', label: label('Расчётный счёт', 'Account') },
        { tag: 'correspondentAccount', label: label('Корр. счёт', 'Correspondent account') },
        { tag: 'iban', label: label('IBAN', 'IBAN') },
        { tag: 'swift', label: label('SWIFT', 'SWIFT') },
      ],
    },
    {
      tag: 'agreements',
      label: label('Договоры (цикл)', 'Agreements (loop)'),
      items: [
        { tag: 'number', label: label('Номер', 'Number') },
        { tag: 'date', label: label('Дата', 'Date') },
        { tag: 'validUntil', label: label('Действует до', 'Valid until') },
      ],
    },
  ],
  load: loadCounterparty,
};
