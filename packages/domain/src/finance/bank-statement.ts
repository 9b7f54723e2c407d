import { z } from 'zod';
import { decimalFixed } from '../common/decimal';
import { FileErrors, type WorkMeter } from '../common/errors';

/**
 * The bank statement file banks give Russian companies: the 1C client-bank exchange text format
 * (`1CClientBankExchange`, lines `Key=Value`, Windows-1251). Messages are stable English, each with the line
 * it is about; the web translates them.
 */
export const BANK_STATEMENT_MESSAGES = {
  notExchangeFile: 'The file is not a 1C client-bank exchange file (1CClientBankExchange).',
  badLine: 'The line is not a "Key=Value" pair of the exchange format.',
  unknownSection: 'Unknown section of the exchange format.',
  nestedSection: 'A section starts before the previous one ended.',
  unexpectedEnd: 'This end of a section has no section to end.',
  unclosedSection: 'The section does not end before the end of the file.',
  missingEndOfFile: 'The file has no КонецФайла line: it may be cut short.',
  afterEndOfFile: 'Lines after КонецФайла.',
  missingField: 'A required field is missing.',
  badDate: 'The date is not DD.MM.YYYY.',
  badAmount: 'The amount is not a positive number with at most two decimals.',
  badInn: 'The INN is not 10 or 12 digits.',
  badKpp: 'The KPP is not 9 characters.',
  badAccount: 'The account number is not 20 digits.',
  badBik: 'The BIK is not 9 digits.',
  notOurAccount: "Neither the payer's nor the recipient's account is an account of the statement.",
  noDocuments: 'The statement holds no documents.',
  tooManyDocuments: 'The statement has more documents than one import takes.',
  lineTooLong: 'The line is longer than the exchange format allows.',
  balanceAccount: "The balance section's account is not 20 digits: its balances are passed over.",
  encodingMismatch:
    'The file is in UTF-8 but not all of it: save it again in Windows-1251 (Кодировка=Windows) or in UTF-8.',
} as const;

/**
 * What one statement may hold: its size in bytes, its sections (documents and accounts: a month of a busy
 * account is a few thousand) and the length of a line (the format's longest fields are a few hundred
 * characters). Beyond, the file is refused before it is planned, so its answer and its work stay bounded.
 */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const MAX_STATEMENT_DOCUMENTS = 5000;
export const MAX_STATEMENT_LINE = 2000;

export type BankStatementMessage = (typeof BANK_STATEMENT_MESSAGES)[keyof typeof BANK_STATEMENT_MESSAGES];

/** One problem of a statement file: the line (1-based) and, where it is about a field, the field's name. */
export interface BankStatementError {
  line: number;
  message: BankStatementMessage;
  field?: string;
}

export const bankStatementPartySchema = z.object({
  name: z.string(),
  inn: z.string(),
  kpp: z.string(),
  account: z.string(),
  bankName: z.string(),
  bik: z.string(),
  correspondentAccount: z.string(),
});
export type BankStatementParty = z.infer<typeof bankStatementPartySchema>;

/** Incoming: the money came to our account; outgoing: it left it; internal: between two of our accounts. */
export const BANK_STATEMENT_DIRECTIONS = ['incoming', 'outgoing', 'internal'] as const;

export const bankStatementDocumentSchema = z.object({
  /** The line of `СекцияДокумент=...`, to point at the document. */
  line: z.number().int(),
  kind: z.string(),
  number: z.string(),
  date: z.iso.date(),
  amount: z.string(),
  direction: z.enum(BANK_STATEMENT_DIRECTIONS),
  payer: bankStatementPartySchema,
  recipient: bankStatementPartySchema,
  purpose: z.string(),
  debitedDate: z.iso.date().nullable(),
  creditedDate: z.iso.date().nullable(),
});
export type BankStatementDocument = z.infer<typeof bankStatementDocumentSchema>;

