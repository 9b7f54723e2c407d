import {
  ROLE_CHANGELOG_VIEW,
  ROLE_COUNTERPARTY_SIMILAR_SEARCH,
  ROLE_COUNTERPARTY_VIEW_ALL,
  ROLE_SETTINGS_SERVICE_OFFICES,
} from '@tms/domain';

/**
 * One measured request: a list or report endpoint as the web client calls it. A new list or report adds
 * one entry (the order list: `{ name: 'orders', url: '/api/tms/orders?itemsPerPage=40', roles: [...] }`);
 * the bench captures the SQL it runs and measures it against that SQL's floor.
 */
export interface BenchEndpoint {
  name: string;
  /** Path and query, as the browser sends it. */
  url: string;
  /** Roles the signed-in bench user needs for it. */
  roles: readonly string[];
  /** The table whose size the run's `--rows` drives, for the growth table; omitted for fixed dictionaries. */
  grows?: string;
}

/** A path with its query encoded as the web's API client does (URLSearchParams). */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

export const ENDPOINTS: BenchEndpoint[] = [
  { name: 'countries', url: '/api/settings/countries?page=1&itemsPerPage=40', roles: [] },
  { name: 'currencies', url: '/api/settings/currencies?page=1&itemsPerPage=40', roles: [] },
  {
    name: 'loading-unloading-methods',
    url: '/api/tms/loading-unloading-methods?page=1&itemsPerPage=40',
    roles: [],
  },
  {
    name: 'service-offices',
    url: '/api/settings/service-offices?page=1&itemsPerPage=40',
    roles: [ROLE_SETTINGS_SERVICE_OFFICES],
    grows: 'service_offices',
  },
  {
    name: 'service-offices-search',
    url: `/api/settings/service-offices?page=1&itemsPerPage=40&search=${encodeURIComponent('складская')}&sort=code&order=desc`,
    roles: [ROLE_SETTINGS_SERVICE_OFFICES],
    grows: 'service_offices',
  },
  {
    name: 'service-offices-page-50',
    url: '/api/settings/service-offices?page=50&itemsPerPage=40&sort=address',
    roles: [ROLE_SETTINGS_SERVICE_OFFICES],
    grows: 'service_offices',
  },
  {
    name: 'entity-changelog',
    url: '/api/settings/entity-changelog?page=1&itemsPerPage=40',
    roles: [ROLE_CHANGELOG_VIEW],
    grows: 'change_log',
  },
  {
    name: 'entity-changelog-by-type',
    url: '/api/settings/entity-changelog?page=1&itemsPerPage=40&entityType=user',
    roles: [ROLE_CHANGELOG_VIEW],
    grows: 'change_log',
  },
  {
    name: 'counterparties',
    url: withQuery('/api/counterparties', { page: '1', itemsPerPage: '40', sort: 'name', order: 'asc' }),
    roles: [ROLE_COUNTERPARTY_VIEW_ALL],
    grows: 'counterparties',
  },
  {
    // Typed into the list's search box, sorted by a column header, narrowed by two filters.
    name: 'counterparties-search',
    url: withQuery('/api/counterparties', {
      page: '1',
      itemsPerPage: '40',
      sort: 'creditLimit',
      order: 'desc',
      search: 'логистик',
      client: 'true',
      blackList: 'false',
    }),
    roles: [ROLE_COUNTERPARTY_VIEW_ALL],
    grows: 'counterparties',
  },
  {
    // The similar search's form with a name typed as a person remembers it.
    name: 'counterparties-similar',
    url: withQuery('/api/counterparties/similar', { name: 'Транс Логистик' }),
    roles: [ROLE_COUNTERPARTY_SIMILAR_SEARCH, ROLE_COUNTERPARTY_VIEW_ALL],
    grows: 'counterparties',
  },
  {
    // Every criterion: name likeness, INN, email and phone of the counterparties and their contacts.
    name: 'counterparties-similar-all',
    url: withQuery('/api/counterparties/similar', {
      name: 'ООО Волга Сервис Казань',
      inn: '7701123456',
      email: 'logist1@volgaservice42.ru',
      phone: '+7 (495) 123-45-67',
    }),
    roles: [ROLE_COUNTERPARTY_SIMILAR_SEARCH, ROLE_COUNTERPARTY_VIEW_ALL],
    grows: 'counterparties',
  },
];
