import { reportByKey } from '@tms/domain';
import { BENCH_CLIENT_ID } from './generators/operations';

/**
 * One measured request: a list or report endpoint as the web client calls it. A new list or report adds
 * one entry; the bench captures the SQL it runs and measures it against that SQL's floor.
 */
export interface BenchEndpoint {
  name: string;
  /** Path and query, as the browser sends it. */
  url: string;
  /** Roles the signed-in bench user needs for it. */
  roles: readonly string[];
  /** The table whose size the run's `--rows` drives, for the growth table; omitted for fixed dictionaries. */
  grows?: string;
  /**
   * Asked by a generated employee (`employee000001`...) given `roles`, instead of the bench user who sees
   * everything: a scope (own, related) is measured on the share of the data such a user really has.
   */
  signedInAs?: string;
  /**
   * Also measured with one caller, one request at a time: the time a single user waits for it, with the
   * server otherwise idle (issue 14's "one caller" target for the order list, issue 33's 100 ms of the TNVED
   * search; the other lists beside them).
   */
  alone?: true;
  /** Concurrent callers for this endpoint instead of the run's `--connections` (the reports: issue 32's 8). */
  connections?: number;
  /**
   * Also timed once cold: its first request after the server started, before anything else asked it (issue
   * 32's "under 2 s cold").
   */
  cold?: true;
}

/** A path with its query encoded as the web's API client does (URLSearchParams). */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** The list's first page in its default sort (number, newest first), as the list screen asks for it. */
const firstPage = { page: '1', itemsPerPage: '40', sort: 'number', order: 'desc' };
/** An order from the middle of the history at every size (ids start at 1): its jobs and stages. */
const SOME_ORDER = 5001;
/** A generated employee: the forwarder and curator of about one order in (rows / 1000), as the users go. */
const FORWARDER = 'employee000001';
/** Another generated employee, holding the own scope only (the roles of one employee's endpoints add up). */
const OWN_FORWARDER = 'employee000002';

