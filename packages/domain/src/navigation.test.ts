import { describe, expect, it } from 'vitest';
import { buildNav, NAV_CATALOGUE, type NavEntry, navKeys } from './navigation';

const catalogue: NavEntry[] = [
  { name: 'nav.a', icon: 'a', route: '/a' },
  {
    name: 'nav.group',
    icon: 'g',
    sortable: true,
    children: [
      { name: 'nav.b', icon: 'b', route: '/b', roles: ['ROLE_SETTINGS_BANKS'] },
      { name: 'nav.c', icon: 'c', route: '/c', roles: ['ROLE_SETTINGS_COUNTRIES', 'ROLE_SETTINGS_BANKS'] },
    ],
  },
  { name: 'nav.d', icon: 'd', route: '/d', roles: ['ROLE_SETTINGS_CURRENCIES'] },
  {
    name: 'nav.empty',
    icon: 'e',
    children: [{ name: 'nav.f', icon: 'f', route: '/f', roles: ['ROLE_SETTINGS_HOLIDAYS'] }],
  },
];

const names = (items: ReturnType<typeof buildNav>): string[] =>
  items.flatMap((item) => [item.name, ...names(item.children)]);

describe('buildNav', () => {
  it('shows items without roles to everyone and drops empty groups', () => {
    expect(names(buildNav([], catalogue))).toEqual(['nav.a']);
  });

  it('shows an item when the user holds any of its roles, keeping order', () => {
    expect(names(buildNav(new Set(['ROLE_SETTINGS_COUNTRIES']), catalogue))).toEqual([
      'nav.a',
      'nav.group',
      'nav.c',
    ]);
    expect(names(buildNav(['ROLE_SETTINGS_BANKS', 'ROLE_SETTINGS_CURRENCIES'], catalogue))).toEqual([
      'nav.a',
      'nav.group',
      'nav.b',
      'nav.c',
      'nav.d',
    ]);
  });

  it('shows the administrator everything', () => {
    expect(names(buildNav(['ROLE_ADMIN'], catalogue))).toEqual([
      'nav.a',
      'nav.group',
      'nav.b',
      'nav.c',
      'nav.d',
      'nav.empty',
      'nav.f',
    ]);
  });

  it('answers the item shape of the system call', () => {
    const [group] = buildNav(['ROLE_SETTINGS_BANKS'], catalogue).slice(1);
    expect(group).toEqual({
      name: 'nav.group',
      icon: 'g',
      route: null,
      sortable: true,
      children: [
        { name: 'nav.b', icon: 'b', route: '/b', sortable: false, children: [] },
        { name: 'nav.c', icon: 'c', route: '/c', sortable: false, children: [] },
      ],
    });
  });

  it('offers the options screen only with the system settings role', () => {
    const routes = (roles: string[]) =>
      buildNav(roles).flatMap((i) => [i.route, ...i.children.map((c) => c.route)]);
    // Exporting a list (of those one may read) and one's prepared exports are everyone's.
    expect(routes([])).toEqual([
      '/dashboard',
      null,
      '/export',
      '/prepared-exports',
      null,
      '/settings/user-profile',
    ]);
    expect(routes(['ROLE_REPORT_PLAN_FACT'])).toContain('/report-export');
    expect(routes(['ROLE_USER_LIST'])).not.toContain('/options/main');
    expect(routes(['ROLE_SETTINGS_SYSTEM'])).toContain('/options/main');
  });

  it('shows the counterparties to a holder of any scope of the view permission', () => {
    const routes = (roles: string[]) => buildNav(roles).map((i) => i.route);
    expect(routes(['ROLE_COUNTERPARTY_VIEW_OWN'])).toContain('/counterparties');
    expect(routes(['ROLE_COUNTERPARTY_EDIT_ALL'])).not.toContain('/counterparties');
  });
});

describe('navigation catalogue', () => {
  it('uses nav.* keys (or a declared resource title) and kebab-case icon names', () => {
    const walk = (entries: readonly NavEntry[]): NavEntry[] =>
      entries.flatMap((e) => [e, ...walk(e.children ?? [])]);
    for (const entry of walk(NAV_CATALOGUE)) {
      expect(entry.name).toMatch(/^(nav\.[a-zA-Z0-9.]+|[a-zA-Z]+\.[a-zA-Z.]+\.title)$/);
      expect(entry.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(navKeys()).size).toBe(navKeys().length);
  });
});
