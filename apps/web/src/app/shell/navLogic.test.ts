import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../platform/auth/system';
import { deepestMeta, headerTitle, pageTitle } from '../routeMeta';
import { containsPath, filterNav, initialsOf, sortNav } from './navLogic';

const names: Record<string, string> = {
  settings: 'Настройки',
  currencies: 'Валюты',
  countries: 'Страны',
  banks: 'Банки',
  orders: 'Заказы',
  tms: 'Перевозки',
};
const translate = (key: string) => names[key] ?? key;
const nav: NavItem[] = [
  { name: 'tms', icon: 'truck', children: [{ name: 'orders', route: '/tms/orders' }] },
  {
    name: 'settings',
    icon: 'settings',
    sortable: true,
    children: [
      { name: 'countries', route: '/settings/countries' },
      { name: 'currencies', route: '/settings/currencies' },
      { name: 'banks', route: '/banks' },
    ],
  },
];

describe('navigation', () => {
  it('sorts children of sortable items alphabetically by translated name', () => {
    const sorted = sortNav(nav, translate, 'ru');
    expect(sorted[1]?.children?.map((c) => c.name)).toEqual(['banks', 'currencies', 'countries']);
    expect(nav[1]?.children?.[0]?.name).toBe('countries');
  });

  it('search filters items and children by name, case-insensitive', () => {
    expect(filterNav(nav, 'ВАЛ', translate)).toEqual([
      { ...nav[1], children: [{ name: 'currencies', route: '/settings/currencies' }] },
    ]);
    expect(filterNav(nav, 'перевоз', translate)).toEqual([nav[0]]);
    expect(filterNav(nav, 'nothing', translate)).toEqual([]);
    expect(filterNav(nav, '  ', translate)).toEqual(nav);
  });

  it('shows two letters without an icon and knows the current section', () => {
    expect(initialsOf('Отчёты')).toBe('От');
    expect(containsPath(nav[1]!, '/settings/currencies/5')).toBe(true);
    expect(containsPath(nav[1]!, '/settings/currencies-x')).toBe(false);
  });
});

describe('titles', () => {
  const t = (key: string) =>
    ({ 'common:productName': 'TMS', 'a:title': 'Orders', 'a:header': 'All orders' })[key] ?? key;
  it('page title is the route title and the product suffix, or the product alone', () => {
    expect(pageTitle({ title: 'a:title' }, t)).toBe('Orders — TMS');
    expect(pageTitle(undefined, t)).toBe('TMS');
  });
  it('header title is header meta, else title meta, else the product', () => {
    expect(headerTitle({ title: 'a:title', header: 'a:header' }, t)).toBe('All orders');
    expect(headerTitle({ title: 'a:title' }, t)).toBe('Orders');
    expect(headerTitle(undefined, t)).toBe('TMS');
  });
  it('uses the deepest route with meta', () => {
    expect(deepestMeta([{ handle: { title: 'x' } }, { handle: { title: 'y' } }, {}])).toEqual({ title: 'y' });
  });
});
