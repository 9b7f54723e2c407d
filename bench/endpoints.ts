import { ROLE_CHANGELOG_VIEW, ROLE_SETTINGS_SERVICE_OFFICES } from '@tms/domain';

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
];