/** Callers of a report at once (issue 32: "under 300 ms p50 for a closed period under 8 callers"). */
const REPORT_CALLERS = 8;

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
    roles: ['ROLE_SETTINGS_SERVICE_OFFICES'],
    grows: 'service_offices',
  },
  {
    name: 'service-offices-search',
    url: `/api/settings/service-offices?page=1&itemsPerPage=40&search=${encodeURIComponent('складская')}&sort=code&order=desc`,
    roles: ['ROLE_SETTINGS_SERVICE_OFFICES'],
    grows: 'service_offices',
  },
  {
    name: 'service-offices-page-50',
    url: '/api/settings/service-offices?page=50&itemsPerPage=40&sort=address',
    roles: ['ROLE_SETTINGS_SERVICE_OFFICES'],
    grows: 'service_offices',
  },
  {
    name: 'entity-changelog',
    url: '/api/settings/entity-changelog?page=1&itemsPerPage=40',
    roles: ['ROLE_CHANGELOG_VIEW'],
    grows: 'change_log',
    alone: true,
  },
  {
    // The changes of users, whom the bench user may list: a third of the log.
    name: 'entity-changelog-by-type',
    url: '/api/settings/entity-changelog?page=1&itemsPerPage=40&entityType=user',
    roles: ['ROLE_CHANGELOG_VIEW', 'ROLE_USER_LIST'],
    grows: 'change_log',
  },
  {
    name: 'counterparties',
    url: withQuery('/api/counterparties', { page: '1', itemsPerPage: '40', sort: 'name', order: 'asc' }),
    roles: ['ROLE_COUNTERPARTY_VIEW_ALL'],
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
    roles: ['ROLE_COUNTERPARTY_VIEW_ALL'],
    grows: 'counterparties',
  },
  {
    // The similar search's form with a name typed as a person remembers it.
    name: 'counterparties-similar',
    url: withQuery('/api/counterparties/similar', { name: 'Транс Логистик' }),
    roles: ['ROLE_COUNTERPARTY_SIMILAR_SEARCH', 'ROLE_COUNTERPARTY_VIEW_ALL'],
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
    roles: ['ROLE_COUNTERPARTY_SIMILAR_SEARCH', 'ROLE_COUNTERPARTY_VIEW_ALL'],
    grows: 'counterparties',
  },
  {
    // The order list as it opens: every order the user may see, newest first.
    name: 'orders',
    url: withQuery('/api/tms/orders', firstPage),
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
    alone: true,
  },
  {
    // Narrowed by the finance control status and the client filters.
    name: 'orders-by-status-client',
    url: withQuery('/api/tms/orders', {
      ...firstPage,
      financeControlStatus: 'READY',
      clientId: String(BENCH_CLIENT_ID),
    }),
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
  },
  {
    // Sorted by a column most orders share a value of (the status column's header clicked twice).
    name: 'orders-sorted-by-status',
    url: withQuery('/api/tms/orders', { ...firstPage, sort: 'financeControlStatus', order: 'desc' }),
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
  },
  {
    // A number typed into the search box as people write it, padded.
    name: 'orders-search-number',
    url: withQuery('/api/tms/orders', { ...firstPage, search: '004217' }),
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
  },
  {
    // Part of a client's name typed into the search box.
    name: 'orders-search-client',
    url: withQuery('/api/tms/orders', { ...firstPage, search: 'волга' }),
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
    alone: true,
  },
  {
    // The orders a forwarder with the own scope sees, open ones first as the filter panel offers.
    name: 'orders-own-scope',
    url: withQuery('/api/tms/orders', { ...firstPage, archived: 'false' }),
    roles: ['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_EDIT_OWN'],
    grows: 'orders',
    signedInAs: OWN_FORWARDER,
  },
  {
    // A sales manager's related scope: orders of the clients they curate or manage and of their jobs.
    name: 'orders-related-scope',
    url: withQuery('/api/tms/orders', { ...firstPage, sort: 'clientName', order: 'asc' }),
    roles: ['ROLE_ORDER_VIEW_RELATED', 'ROLE_ORDER_EDIT_RELATED'],
    grows: 'orders',
    signedInAs: FORWARDER,
  },
  {
    // The stages filter of the panel: orders with a stage past its expected date.
    name: 'orders-stage-overdue',
    url: withQuery('/api/tms/orders', { ...firstPage, stageDue: 'overdue', archived: 'false' }),
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
  },
  {
    name: 'jobs',
    url: withQuery('/api/tms/jobs', firstPage),
    roles: ['ROLE_JOB_VIEW_ALL'],
    grows: 'jobs',
    alone: true,
  },
  {
    // The jobs block of the order page.
    name: 'order-jobs',
    url: `/api/tms/orders/${SOME_ORDER}/jobs`,
    roles: ['ROLE_ORDER_VIEW_ALL', 'ROLE_JOB_VIEW_ALL'],
    grows: 'jobs',
  },
  {
    // The stages block of the order page.
    name: 'order-stages',
    url: `/api/tms/orders/${SOME_ORDER}/stages`,
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'stages',
  },
  {
    // The request list as it opens: every request the user may see, newest first.
    name: 'requests',
    url: withQuery('/api/requests', firstPage),
    roles: ['ROLE_REQUEST_VIEW_ALL'],
    grows: 'customer_requests',
  },
  {
    // Narrowed by the status and the client filters.
    name: 'requests-by-status-client',
    url: withQuery('/api/requests', {
      ...firstPage,
      status: 'QUOTE_COMPLETED',
      clientId: String(BENCH_CLIENT_ID),
    }),
    roles: ['ROLE_REQUEST_VIEW_ALL'],
    grows: 'customer_requests',
  },
  {
    // Part of a client's name typed into the search box.
    name: 'requests-search-client',
    url: withQuery('/api/requests', { ...firstPage, search: 'волга' }),
    roles: ['ROLE_REQUEST_VIEW_ALL'],
    grows: 'customer_requests',
  },
  {
    // The offers list as it opens (newest first).
    name: 'request-offers',
    url: withQuery('/api/request-offers', { ...firstPage, sort: 'createdAt' }),
    roles: ['ROLE_REQUEST_VIEW_ALL'],
    grows: 'request_offers',
  },
  {
    // The bill list as it opens (newest bill date first).
    name: 'bills',
    url: withQuery('/api/finances/bills', { ...firstPage, sort: 'date' }),
    roles: ['ROLE_BILL_VIEW_ALL'],
    grows: 'bills',
  },
  {
    // Narrowed by the direction and the counterparty filters: the bench client's income bills.
    name: 'bills-by-direction-counterparty',
    url: withQuery('/api/finances/bills', {
      ...firstPage,
      sort: 'date',
      direction: 'INCOME',
      counterpartyId: String(BENCH_CLIENT_ID),
    }),
    roles: ['ROLE_BILL_VIEW_ALL'],
    grows: 'bills',
  },
  {
    // The payment list as it opens (newest payment date first).
    name: 'payments',
    url: withQuery('/api/finances/payments', { ...firstPage, sort: 'date' }),
    roles: ['ROLE_PAYMENT_LIST_ALL'],
    grows: 'bills',
  },
  {
    // The bills block of the order page: its bills and their result in the base currency.
    name: 'order-bills',
    url: withQuery(`/api/finances/bills/of-operation/${SOME_ORDER}`, { operation: 'order' }),
    roles: ['ROLE_ORDER_VIEW_ALL', 'ROLE_BILL_VIEW_ALL'],
    grows: 'bills',
  },
  {
    // The printable bill list as it opens (newest first), each row with its service lines.
    name: 'printable-bills',
    url: withQuery('/api/finances/printable-bills', { ...firstPage, sort: 'date' }),
    roles: ['ROLE_PRINTABLE_BILL_UNLINKED_VIEW'],
    grows: 'printable_bills',
  },
  {
    // Reached through the bills one reads (ROLE_PRINTABLE_BILL_VIEW) and narrowed to the bench client's.
    name: 'printable-bills-by-counterparty',
    url: withQuery('/api/finances/printable-bills', {
      ...firstPage,
      sort: 'date',
      counterpartyId: String(BENCH_CLIENT_ID),
    }),
    roles: ['ROLE_PRINTABLE_BILL_VIEW', 'ROLE_BILL_VIEW_ALL'],
    grows: 'printable_bills',
  },
  {
    // The TNVED library as it opens: the classifier's first page in its order (section, group, heading, code).
    name: 'tnved',
    url: withQuery('/api/customs/tnved', { page: '1', itemsPerPage: '50', validity: 'current' }),
    roles: ['ROLE_CUSTOMS_POINT_VIEW'],
  },
  {
    // A heading typed into the library's search box, spaced as the classifier prints codes: a code prefix.
    name: 'tnved-search-code',
    url: withQuery('/api/customs/tnved', {
      page: '1',
      itemsPerPage: '50',
      validity: 'current',
      search: '85 04',
    }),
    roles: ['ROLE_CUSTOMS_POINT_VIEW'],
    alone: true,
  },
  {
    // A word in another form than the classifier's ("смартфоны"): Russian morphology.
    name: 'tnved-search-word',
    url: withQuery('/api/customs/tnved', {
      page: '1',
      itemsPerPage: '50',
      validity: 'current',
      search: 'смартфон',
    }),
    roles: ['ROLE_CUSTOMS_POINT_VIEW'],
    alone: true,
  },
  {
    // A word thousands of codes share, over every version (the history too): the search's worst page.
    name: 'tnved-search-common',
    url: withQuery('/api/customs/tnved', {
      page: '1',
      itemsPerPage: '50',
      validity: 'all',
      search: 'прочие',
    }),
    roles: ['ROLE_CUSTOMS_POINT_VIEW'],
    alone: true,
  },
  {
    // The declarations list as it opens (newest first).
    name: 'declarations',
    url: withQuery('/api/tms/customs', { page: '1', itemsPerPage: '40', sort: 'createdAt', order: 'desc' }),
    roles: ['ROLE_CUSTOMS_DECLARATION_VIEW_ALL'],
    grows: 'customs_declarations',
    alone: true,
  },
  {
    // Narrowed by status, customs post and inspection mode, as the filter panel offers.
    name: 'declarations-by-status-point',
    url: withQuery('/api/tms/customs', {
      page: '1',
      itemsPerPage: '40',
      sort: 'createdAt',
      order: 'desc',
      status: 'RELEASED',
      customsPointId: '1',
      inspectionMode: 'examination',
    }),
    roles: ['ROLE_CUSTOMS_DECLARATION_VIEW_ALL'],
    grows: 'customs_declarations',
  },
  {
    // One client's declarations over a period, sorted by the registration date.
    name: 'declarations-by-client-period',
    url: withQuery('/api/tms/customs', {
      page: '1',
      itemsPerPage: '40',
      sort: 'registrationDate',
      order: 'desc',
      clientId: String(BENCH_CLIENT_ID),
      registrationDateFrom: '2025-01-01',
      registrationDateTo: '2025-12-31',
    }),
    roles: ['ROLE_CUSTOMS_DECLARATION_VIEW_ALL'],
    grows: 'customs_declarations',
  },
  {
    // A DT number's serial part typed into the search box.
    name: 'declarations-search-number',
    url: withQuery('/api/tms/customs', { page: '1', itemsPerPage: '40', search: '0004217' }),
    roles: ['ROLE_CUSTOMS_DECLARATION_VIEW_ALL'],
    grows: 'customs_declarations',
  },
  {
    // The home screen's operational figures: counts over open orders and stages due, recent changes.
    name: 'dashboard',
    url: '/api/tms/dashboard',
    roles: ['ROLE_ORDER_VIEW_ALL'],
    grows: 'orders',
  },
  ...reportEndpoints(),
];

