import { describe, expect, it } from 'vitest';
import {
  BANK_STATEMENT_MESSAGES as M,
  MAX_STATEMENT_DOCUMENTS,
  MAX_STATEMENT_LINE,
  parseBankStatement,
} from './bank-statement';

/** The recorded statement of the server's tests (fixtures/statement-1c.txt there, in Windows-1251). */
const text = [
  `1CClientBankExchange`,
  `ВерсияФормата=1.03`,
  `Кодировка=Windows`,
  `Отправитель=Сбербанк Бизнес Онлайн`,
  `Получатель=Бухгалтерия предприятия, редакция 3.0`,
  `ДатаСоздания=12.03.2024`,
  `ВремяСоздания=09:41:07`,
  `ДатаНачала=11.03.2024`,
  `ДатаКонца=11.03.2024`,
  `РасчСчет=40702810038000012345`,
  `Документ=Платежное поручение`,
  `СекцияРасчСчет`,
  `ДатаНачала=11.03.2024`,
  `ДатаКонца=11.03.2024`,
  `РасчСчет=40702810038000012345`,
  `НачальныйОстаток=1250000.00`,
  `ВсегоПоступило=354000.00`,
  `ВсегоСписано=87500.50`,
  `КонечныйОстаток=1516499.50`,
  `КонецРасчСчет`,
  `СекцияДокумент=Платежное поручение`,
  `Номер=418`,
  `Дата=11.03.2024`,
  `Сумма=354000.00`,
  `ПлательщикСчет=40702810500000004567`,
  `ДатаСписано=11.03.2024`,
  `Плательщик=ИНН 0274062111 ООО "БАШТЕХСНАБ"`,
  `ПлательщикИНН=0274062111`,
  `Плательщик1=ООО "БАШТЕХСНАБ"`,
  `ПлательщикРасчСчет=40702810500000004567`,
  `ПлательщикБанк1=ПАО "БАНК УРАЛСИБ"`,
  `ПлательщикБанк2=г. Уфа`,
  `ПлательщикБИК=048073770`,
  `ПлательщикКорсчет=30101810600000000770`,
  `ПлательщикКПП=027401001`,
  `ПолучательСчет=40702810038000012345`,
  `ДатаПоступило=11.03.2024`,
  `Получатель=ИНН 7707083893 ООО "ТРАНСЛОГИСТИК"`,
  `ПолучательИНН=7707083893`,
  `Получатель1=ООО "ТРАНСЛОГИСТИК"`,
  `ПолучательРасчСчет=40702810038000012345`,
  `ПолучательБанк1=ПАО СБЕРБАНК`,
  `ПолучательБанк2=г. Москва`,
  `ПолучательБИК=044525225`,
  `ПолучательКорсчет=30101810400000000225`,
  `ПолучательКПП=770701001`,
  `ВидПлатежа=`,
  `ВидОплаты=01`,
  `Очередность=5`,
  `НазначениеПлатежа=Оплата по счету № 15 от 01.03.2024 за транспортно-экспедиционные услуги. В т.ч. НДС 20% - 59000.00 руб.`,
  `КонецДокумента`,
  `СекцияДокумент=Платежное поручение`,
  `Номер=1027`,
  `Дата=11.03.2024`,
  `Сумма=87500.50`,
  `ПлательщикСчет=40702810038000012345`,
  `ДатаСписано=11.03.2024`,
  `Плательщик=ООО "ТРАНСЛОГИСТИК"`,
  `ПлательщикИНН=7707083893`,
  `Плательщик1=ООО "ТРАНСЛОГИСТИК"`,
  `ПлательщикРасчСчет=40702810038000012345`,
  `ПлательщикБанк1=ПАО СБЕРБАНК`,
  `ПлательщикБИК=044525225`,
  `ПлательщикКорсчет=30101810400000000225`,
  `ПлательщикКПП=770701001`,
  `ПолучательСчет=00702810900000000321`,
  `ДатаПоступило=11.03.2024`,
  `Получатель=ИП Абрамов Олег Викторович`,
  `ПолучательИНН=026801234567`,
  `Получатель1=ИП Абрамов Олег Викторович`,
  `ПолучательРасчСчет=00702810900000000321`,
  `ПолучательБанк1=АО "АЛЬФА-БАНК"`,
  `ПолучательБИК=044525593`,
  `ПолучательКорсчет=30101810200000000593`,
  `ПолучательКПП=`,
  `ВидОплаты=01`,
  `Очередность=5`,
  `НазначениеПлатежа=Оплата по счету 77/24 от 05.03.2024 за перевозку груза Москва - Уфа. НДС не облагается.`,
  `КонецДокумента`,
  `КонецФайла`,
].join('\r\n');
/** The recorded statement with its line `n` (1-based) replaced. */
const withLine = (n: number, line: string) => {
  const lines = text.split('\r\n');
  lines[n - 1] = line;
  return lines.join('\r\n');
};
const lineOf = (start: string) => text.split('\r\n').findIndex((l) => l.startsWith(start)) + 1;