export const bankStatementAccountSchema = z.object({
  /** The line of the section's `РасчСчет`. */
  line: z.number().int(),
  account: z.string(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  openingBalance: z.string().nullable(),
  credited: z.string().nullable(),
  debited: z.string().nullable(),
  closingBalance: z.string().nullable(),
});

export const bankStatementSchema = z.object({
  formatVersion: z.string(),
  sender: z.string(),
  createdDate: z.iso.date().nullable(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  accounts: z.array(bankStatementAccountSchema),
  documents: z.array(bankStatementDocumentSchema),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

export const bankStatementErrorSchema = z.object({
  line: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
});

/**
 * A dry run's answer: the parsed statement, or null and the file's errors: the first `MAX_FILE_ERRORS` by line,
 * and how many there are in all (`errorCount`).
 */
export const bankStatementPreviewSchema = z.object({
  statement: bankStatementSchema.nullable(),
  errors: z.array(bankStatementErrorSchema),
  errorCount: z.number().int(),
  /** What is read past rather than refused (a balance section's odd account), by line. */
  warnings: z.array(bankStatementErrorSchema),
});
export type BankStatementPreview = z.infer<typeof bankStatementPreviewSchema>;

const HEADER = '1CClientBankExchange';
const M = BANK_STATEMENT_MESSAGES;

interface Field {
  value: string;
  line: number;
}

type Section = { kind: 'account' | 'document'; line: number; title: string; fields: Map<string, Field> };

const SECTION_ENDS = { КонецРасчСчет: 'account', КонецДокумента: 'document' } as const;

function isoDate(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return null;
  return `${y}-${mo}-${d}`;
}

/** Balances may be negative (an overdraft); document amounts may not. */
function amountOf(text: string, signed = false): string | null {
  const re = signed ? /^-?\d{1,15}([.,]\d{1,2})?$/ : /^\d{1,15}([.,]\d{1,2})?$/;
  if (!re.test(text)) return null;
  return decimalFixed(text.replace(',', '.'), 2);
}

/** A statement's errors by line, the first of them kept (`FileErrors`), in the order they were found. */
export const statementErrors = () => new FileErrors<BankStatementError>((a, b) => a.line - b.line);

/**
 * Parses a whole statement, checking every line before answering: either the statement with its documents
 * and no errors, or no statement and the errors with their lines (the first `MAX_FILE_ERRORS` and the count).
 * Identifiers (INN, KPP, accounts, BIK) stay the text they were, so leading zeros are kept. Linear in the
 * file's length: `meter` counts the characters and fields read.
 */
export function parseBankStatement(text: string, meter: WorkMeter = { steps: 0 }): BankStatementPreview {
  meter.steps += text.length;
  const lines = text.split(/\r\n|\r|\n/);
  const errors = statementErrors();
  const header = new Map<string, Field>();
  const sections: Section[] = [];
  let open: Section | null = null;
  let ended = false;

  if (lines[0]?.replace(/^\uFEFF/, '').trim() !== HEADER) {
    return {
      statement: null,
      errors: [{ line: 1, message: M.notExchangeFile }],
      errorCount: 1,
      warnings: [],
    };
  }
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = (lines[i] ?? '').trim();
    meter.steps += 1 + raw.length;
    if (raw === '') continue;
    if (raw.length > MAX_STATEMENT_LINE) {
      errors.add({ line, message: M.lineTooLong });
      continue;
    }
    if (ended) {
      errors.add({ line, message: M.afterEndOfFile });
      break;
    }
    if (raw === 'КонецФайла') {
      if (open) errors.add({ line: open.line, message: M.unclosedSection });
      open = null;
      ended = true;
      continue;
    }
    if (raw === 'СекцияРасчСчет' || raw.startsWith('СекцияДокумент=')) {
      if (sections.length === MAX_STATEMENT_DOCUMENTS) {
        // The file is refused whatever else it holds: no need to read the rest.
        errors.add({ line, message: M.tooManyDocuments });
        return { statement: null, errors: errors.list(), errorCount: errors.count, warnings: [] };
      }
      if (open) errors.add({ line, message: M.nestedSection });
      open =
        raw === 'СекцияРасчСчет'
          ? { kind: 'account', line, title: '', fields: new Map() }
          : { kind: 'document', line, title: raw.slice('СекцияДокумент='.length).trim(), fields: new Map() };
      sections.push(open);
      continue;
    }
    if (raw in SECTION_ENDS) {
      if (open?.kind !== SECTION_ENDS[raw as keyof typeof SECTION_ENDS])
        errors.add({ line, message: M.unexpectedEnd });
      open = null;
      continue;
    }
    if (raw.startsWith('Секция') || raw.startsWith('Конец')) {
      errors.add({ line, message: M.unknownSection });
      continue;
    }
    const eq = raw.indexOf('=');
    if (eq <= 0) {
      errors.add({ line, message: M.badLine });
      continue;
    }
    // Values keep their inner spaces; only the line's ends are trimmed.
    (open?.fields ?? header).set(raw.slice(0, eq).trim(), { value: raw.slice(eq + 1).trim(), line });
  }
  if (!ended) {
    if (open) errors.add({ line: open.line, message: M.unclosedSection });
    errors.add({ line: lines.length, message: M.missingEndOfFile });
  }

  const fieldOf = (fields: Map<string, Field>, key: string) => fields.get(key)?.value ?? '';
  const check = (
    fields: Map<string, Field>,
    sectionLine: number,
    key: string,
    ok: (value: string) => boolean,
    message: BankStatementMessage,
    required = false,
  ): string => {
    const field = fields.get(key);
    meter.steps++;
    if (!field || field.value === '') {
      if (required) errors.add({ line: sectionLine, message: M.missingField, field: key });
      return '';
    }
    if (!ok(field.value)) errors.add({ line: field.line, message, field: key });
    return field.value;
  };
  const date = (fields: Map<string, Field>, sectionLine: number, key: string, required = false) => {
    const value = check(fields, sectionLine, key, (v) => isoDate(v) !== null, M.badDate, required);
    return value ? isoDate(value) : null;
  };
  const balance = (fields: Map<string, Field>, sectionLine: number, key: string) => {
    const value = check(fields, sectionLine, key, (v) => amountOf(v, true) !== null, M.badAmount);
    return value ? amountOf(value, true) : null;
  };

  const statementAccounts = new Set<string>();
  const accountOf = (key: string, sectionLine: number, fields: Map<string, Field>, required = false) =>
    check(fields, sectionLine, key, (v) => /^\d{20}$/.test(v), M.badAccount, required);
  for (const [key, field] of header) {
    if (key === 'РасчСчет') {
      if (/^\d{20}$/.test(field.value)) statementAccounts.add(field.value);
      else errors.add({ line: field.line, message: M.badAccount, field: key });
    }
  }
  // A balance section only reports: banks' and test files hold some of accounts that are not 20 digits, so
  // such a section is a warning and its account no account of the statement, never a refusal of the file.
  const warnings: BankStatementError[] = [];
  const accounts = sections
    .filter((s) => s.kind === 'account')
    .flatMap((s) => {
      const field = s.fields.get('РасчСчет');
      if (!field || !/^\d{20}$/.test(field.value)) {
        warnings.push({ line: field?.line ?? s.line, message: M.balanceAccount, field: 'РасчСчет' });
        return [];
      }
      const account = field.value;
      statementAccounts.add(account);
      return {
        line: field.line,
        account,
        startDate: date(s.fields, s.line, 'ДатаНачала'),
        endDate: date(s.fields, s.line, 'ДатаКонца'),
        openingBalance: balance(s.fields, s.line, 'НачальныйОстаток'),
        credited: balance(s.fields, s.line, 'ВсегоПоступило'),
        debited: balance(s.fields, s.line, 'ВсегоСписано'),
        closingBalance: balance(s.fields, s.line, 'КонечныйОстаток'),
      };
    });

  const party = (s: Section, role: 'Плательщик' | 'Получатель'): BankStatementParty => {
    const f = s.fields;
    // `...Счет` is the account the money moved on; `...РасчСчет` the settlement account of an indirect payment.
    const account =
      accountOf(`${role}Счет`, s.line, f) || accountOf(`${role}РасчСчет`, s.line, f, !f.has(`${role}Счет`));
    return {
      name: fieldOf(f, `${role}1`) || fieldOf(f, role),
      inn: check(f, s.line, `${role}ИНН`, (v) => v === '0' || /^(\d{10}|\d{12})$/.test(v), M.badInn),
      kpp: check(f, s.line, `${role}КПП`, (v) => v === '0' || /^[0-9A-Z]{9}$/.test(v), M.badKpp),
      account,
      bankName: fieldOf(f, `${role}Банк1`),
      bik: check(f, s.line, `${role}БИК`, (v) => /^\d{9}$/.test(v), M.badBik),
      correspondentAccount: check(f, s.line, `${role}Корсчет`, (v) => /^\d{20}$/.test(v), M.badAccount),
    };
  };
  const documents: BankStatementDocument[] = [];
  for (const s of sections.filter((x) => x.kind === 'document')) {
    const amountText = check(s.fields, s.line, 'Сумма', (v) => amountOf(v) !== null, M.badAmount, true);
    const payer = party(s, 'Плательщик');
    const recipient = party(s, 'Получатель');
    const outgoing = statementAccounts.has(payer.account);
    const incoming = statementAccounts.has(recipient.account);
    if (!outgoing && !incoming && payer.account && recipient.account) {
      errors.add({ line: s.line, message: M.notOurAccount });
    }
    documents.push({
      line: s.line,
      kind: s.title,
      number: check(s.fields, s.line, 'Номер', () => true, M.missingField, true),
      date: date(s.fields, s.line, 'Дата', true) ?? '',
      amount: amountText ? (amountOf(amountText) ?? '') : '',
      direction: outgoing && incoming ? 'internal' : outgoing ? 'outgoing' : 'incoming',
      payer,
      recipient,
      purpose: fieldOf(s.fields, 'НазначениеПлатежа'),
      debitedDate: date(s.fields, s.line, 'ДатаСписано'),
      creditedDate: date(s.fields, s.line, 'ДатаПоступило'),
    });
  }
  const createdDate = date(header, 1, 'ДатаСоздания');
  const startDate = date(header, 1, 'ДатаНачала');
  const endDate = date(header, 1, 'ДатаКонца');
  if (errors.count === 0 && documents.length === 0) errors.add({ line: 1, message: M.noDocuments });
  if (errors.count > 0) {
    return { statement: null, errors: errors.list(), errorCount: errors.count, warnings };
  }
  return {
    statement: {
      formatVersion: fieldOf(header, 'ВерсияФормата'),
      sender: fieldOf(header, 'Отправитель'),
      createdDate,
      startDate,
      endDate,
      accounts,
      documents,
    },
    errors: [],
    errorCount: 0,
    warnings,
  };
}