/**
 * The last calendar quarter every month of which the generator closed (`closedMonthsGenerator` locks each
 * month before the previous one): a closed period, whose opening balances the books read from the rollups.
 */
export function closedQuarter(today: Date): { from: string; to: string } {
  // Months counted from year 0: the last locked one is two before today's.
  let end = today.getUTCFullYear() * 12 + today.getUTCMonth() - 2;
  while ((end % 12) % 3 !== 2) end--;
  const day = (month: number, d: number) =>
    new Date(Date.UTC(Math.floor(month / 12), month % 12, d)).toISOString().slice(0, 10);
  return { from: day(end - 2, 1), to: day(end + 1, 0) };
}

/**
 * Each report's answer as its screen asks for it: the declaration's default filters (what the screen sends
 * when opened) over a closed quarter of the generated history, 8 callers at once, and once cold.
 */
function reportEndpoints(): BenchEndpoint[] {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const period = closedQuarter(now);
  const client = String(BENCH_CLIENT_ID);
  const queries: [key: string, query: Record<string, string>][] = [
    ['gross-profit', period],
    ['accounts-receivable', { asOf: period.to }],
    ['new-clients', period],
    ['dso', period],
    ['dpo', period],
    ['ccc', period],
    ['orders-by-payment-forms', period],
    // A year of budgets: the closed quarter's year, to its last month.
    [
      'plan-fact-report',
      { year: period.to.slice(0, 4), month: String(Number(period.to.slice(5, 7))), ytd: 'true' },
    ],
    ['finance-registry', period],
    ['bonus-profit', period],
    ['marginal-income', period],
    ['profitability', period],
    ['specific-productivity', period],
    ['vat0', { ...period, asOf: period.to }],
    ['trial-balance', period],
    ['account-turnover', period],
    ['cash-by-payment-form', period],
    // The bench client's statement: its bills and payments of the quarter between the balances.
    ['reconciliation', { ...period, clientId: client }],
    ['customs-report', period],
    // Live (open declarations now): no period.
    ['customs-monitoring', {}],
  ];
  return queries.map(([key, query]) => {
    const report = reportByKey(key);
    if (!report) throw new Error(`no report ${key}`);
    // The widest scope of a scoped permission (the bench user sees everything).
    const all = report.roles.filter((role) => role.endsWith('_ALL'));
    return {
      name: `report-${key}`,
      url: withQuery(`/api/reports/${key}`, { ...report.defaults(today), ...query }),
      roles: all.length ? all : report.roles,
      grows: key.startsWith('customs') ? 'customs_declarations' : 'bills',
      connections: REPORT_CALLERS,
      cold: true,
    };
  });
}
