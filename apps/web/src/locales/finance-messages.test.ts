import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BANK_STATEMENT_MESSAGES, PRINTABLE_BILL_MESSAGES, RATE_IMPORT_MESSAGES } from '@tms/domain';
import { describe, expect, it } from 'vitest';

/** The finance server messages (statement and rate files, printable bills) have their texts in ru and en. */
const catalogues = [BANK_STATEMENT_MESSAGES, RATE_IMPORT_MESSAGES, PRINTABLE_BILL_MESSAGES];

describe('finance import messages', () => {
  it.each(['ru', 'en'])('are all in %s/messages.json', (lang) => {
    const messages = JSON.parse(
      readFileSync(path.join(import.meta.dirname, lang, 'messages.json'), 'utf8'),
    ) as Record<string, unknown>;
    const missing = catalogues
      .flatMap((catalogue) => Object.values(catalogue))
      .filter((message) => typeof messages[message] !== 'string');
    expect(missing).toEqual([]);
  });
});
