import { describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  can,
  holdsAll,
  mayGrant,
  PERMISSION_FAMILIES,
  roleLabel,
  rolesOfScopedPermission,
  SCOPE_SETS,
  type ScopedPermission,
  scopedRole,
  scopeOf,
  scopesHeld,
} from './permissions';

describe('permission catalogue', () => {
  it('names every role once', () => {
    expect(new Set(ALL_ROLES).size).toBe(ALL_ROLES.length);
    expect(new Set(PERMISSION_FAMILIES.map((f) => f.key)).size).toBe(PERMISSION_FAMILIES.length);
  });

  it('names roles ROLE_ and capitals, as the spec writes them', () => {
    for (const role of ALL_ROLES) expect(role).toMatch(/^ROLE_[A-Z0-9_]+$/);
  });

  it('labels every family and role in Russian and English', () => {
    for (const family of PERMISSION_FAMILIES) {
      expect(family.label.ru.trim(), family.key).not.toBe('');
      expect(family.label.en.trim(), family.key).not.toBe('');
      expect(family.permissions.length, family.key).toBeGreaterThan(0);
      for (const p of family.permissions) {
        expect(p.label.ru.trim(), p.role).not.toBe('');
        expect(p.label.en.trim(), p.role).not.toBe('');
        // The Russian label really is Russian.
        expect(p.label.ru, p.role).toMatch(/[а-яё]/i);
      }
    }
    const ru = ALL_ROLES.map((r) => roleLabel(r, 'ru'));
    expect(new Set(ru).size).toBe(ru.length);
    const en = ALL_ROLES.map((r) => roleLabel(r, 'en'));
    expect(new Set(en).size).toBe(en.length);
  });

  it('covers every family of spec §6', () => {
    const keys = PERMISSION_FAMILIES.map((f) => f.key);
    for (const key of [
      'users',
      'accessGroups',
      'changelog',
      'payments',
      'orders',
      'forwarder',
      'internalTransfers',
      'counterparties',
      'printableBills',
      'bills',
      'customs',
      'requests',
      'hyperRequests',
      'reports',
      'documents',
      'announcements',
      'companyStructure',
      'staffPositions',
      'avatars',
      'birthday',
      'warehouse',
      'acquiring',
      'materialAssets',
      'marking',
      'dataImport',
      'tasks',
      'insurance',
      'settings',
      'cabinets',
    ]) {
      expect(keys).toContain(key);
    }
    const settings = PERMISSION_FAMILIES.find((f) => f.key === 'settings')!;
    // The 26 settings areas of spec §6 plus the TMS catalogue: services, products, job types.
    expect(settings.permissions.length).toBe(29);
    expect(settings.permissions.map((p) => p.role)).toEqual(
      expect.arrayContaining(['ROLE_SETTINGS_SERVICES', 'ROLE_SETTINGS_PRODUCTS', 'ROLE_SETTINGS_JOB_TYPES']),
    );
  });

  it('has every role of every scope set, each marked with its scope', () => {
    for (const [permission, scopes] of Object.entries(SCOPE_SETS)) {
      expect(scopes, permission).toContain('all');
      for (const scope of scopes) {
        const name = scopedRole(permission as ScopedPermission, scope);
        const def = PERMISSION_FAMILIES.flatMap((f) => f.permissions).find((p) => p.role === name);
        expect(def, name).toBeDefined();
        expect(def?.scope).toBe(scope);
        expect(def?.scopes).toBe(permission);
        expect(ALL_ROLES).toContain(name);
      }
    }
    expect(SCOPE_SETS.ROLE_ORDER_VIEW).toEqual(['own', 'related', 'subordinates', 'office', 'all']);
    expect(SCOPE_SETS.ROLE_BILL_VIEW).toEqual([
      'own',
      'related',
      'managerOffice',
      'paymentFormOffice',
      'subordinates',
      'all',
    ]);
    expect(roleLabel('ROLE_ORDER_VIEW_OWN', 'ru')).toBe('Заказы: просмотр (свои)');
    expect(roleLabel('ROLE_ORDER_VIEW_ALL', 'en')).toBe('Orders: view (all)');
  });

  it('shows an unknown role by its name', () => {
    expect(roleLabel('ROLE_RETIRED', 'en')).toBe('ROLE_RETIRED');
  });
});

