import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MARKING_ALL_MESSAGES } from '@tms/domain';
import { describe, expect, it } from 'vitest';

/** Every marking message the server sends (codes, calls to Chestny ZNAK) has its text in ru and en. */
describe('marking messages', () => {
  it.each(['ru', 'en'])('are all in %s/messages.json', (lang) => {
    const messages = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../locales', lang, 'messages.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(MARKING_ALL_MESSAGES.filter((message) => typeof messages[message] !== 'string')).toEqual([]);
  });
});
