import { dataImportDescriptions } from '../../modules/data-import/tables';
import type { Tx } from '../connection';

/**
 * The demo's import descriptions (docs/data-import.md): counterparties from a 1C or Excel list, matched by
 * INN (a contact on the same row), and a packing list summed into one order's cargo.
 */
export async function seedDemoDataImport(tx: Tx): Promise<void> {
  await tx.insert(dataImportDescriptions).values([
    {
      name: 'Контрагенты из 1С (по ИНН)',
      target: 'counterparties',
      mode: 'upsert',
      matchKey: 'inn',
      encoding: 'auto',
      delimiter: 'auto',
      dateFormat: 'DD.MM.YYYY',
      decimalComma: true,
      maxRows: 100_000,
      columns: [
        { field: 'inn', header: 'ИНН', alternates: ['INN', 'ИНН контрагента'], lookup: null },
        { field: 'name', header: 'Наименование', alternates: ['Name', 'Краткое наименование'], lookup: null },
        { field: 'fullName', header: 'Полное наименование', alternates: ['Full name'], lookup: null },
        { field: 'kpp', header: 'КПП', alternates: ['KPP'], lookup: null },
        { field: 'okpo', header: 'ОКПО', alternates: ['OKPO'], lookup: null },
        { field: 'countryId', header: 'Страна', alternates: ['Country'], lookup: 'code' },
        { field: 'client', header: 'Клиент', alternates: ['Client'], lookup: null },
        { field: 'contractor', header: 'Подрядчик', alternates: ['Contractor'], lookup: null },
        { field: 'contact.name', header: 'Контактное лицо', alternates: ['Contact'], lookup: null },
        { field: 'contact.phone', header: 'Телефон', alternates: ['Phone'], lookup: null },
        { field: 'contact.email', header: 'E-mail', alternates: ['Email', 'Почта'], lookup: null },
      ],
      description: 'Выгрузка контрагентов из 1С или Excel: новые создаются, известные по ИНН обновляются.',
    },
    {
      name: 'Упаковочный лист в заказ',
      target: 'orderCargo',
      mode: 'insert',
      encoding: 'auto',
      delimiter: 'auto',
      dateFormat: 'DD.MM.YYYY',
      decimalComma: true,
      maxRows: 5_000,
      columns: [
        {
          field: 'description',
          header: 'Товар',
          alternates: ['Description', 'Наименование товара'],
          lookup: null,
        },
        { field: 'placeCount', header: 'Мест', alternates: ['Places', 'Кол-во мест'], lookup: null },
        { field: 'weight', header: 'Вес нетто, кг', alternates: ['Net weight', 'Нетто'], lookup: null },
        {
          field: 'grossWeight',
          header: 'Вес брутто, кг',
          alternates: ['Gross weight', 'Брутто'],
          lookup: null,
        },
        { field: 'volume', header: 'Объём, м³', alternates: ['Volume', 'Объем'], lookup: null },
        { field: 'tnvedCode', header: 'Код ТН ВЭД', alternates: ['HS code', 'ТН ВЭД'], lookup: null },
      ],
      description: 'Строки упаковочного листа клиента: веса, места и объём суммируются в груз заказа.',
    },
  ]);
}