describe('scopeOf', () => {
  const has = (...roles: string[]) => new Set(roles);

  it('is null without any role of the permission', () => {
    expect(scopeOf(has(), 'ROLE_ORDER_VIEW')).toBeNull();
    expect(scopeOf(has('ROLE_ORDER_EDIT_ALL', 'ROLE_USER_LIST'), 'ROLE_ORDER_VIEW')).toBeNull();
  });

  it('gives the scope of the one role held', () => {
    expect(scopeOf(has('ROLE_ORDER_VIEW_OWN'), 'ROLE_ORDER_VIEW')).toBe('own');
    expect(scopeOf(has('ROLE_ORDER_VIEW_OFFICE'), 'ROLE_ORDER_VIEW')).toBe('office');
    expect(scopeOf(has('ROLE_PAYMENT_LIST_OFFICE'), 'ROLE_PAYMENT_LIST')).toBe('office');
  });

  it('gives the widest scope held', () => {
    expect(scopeOf(has('ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_OFFICE'), 'ROLE_ORDER_VIEW')).toBe('office');
    expect(scopeOf(has('ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_VIEW_ALL'), 'ROLE_ORDER_VIEW')).toBe('all');
    expect(scopeOf(has('ROLE_BILL_VIEW_OWN', 'ROLE_BILL_VIEW_RELATED'), 'ROLE_BILL_VIEW')).toBe('related');
    expect(
      scopeOf(has('ROLE_BILL_VIEW_RELATED', 'ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE'), 'ROLE_BILL_VIEW'),
    ).toBe('paymentFormOffice');
    expect(
      scopeOf(has('ROLE_BILL_VIEW_MANAGER_OFFICE', 'ROLE_BILL_VIEW_SUBORDINATES'), 'ROLE_BILL_VIEW'),
    ).toBe('subordinates');
  });

  it('gives the administrator every scope', () => {
    expect(scopeOf(has('ROLE_ADMIN'), 'ROLE_ORDER_VIEW')).toBe('all');
    expect(scopeOf(has('ROLE_ADMIN'), 'ROLE_REPORT_DSO')).toBe('all');
  });

  it('is null for a name that is not a scoped permission', () => {
    expect(scopeOf(has('ROLE_ADMIN'), 'ROLE_USER_LIST')).toBeNull();
    expect(scopeOf(has('ROLE_ORDER_VIEW_OWN'), 'ROLE_ORDER_VIEW_OWN')).toBeNull();
  });

  it('lists every scope held, widest first', () => {
    expect(
      scopesHeld(
        has('ROLE_BILL_VIEW_OWN', 'ROLE_BILL_VIEW_MANAGER_OFFICE', 'ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE'),
        'ROLE_BILL_VIEW',
      ),
    ).toEqual(['managerOffice', 'paymentFormOffice', 'own']);
  });
});

describe('can', () => {
  it('passes the administrator for anything, and nobody for nothing', () => {
    expect(can(['ROLE_ADMIN'], 'ROLE_CHANGELOG_VIEW')).toBe(true);
    expect(can(new Set(['ROLE_ADMIN']), [])).toBe(true);
    expect(can(['ROLE_CHANGELOG_VIEW'], [])).toBe(false);
  });

  it('passes a holder of any wanted role', () => {
    expect(can(['ROLE_USER_SHOW'], ['ROLE_USER_LIST', 'ROLE_USER_SHOW'])).toBe(true);
    expect(can(new Set(['ROLE_USER_SHOW']), 'ROLE_USER_LIST')).toBe(false);
  });

  it('reads a scoped permission as any of its scopes, or one scope exactly', () => {
    expect(can(['ROLE_ORDER_VIEW_OWN'], 'ROLE_ORDER_VIEW')).toBe(true);
    expect(can(['ROLE_ORDER_EDIT_ALL'], 'ROLE_ORDER_VIEW')).toBe(false);
    expect(can(['ROLE_ORDER_VIEW_OFFICE'], 'ROLE_ORDER_VIEW', 'office')).toBe(true);
    expect(can(['ROLE_ORDER_VIEW_OWN'], 'ROLE_ORDER_VIEW', 'office')).toBe(false);
    // A scope the permission does not come in is never held.
    expect(can(['ROLE_PAYMENT_LIST_OWN'], 'ROLE_PAYMENT_LIST', 'own')).toBe(false);
    expect(can(['ROLE_ADMIN'], 'ROLE_ORDER_VIEW', 'office')).toBe(true);
  });

  it('agrees with rolesOfScopedPermission', () => {
    for (const role of rolesOfScopedPermission('ROLE_BILL_VIEW')) {
      expect(can([role], 'ROLE_BILL_VIEW')).toBe(true);
    }
  });
});

describe('mayGrant', () => {
  it('gives only a role held, never the administrator role', () => {
    const manager = ['ROLE_USER_EDIT', 'ROLE_ORDER_VIEW_OWN'];
    expect(mayGrant(manager, 'ROLE_ORDER_VIEW_OWN')).toBe(true);
    expect(mayGrant(manager, 'ROLE_ORDER_VIEW_ALL')).toBe(false);
    expect(mayGrant(manager, 'ROLE_ADMIN')).toBe(false);
  });

  it('lets ROLE_GRANT_ANY_ROLE give any role but the administrator role, and the administrator all', () => {
    expect(mayGrant(new Set(['ROLE_GRANT_ANY_ROLE']), 'ROLE_BILL_EDIT_ALL')).toBe(true);
    expect(mayGrant(new Set(['ROLE_GRANT_ANY_ROLE']), 'ROLE_ADMIN')).toBe(false);
    expect(mayGrant(['ROLE_ADMIN'], 'ROLE_ADMIN')).toBe(true);
  });
});

describe('holdsAll', () => {
  it('is every role held; the administrator holds them all', () => {
    expect(holdsAll(['ROLE_USER_LIST', 'ROLE_USER_SHOW'], ['ROLE_USER_LIST'])).toBe(true);
    expect(holdsAll(['ROLE_USER_LIST'], ['ROLE_USER_LIST', 'ROLE_USER_SHOW'])).toBe(false);
    expect(holdsAll(['ROLE_GRANT_ANY_ROLE'], ['ROLE_USER_LIST'])).toBe(false);
    expect(holdsAll(new Set(['ROLE_ADMIN']), ['ROLE_ADMIN', 'ROLE_USER_LIST'])).toBe(true);
  });
});
