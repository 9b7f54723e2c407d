import type { PrintableBillDocument } from '@tms/domain';

/** A printable bill's data as a bill of the ledger would give it: the tests' and the docs' example. */
export const SAMPLE_PRINTABLE_BILL: PrintableBillDocument = {
  number: '15',
  date: '2024-03-01',
  currency: 'RUB',
  supplier: {
    name: 'ООО "ТРАНСЛОГИСТИК"',
    inn: '7707083893',
    kpp: '770701001',
    address: '115035, г. Москва, ул. Садовническая, д. 5',
    bank: {
      name: 'ПАО СБЕРБАНК, г. Москва',
      bik: '044525225',
      correspondentAccount: '30101810400000000225',
      account: '40702810038000012345',
    },
  },
  buyer: {
    name: 'ООО "БАШТЕХСНАБ"',
    inn: '0274062111',
    kpp: '027401001',
    address: '450077, г. Уфа, ул. Ленина, д. 10',
  },
  basis: 'Договор транспортной экспедиции № 7/24 от 10.01.2024',
  lines: [
    {
      name: 'Транспортно-экспедиционные услуги по перевозке груза Москва — Уфа, заказ 000123',
      quantity: '1',
      unit: 'усл.',
      price: '295000',
      amount: '295000',
      vatRate: '20',
    },
    {
      name: 'Погрузочно-разгрузочные работы',
      quantity: '2',
      unit: 'ч',
      price: '29500.00',
      amount: '59000.00',
      vatRate: '20',
    },
  ],
  heading: null,
  terms: 'Оплата данного счёта означает согласие с условиями оказания услуг.',
  directorName: 'Петров П. П.',
  accountantName: 'Сидорова А. В.',
};