describe('bank statement (1CClientBankExchange)', () => {
  it('reads the recorded Windows-1251 statement into its accounts and documents', () => {
    const { statement, errors } = parseBankStatement(text);
    expect(errors).toEqual([]);
    expect(statement).toMatchObject({
      formatVersion: '1.03',
      sender: 'Сбербанк Бизнес Онлайн',
      createdDate: '2024-03-12',
      startDate: '2024-03-11',
      accounts: [
        {
          account: '40702810038000012345',
          openingBalance: '1250000.00',
          credited: '354000.00',
          debited: '87500.50',
          closingBalance: '1516499.50',
        },
      ],
    });
    expect(statement?.documents.map((d) => [d.number, d.date, d.amount, d.direction])).toEqual([
      ['418', '2024-03-11', '354000.00', 'incoming'],
      ['1027', '2024-03-11', '87500.50', 'outgoing'],
    ]);
    const incoming = statement?.documents[0];
    expect(incoming?.payer).toEqual({
      name: 'ООО "БАШТЕХСНАБ"',
      inn: '0274062111',
      kpp: '027401001',
      account: '40702810500000004567',
      bankName: 'ПАО "БАНК УРАЛСИБ"',
      bik: '048073770',
      correspondentAccount: '30101810600000000770',
    });
    expect(incoming?.purpose).toContain('Оплата по счету № 15 от 01.03.2024');
    expect(incoming?.kind).toBe('Платежное поручение');
  });

  it('keeps the leading zeros of INNs and account numbers', () => {
    const outgoing = parseBankStatement(text).statement?.documents[1];
    expect(outgoing?.recipient.inn).toBe('026801234567');
    expect(outgoing?.recipient.account).toBe('00702810900000000321');
    expect(outgoing?.recipient.kpp).toBe('');
  });

  it('checks the whole file and names the line of every bad value, answering no documents', () => {
    const amountLine = lineOf('Сумма=354000.00');
    const innLine = lineOf('ПолучательИНН=026801234567');
    const broken = withLine(innLine, 'ПолучательИНН=2680123456X').replace(
      'Сумма=354000.00',
      'Сумма=354 000,00',
    );
    expect(parseBankStatement(broken)).toEqual({
      statement: null,
      errors: [
        { line: amountLine, message: M.badAmount, field: 'Сумма' },
        { line: innLine, message: M.badInn, field: 'ПолучательИНН' },
      ],
      errorCount: 2,
      warnings: [],
    });
  });

  it('reads past a balance section whose account is not 20 digits, with a warning at its line', () => {
    const accountLine = lineOf('СекцияРасчСчет') + 3;
    const read = parseBankStatement(withLine(accountLine, 'РасчСчет=4070281003800001'));
    expect(read.errors).toEqual([]);
    expect(read.warnings).toEqual([{ line: accountLine, message: M.balanceAccount, field: 'РасчСчет' }]);
    expect(read.statement?.accounts).toEqual([]);
    expect(read.statement?.documents).toHaveLength(2);
  });

  it('refuses lines outside the format, unknown sections, unended sections and a cut file', () => {
    expect(parseBankStatement(withLine(3, 'Кодировка Windows')).errors).toEqual([
      { line: 3, message: M.badLine },
    ]);
    expect(parseBankStatement(withLine(3, 'СекцияПлатеж')).errors).toEqual([
      { line: 3, message: M.unknownSection },
    ]);
    const sectionLine = lineOf('СекцияДокумент');
    const documentEnd = lineOf('КонецДокумента');
    expect(parseBankStatement(withLine(documentEnd, '')).errors).toEqual([
      { line: documentEnd + 1, message: M.nestedSection },
    ]);
    const cut = text.slice(0, text.indexOf('КонецДокумента'));
    expect(parseBankStatement(cut).errors).toEqual([
      { line: sectionLine, message: M.unclosedSection },
      { line: cut.split('\r\n').length, message: M.missingEndOfFile },
    ]);
    expect(parseBankStatement('Выписка\r\n').errors).toEqual([{ line: 1, message: M.notExchangeFile }]);
  });

  it('requires a document number, date, amount and one of our accounts', () => {
    const dateLine = lineOf('Дата=11.03.2024');
    const sectionLine = lineOf('СекцияДокумент');
    expect(parseBankStatement(withLine(dateLine, 'Дата=31.02.2024')).errors).toEqual([
      { line: dateLine, message: M.badDate, field: 'Дата' },
    ]);
    expect(parseBankStatement(withLine(lineOf('Номер=418'), '')).errors).toEqual([
      { line: sectionLine, message: M.missingField, field: 'Номер' },
    ]);
    const stranger = text
      .replaceAll('=40702810038000012345', '=40702810038000099999')
      .replace(/РасчСчет=40702810038000099999/g, 'РасчСчет=40702810038000012345');
    expect(parseBankStatement(stranger).errors.map((e) => e.message)).toContain(M.notOurAccount);
  });

  /** The recorded statement with its document `copies` times over, and `bad` lines that are no pair. */
  const grown = (copies: number, bad = 0) => {
    const lines = text.split('\r\n');
    const start = lines.findIndex((l) => l.startsWith('СекцияДокумент='));
    const end = lines.indexOf('КонецДокумента', start);
    const document = lines.slice(start, end + 1);
    const body = Array.from({ length: copies }, () => document).flat();
    const junk = Array.from({ length: bad }, (_, i) => `строка без пары ${i}`);
    return [...lines.slice(0, start), ...junk, ...body, ...lines.slice(end + 1)].join('\r\n');
  };
  const work = (statement: string) => {
    const meter = { steps: 0 };
    parseBankStatement(statement, meter);
    return meter.steps;
  };

  it('reads a statement twice as long in about twice the work, good lines or bad', () => {
    expect(work(grown(1000)) / work(grown(500))).toBeLessThan(2.2);
    expect(work(grown(10, 4000)) / work(grown(10, 2000))).toBeLessThan(2.2);
  });

  it('refuses more sections than one import takes at the first one too many, and a line longer than the format', () => {
    // Sections as short as they come (their missing fields are errors of their own).
    const sections = (count: number) =>
      [
        '1CClientBankExchange',
        ...Array(count).fill('СекцияДокумент=Платежное поручение\r\nКонецДокумента'),
        'КонецФайла',
      ].join('\r\n');
    const at = parseBankStatement(sections(MAX_STATEMENT_DOCUMENTS));
    expect(at.errors.map((e) => e.message)).not.toContain(M.tooManyDocuments);
    expect(parseBankStatement(sections(MAX_STATEMENT_DOCUMENTS + 1))).toEqual({
      statement: null,
      errors: [{ line: 2 + 2 * MAX_STATEMENT_DOCUMENTS, message: M.tooManyDocuments }],
      errorCount: 1,
      warnings: [],
    });
    const purpose = lineOf('НазначениеПлатежа=');
    expect(
      parseBankStatement(withLine(purpose, `НазначениеПлатежа=${'Ж'.repeat(MAX_STATEMENT_LINE)}`)).errors,
    ).toEqual([{ line: purpose, message: M.lineTooLong }]);
  });

  it('answers the first 1,000 errors of a file by line and how many there are', () => {
    const preview = parseBankStatement(grown(1, 2500));
    expect(preview.statement).toBeNull();
    expect(preview.errorCount).toBe(2500);
    expect(preview.errors).toHaveLength(1000);
    expect(preview.errors.every((e) => e.message === M.badLine)).toBe(true);
    const lines = preview.errors.map((e) => e.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(lines[0]).toBe(lineOf('СекцияДокумент='));
  });
});
