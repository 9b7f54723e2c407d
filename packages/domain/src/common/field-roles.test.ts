import { describe, expect, it } from 'vitest';
import { changedFieldsOf, defineFieldRoles, deniedFields, fieldRoleOf, sameFieldValue } from './field-roles';

// Any roles of the catalogue: the mechanism does not care which roles a resource names.
const ROLE_NAME = 'ROLE_COUNTERPARTY_NAME_EDIT';
const ROLE_OWNER = 'ROLE_ORDER_LIQUID';
const ROLE_URGENT = 'ROLE_SETTINGS_CURRENCIES';

const rules = defineFieldRoles<{ ownerId: number | null }>({
  roles: { name: ROLE_NAME, ownerId: ROLE_OWNER, urgent: ROLE_URGENT },
  freeOnCreate: ['name'],
  isFree: (field, existing) => field === 'ownerId' && (existing === null || existing.ownerId === null),
  createDefaults: { urgent: false },
});

describe('field roles', () => {
  it('names the role of a field, free on create or by the stored record where declared', () => {
    expect(fieldRoleOf(rules, 'name', null)).toBeUndefined();
    expect(fieldRoleOf(rules, 'name', { ownerId: 1 })).toBe(ROLE_NAME);
    expect(fieldRoleOf(rules, 'ownerId', { ownerId: null })).toBeUndefined();
    expect(fieldRoleOf(rules, 'ownerId', { ownerId: 3 })).toBe(ROLE_OWNER);
    expect(fieldRoleOf(rules, 'comment', { ownerId: 3 })).toBeUndefined();
  });

  it('compares as the user means it', () => {
    expect(sameFieldValue('', null)).toBe(true);
    expect(sameFieldValue([2, 1], [1, 2])).toBe(true);
    expect(sameFieldValue('150000', '150000.00')).toBe(true);
    expect(sameFieldValue('007', '7')).toBe(false);
    expect(sameFieldValue(undefined, false)).toBe(true);
    expect(sameFieldValue(true, null)).toBe(false);
  });

  it('counts a create as a change only where it differs from the defaults', () => {
    expect(changedFieldsOf({ urgent: false, name: 'A', note: undefined }, null, { urgent: false })).toEqual([
      'name',
    ]);
    expect(changedFieldsOf({ name: 'A', ownerId: 2 }, { name: 'A', ownerId: 1 })).toEqual(['ownerId']);
  });

  it('denies the changed fields whose role is missing, and only those', () => {
    const holds = (role: string) => role === ROLE_NAME;
    expect(deniedFields(rules, { urgent: false, name: 'A' }, null, () => false)).toEqual([]);
    expect(deniedFields(rules, { urgent: true }, null, holds)).toEqual(['urgent']);
    const stored = { ownerId: 4, name: 'A', urgent: false };
    expect(deniedFields(rules, { ownerId: 4, name: 'B' }, stored, holds)).toEqual([]);
    expect(deniedFields(rules, { ownerId: 5, name: 'B' }, stored, holds)).toEqual(['ownerId']);
  });
});
