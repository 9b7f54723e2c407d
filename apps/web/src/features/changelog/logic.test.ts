import { accessGroupResource, userResource } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { catalogueOf, describeChange, shownChanges } from './logic';

const t = (key: string, options?: Record<string, unknown>) =>
  (
    ({
      yes: 'Yes',
      no: 'No',
      hidden: 'hidden',
      'types.systemOptions': 'System settings',
      'types.contact': 'Contacts',
      'types.companyStructureSettings': 'Company structure settings',
      'users:title': 'Users',
      'access-groups:title': 'Access groups',
      'options:fields.archiveAfterDays': 'Archive after',
      'users:fields.active': 'Active',
      'users:fields.email': 'Эл. почта',
      'users:fields.roles': 'Own permissions',
    }) as Record<string, string>
  )[key] ?? String(options?.defaultValue ?? key);

const catalogue = catalogueOf({ userResource, accessGroupResource, other: { name: 'x' } }, 'en', t);
const user = catalogue.byName.get('user');

describe('change log entries', () => {
  it('knows the resources and the types written elsewhere, sorted by label', () => {
    expect(user).toMatchObject({ label: 'Users', path: '/settings/users' });
    expect(catalogue.types.map((type) => type.value)).toEqual([
      'access_group',
      'companyStructureSettings',
      'contact',
      'systemOptions',
      'user',
    ]);
  });

  it('shows a value change as old → new with the field label', () => {
    expect(describeChange(user, 'active', { old: true, new: false }, 'update', 'en', t)).toEqual({
      kind: 'value',
      label: 'Active',
      old: 'Yes',
      new: 'No',
    });
    expect(describeChange(user, 'email', { old: null, new: 'a@b.c' }, 'update', 'ru', t)).toMatchObject({
      label: 'Эл. почта',
      old: '—',
      new: 'a@b.c',
    });
  });

  it('has no old value on create and no new value on delete; masks secrets', () => {
    expect(describeChange(user, 'username', { old: null, new: 'ivan' }, 'create', 'en', t)).toMatchObject({
      old: null,
      new: 'ivan',
    });
    expect(describeChange(user, 'username', { old: 'ivan', new: null }, 'delete', 'en', t)).toMatchObject({
      old: 'ivan',
      new: null,
    });
    expect(describeChange(user, 'apiKey', { old: null, new: '***' }, 'update', 'en', t)).toMatchObject({
      label: 'apiKey',
      new: 'hidden',
    });
  });

  it('lists what was added to and removed from a list, roles by their labels', () => {
    const change = {
      old: ['ROLE_USER_LIST', 'ROLE_USER_EDIT'],
      new: ['ROLE_USER_LIST', 'ROLE_CHANGELOG_VIEW'],
    };
    expect(describeChange(user, 'roles', change, 'update', 'en', t)).toEqual({
      kind: 'list',
      label: 'Own permissions',
      added: ['Change log: view'],
      removed: ['Users: edit'],
    });
    expect(
      describeChange(user, 'allowedIpAddresses', { old: null, new: ['10.0.0.0/8'] }, 'create', 'en', t),
    ).toMatchObject({ added: ['10.0.0.0/8'], removed: [] });
  });

  it('labels system options fields from the options dictionary', () => {
    const options = catalogue.byName.get('systemOptions');
    const shown = describeChange(options, 'archiveAfterDays', { old: 30, new: 45 }, 'update', 'en', t);
    expect(shown).toEqual({ kind: 'value', label: 'Archive after', old: '30', new: '45' });
  });

  it('lists the filled, known fields of a created record and every field of an update', () => {
    const created = {
      id: { old: null, new: 5 },
      contactId: { old: null, new: 9 },
      username: { old: null, new: 'ivan' },
      roles: { old: null, new: [] },
      phone: { old: null, new: null },
    };
    expect(shownChanges(user, created, 'create').map(([name]) => name)).toEqual(['username']);
    const updated = { apiKey: { old: null, new: '***' }, phone: { old: '1', new: null } };
    expect(shownChanges(user, updated, 'update').map(([name]) => name)).toEqual(['apiKey', 'phone']);
  });
});
