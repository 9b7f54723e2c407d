import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customsPointResource } from '../customs/customs-points';
import { currencyResource } from '../reference-data/currencies';
import { loadingUnloadingMethodResource } from '../reference-data/loading-unloading-methods';
import { CODE_MESSAGES } from './dictionary';
import { flattenTree, issuesToTree, MESSAGES } from './validation';

/** The messages of a create body's `code`, as the form and the server's 400 tree show them. */
function codeMessages(schema: z.ZodType, code: string) {
  const issues = schema.safeParse({ code }).error?.issues ?? [];
  return flattenTree(issuesToTree(issues)).code;
}

describe('code fields', () => {
  const cases = [
    ['a dictionary code', loadingUnloadingMethodResource.create, 'side load', CODE_MESSAGES.code],
    ['a currency code', currencyResource.create, 'eur', CODE_MESSAGES.isoAlpha3],
    ['a customs point code', customsPointResource.create, '1', CODE_MESSAGES.customsPoint],
  ] as const;

  it.each(cases)('say %s left empty is empty, as the name field does', (_, schema) => {
    expect(codeMessages(schema, '')).toEqual([MESSAGES.blank]);
    expect(codeMessages(schema, '   ')).toEqual([MESSAGES.blank]);
  });

  it.each(cases)('say what format %s expects', (_, schema, wrong, message) => {
    expect(codeMessages(schema, wrong)).toEqual([message]);
  });
});
