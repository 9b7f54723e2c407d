import { describe, expect, it } from 'vitest';
import {
  COUNTERPARTY_FIELD_ROLES,
  counterpartyCreateSchema,
  counterpartyFieldRole,
  counterpartyResource,
} from './counterparty';
import { creditStateOf } from './credit';
import { counterpartyMergeSchema, MERGEABLE_COUNTERPARTY_FIELDS } from './merge';
import { COUNTERPARTY_MESSAGES, COUNTERPARTY_MESSAGES_RU } from './messages';
import { counterpartySimilarQuerySchema } from './similar';

describe('counterparty contract', () => {
  it('names the role of each guarded field; type and names are free on create only', () => {
    expect(counterpartyFieldRole('client', true)).toBeUndefined();
    expect(counterpartyFieldRole('client', false)).toBe('ROLE_COUNTERPARTY_SET_TYPE');
    expect(counterpartyFieldRole('nameEn', false)).toBe('ROLE_COUNTERPARTY_NAME_EDIT');
    expect(counterpartyFieldRole('managementLock', true)).toBe('ROLE_IGNORE_MANAGEMENT_LOCK');
    expect(counterpartyFieldRole('phone', false)).toBeUndefined();
    for (const field of Object.keys(COUNTERPARTY_FIELD_ROLES)) {
      expect(counterpartyCreateSchema.shape, field).toHaveProperty(field);
    }
  });

  it('describes every create member as a field of the resource', () => {
    const fields = new Set(counterpartyResource.fields.map((f) => f.name));
    for (const member of Object.keys(counterpartyCreateSchema.shape))
      expect(fields, member).toContain(member);
  });

  it('tells the credit state from the limit, the threshold and the exposure', () => {
    expect(creditStateOf(null, null, '5000.00')).toBe('NO_LIMIT');
    expect(creditStateOf('1000.00', '800.00', '799.99')).toBe('WITHIN');
    expect(creditStateOf('1000.00', '800.00', '800.00')).toBe('THRESHOLD');
    expect(creditStateOf('1000.00', null, '999.99')).toBe('WITHIN');
    expect(creditStateOf('1000.00', '800.00', '1000.00')).toBe('EXHAUSTED');
  });

  it('merges field by field, never the API key addresses', () => {
    expect(MERGEABLE_COUNTERPARTY_FIELDS).toContain('inn');
    expect(MERGEABLE_COUNTERPARTY_FIELDS).not.toContain('apiAllowedIps');
    const body = { survivorId: 2, survivorVersion: 1, sourceVersion: 3 };
    expect(counterpartyMergeSchema.parse({ ...body, fields: { inn: 'source' } }).fields).toEqual({
      inn: 'source',
    });
    expect(counterpartyMergeSchema.safeParse({ ...body, fields: { inn: 'both' } }).success).toBe(false);
    expect(counterpartyMergeSchema.safeParse({ ...body, fields: { apiAllowedIps: 'source' } }).success).toBe(
      false,
    );
  });

  it('needs one criterion for a similar search', () => {
    expect(counterpartySimilarQuerySchema.safeParse({ phone: '+7 495 123-45-67' }).success).toBe(true);
    const none = counterpartySimilarQuerySchema.safeParse({ name: '  ' });
    expect(none.error?.issues[0]?.message).toBe(COUNTERPARTY_MESSAGES.similarCriteria);
  });

  it('has the Russian wording of every message', () => {
    for (const message of Object.values(COUNTERPARTY_MESSAGES))
      expect(COUNTERPARTY_MESSAGES_RU[message]).toBeTruthy();
  });
});
