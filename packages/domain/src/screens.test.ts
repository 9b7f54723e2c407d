import { describe, expect, it } from 'vitest';
import * as domain from './index';
import { buildNav, NAV_CATALOGUE, type NavEntry, type NavItem, withDeclaredScreens } from './navigation';
import { DECLARED_SCREENS } from './screens';

describe('declared screens', () => {
  it('each names an exported descriptor living at its path', () => {
    for (const [resource, screen] of Object.entries(DECLARED_SCREENS)) {
      const descriptor = (domain as Record<string, unknown>)[resource] as { path?: string } | undefined;
      expect(descriptor?.path, resource).toBe(screen.path);
    }
  });

  it('puts each entry in its group of the menu, for the holders of its roles', () => {
    const viewer = buildNav(['ROLE_WAREHOUSE_ACCOUNTING_VIEW']);
    expect(viewer.map((item) => item.name)).toEqual([
      'nav.dashboard',
      'nav.exportsGroup',
      'nav.settings',
      'nav.warehouse',
    ]);
    expect(viewer.at(-1)?.children.map((item) => item.route)).toEqual([
      '/warehouse/events',
      '/warehouse/accounting',
      '/warehouse/warehouses',
      '/warehouse/services',
    ]);
    expect(viewer.at(-1)?.children.at(-1)).toEqual({
      name: 'warehouse.services.title',
      icon: 'tool',
      route: '/warehouse/services',
      sortable: false,
      children: [],
    });
    expect(buildNav(['ROLE_WAREHOUSE_ACCOUNTING_EDIT']).map((item) => item.name)).toContain('nav.warehouse');
    expect(buildNav([]).map((item) => item.name)).not.toContain('nav.warehouse');
    expect(NAV_CATALOGUE.find((entry) => entry.name === 'nav.warehouse')?.children).toHaveLength(4);
  });

  it('shows an editors-only entry to the editors, not to the readers who choose its records elsewhere', () => {
    const routesOf = (items: readonly NavItem[]): (string | null)[] =>
      items.flatMap((item) => [item.route, ...routesOf(item.children)]);
    const routes = (roles: string[]) => routesOf(buildNav(roles));
    expect(DECLARED_SCREENS.serviceOfficeResource.menu.editorsOnly).toBe(true);
    expect(routes(['ROLE_SETTINGS_SERVICE_OFFICES'])).toContain('/settings/service-offices');
    expect(routes(['ROLE_USER_LIST'])).not.toContain('/settings/service-offices');
  });

  it('groups the settings by what is set up, a declared screen landing in its subgroup', () => {
    const settings = buildNav(['ROLE_ADMIN']).find((item) => item.name === 'nav.settings');
    expect(settings?.children.map((item) => item.name)).toEqual([
      'nav.userProfile',
      'nav.notificationSettings',
      'nav.settingsAccess',
      'nav.settingsReferenceData',
      'nav.settingsOperations',
      'nav.settingsFinance',
      'nav.settingsDocuments',
      'nav.versionNews',
      'nav.systemOptions',
    ]);
    const finance = settings?.children.find((item) => item.name === 'nav.settingsFinance');
    expect(finance?.children.map((item) => item.route)).toContain('/finances/payment-forms');
    // Who may see no screen of a subgroup does not see the subgroup.
    const forwarder = buildNav(['ROLE_USER_LIST']).find((item) => item.name === 'nav.settings');
    expect(forwarder?.children.map((item) => item.name)).toEqual(['nav.userProfile', 'nav.settingsAccess']);
  });

  it('refuses an entry whose group or resource does not exist', () => {
    const catalogue: NavEntry[] = [{ name: 'nav.group', icon: 'g', children: [] }];
    const menu = { group: 'nav.group', name: 'nav.x', icon: 'x' };
    expect(() => withDeclaredScreens(catalogue, { warehouseServiceResource: { path: '/x', menu } })).toThrow(
      'no resource at /x',
    );
    expect(() =>
      withDeclaredScreens(catalogue, {
        warehouseServiceResource: { path: '/warehouse/services', menu: { ...menu, group: 'nav.none' } },
      }),
    ).toThrow('no menu group nav.none');
  });
});
