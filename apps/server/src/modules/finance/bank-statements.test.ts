import { readFileSync } from 'node:fs';
import { BANK_STATEMENT_MESSAGES } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { signIn } from '../../test/users';
import { decodeBankStatement } from './import-files';

const recorded = readFileSync(new URL('./fixtures/statement-1c.txt', import.meta.url));

describe('bank statement preview', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, ['ROLE_PAYMENT_CREATE']));
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const preview = (content: Buffer, auth = headers) => {
    const body = multipart('statement.txt', content);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/finances/bank-statements/preview',
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };

  it('answers the documents of the recorded Windows-1251 statement', async () => {
    const response = await preview(recorded);
    expect(response.statusCode).toBe(200);
    const { statement, errors } = response.json().data;
    expect(errors).toEqual([]);
    expect(statement.documents).toHaveLength(2);
    expect(statement.documents[0]).toMatchObject({
      number: '418',
      amount: '354000.00',
      direction: 'incoming',
      payer: { name: 'ООО "БАШТЕХСНАБ"', inn: '0274062111', bik: '048073770' },
    });
  });

  it('keeps the leading zeros of INNs and account numbers', async () => {
    const [incoming, outgoing] = (await preview(recorded)).json().data.statement.documents;
    expect(incoming.payer.inn).toBe('0274062111');
    expect(outgoing.recipient).toMatchObject({ inn: '026801234567', account: '00702810900000000321' });
  });

  it('reads the DOS (866) code page when the file says so', () => {
    const text = decodeBankStatement(recorded).replace('Кодировка=Windows', 'Кодировка=DOS');
    const dos = Buffer.from([...text].map(cp866));
    expect(decodeBankStatement(dos)).toBe(text);
  });

  it('answers the errors with their lines and no documents for a bad file', async () => {
    // "Сумма=87500.50" in Windows-1251, edited byte for byte.
    const amount = '\xd1\xf3\xec\xec\xe0=87500.50';
    const latin = recorded.toString('latin1');
    const broken = Buffer.from(latin.replace(amount, '\xd1\xf3\xec\xec\xe0=x'), 'latin1');
    const line = latin.split('\r\n').indexOf(amount) + 1;
    const { statement, errors } = (await preview(broken)).json().data;
    expect(statement).toBeNull();
    expect(errors).toEqual([{ line, message: BANK_STATEMENT_MESSAGES.badAmount, field: 'Сумма' }]);
  });

  it('answers the first 1,000 errors of a file of bad lines and their count, not every one', async () => {
    const bad = Buffer.from(
      `\ufeff1CClientBankExchange\r\n${'не пара\r\n'.repeat(200_000)}КонецФайла\r\n`,
      'utf8',
    );
    const response = await preview(bad);
    expect(response.statusCode).toBe(200);
    const { statement, errors, errorCount } = response.json().data;
    expect(statement).toBeNull();
    expect(errorCount).toBe(200_000);
    expect(errors).toHaveLength(1000);
    expect(errors.at(-1)).toEqual({ line: 1001, message: BANK_STATEMENT_MESSAGES.badLine });
  });

  it('is for those who create payments', async () => {
    const other = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL']);
    expect((await preview(recorded, other.headers)).statusCode).toBe(403);
  });
});

/** The DOS (866) byte of a character of the statement: ASCII as is, А-п from 0x80, р-я from 0xE0. */
function cp866(c: string): number {
  const code = c.charCodeAt(0);
  if (code < 0x80) return code;
  if (code >= 0x410 && code <= 0x43f) return 0x80 + code - 0x410;
  if (code >= 0x440 && code <= 0x44f) return 0xe0 + code - 0x440;
  if (c === 'Ё') return 0xf0;
  if (c === 'ё') return 0xf1;
  if (c === '№') return 0xfc;
  throw new Error(`no DOS code for ${c}`);
}
