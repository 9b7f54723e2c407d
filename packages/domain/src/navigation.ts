import { ASSIGNMENT_RULE_PATHS, ASSIGNMENT_RULE_ROLES } from './assignment/rules';
import type { ResourceDescriptor } from './common/resource';
import * as company from './company';
import { COMPANY_STRUCTURE_PATH } from './company-structure/items';
import * as counterparties from './counterparties';
import * as customs from './customs';
import { DECLARATION_ROLES } from './customs/declarations';
import { TNVED_LIBRARY_PATH, TNVED_ROLES } from './customs/tnved';
import * as finance from './finance';
import {
  ACQUIRING_ROLES,
  AUTOMATIC_TRANSFER_ROLES,
  BILL_ROLES,
  BUDGET_ROLES,
  INTERNAL_TRANSFER_ROLES,
  PAYMENT_ROLES,
  PRINTABLE_BILL_ROLES,
} from './finance';
import * as insurance from './insurance';
import { INSURANCE_ROLES } from './insurance/certificates';
import * as operations from './operations';
import { OPERATION_ROLES, readyOrderResource } from './operations';
import { can, type Role, rolesOfScopedPermission } from './permissions';
import { PRICING_ROLES, RATE_TABLES_PATH } from './pricing';
import * as referenceData from './reference-data';
import { REPORTS } from './reports/catalogue';
import * as requests from './requests';
import { REQUEST_ROLES } from './requests';
import { HYPER_REQUEST_ROLES } from './requests/hyper-request';
import { DECLARED_SCREENS, type DeclaredScreen } from './screens';
import * as shipmentDocuments from './shipment-documents';
import * as warehouse from './warehouse';

/** The declared resources by export name (one line per bounded context with declared screens). */
const DECLARED: Record<string, unknown> = {
  ...company,
  ...counterparties,
  ...customs,
  ...finance,
  ...insurance,
  ...operations,
  ...referenceData,
  ...requests,
  ...warehouse,
  ...shipmentDocuments,
};

/**
 * The menu of the application shell (spec §2 "Application shell"). Only screens that exist in this build
 * are listed; a module adds its screen with one line in NAV_CATALOGUE when the screen lands, a declared
 * resource with its entry in DECLARED_SCREENS (`screens.ts`), which lands in its group here.
 */
export interface NavEntry {
  /** Translation key, `nav.*` (locales/{ru,en}/nav.json). */
  name: string;
  /** Tabler icon name in kebab-case without the Icon prefix, e.g. 'layout-dashboard'. */
  icon: string;
  /** The screen's route; groups have none. */
  route?: string;
  /** Shown when the user holds any of these (administrator: always); unset: everyone. */
  roles?: readonly Role[];
  children?: readonly NavEntry[];
  /** Children are shown sorted alphabetically by their translated name. */
  sortable?: boolean;
}

/** A menu item as the system call answers it: already filtered for the user. */
export interface NavItem {
  /** A `nav.*` key, or a resource's title key (then `labels` holds its texts). */
  name: string;
  /** The texts of a name that is not a `nav.*` key, read by the server from the name's dictionary. */
  labels?: { ru: string; en: string };
  icon: string;
  route: string | null;
  sortable: boolean;
  children: NavItem[];
}

const STRUCTURE_ROLES: readonly Role[] = ['ROLE_COMPANY_STRUCTURE_VIEW', 'ROLE_COMPANY_STRUCTURE_EDIT'];

const CATALOGUE: readonly NavEntry[] = [
  { name: 'nav.dashboard', icon: 'layout-dashboard', route: '/dashboard' },
  { name: 'nav.orders', icon: 'clipboard-list', route: '/tms/orders', roles: OPERATION_ROLES.order.view },
  { name: 'nav.jobs', icon: 'truck-delivery', route: '/tms/jobs', roles: OPERATION_ROLES.job.view },
  {
    name: 'nav.workflowInstances',
    icon: 'list-check',
    route: '/workflow-instances',
    roles: ['ROLE_SETTINGS_WORKFLOW_ACCESS', 'ROLE_SETTINGS_WORKFLOW'],
  },
  {
    name: 'nav.customsDeclarations',
    icon: 'customs',
    route: '/tms/customs',
    roles: DECLARATION_ROLES.view,
  },
  {
    name: 'nav.cargoInsurance',
    icon: 'shield-check',
    route: '/tms/cargo-insurance',
    roles: INSURANCE_ROLES.view,
  },
  {
    name: 'nav.requestsGroup',
    icon: 'message-question',
    children: [
      {
        name: 'nav.requests',
        icon: 'message-question',
        route: '/requests',
        roles: [...REQUEST_ROLES.view, ...REQUEST_ROLES.edit],
      },
      {
        name: 'nav.requestOffers',
        icon: 'report-money',
        route: '/request-offers',
        roles: [...REQUEST_ROLES.view, ...REQUEST_ROLES.edit],
      },
      {
        name: 'nav.hyperRequests',
        icon: 'packages',
        route: '/hyper-customer-requests',
        roles: [...HYPER_REQUEST_ROLES.view, ...HYPER_REQUEST_ROLES.edit],
      },
      {
        name: 'nav.rateTables',
        icon: 'calculator',
        route: RATE_TABLES_PATH,
        roles: PRICING_ROLES.view,
      },
    ],
  },
  {
    name: 'nav.counterparties',
    icon: 'address-book',
    route: '/counterparties',
    roles: rolesOfScopedPermission('ROLE_COUNTERPARTY_VIEW'),
  },
  {
    name: 'nav.documents',
    icon: 'folder',
    route: '/document-folders',
    roles: ['ROLE_DOCUMENT_VIEW', 'ROLE_DOCUMENT_EDIT'],
  },
  {
    // The company structure (docs/company-structure.md): the tree, its chart, its people and its settings.
    name: 'nav.companyStructure',
    icon: 'hierarchy',
    children: [
      {
        name: 'nav.companyStructureTree',
        icon: 'hierarchy',
        route: COMPANY_STRUCTURE_PATH,
        roles: STRUCTURE_ROLES,
      },
      {
        name: 'nav.companyStructureGraph',
        icon: 'git-branch',
        route: '/company-structure/tree-structure/graph',
        roles: STRUCTURE_ROLES,
      },
      {
        name: 'nav.companyStructureUsers',
        icon: 'users',
        route: '/company-structure/users',
        roles: STRUCTURE_ROLES,
      },
      {
        name: 'nav.companyStructureSettings',
        icon: 'adjustments',
        route: '/company-structure/settings',
        roles: STRUCTURE_ROLES,
      },
    ],
  },
  {
    name: 'nav.announcements',
    icon: 'speakerphone',
    route: '/announcements',
    roles: ['ROLE_COMPANY_CHAPTERS'],
  },
  { name: 'nav.notifications', icon: 'bell', route: '/notifications', roles: ['ROLE_COMPANY_CHAPTERS'] },
  {
    name: 'nav.finances',
    icon: 'receipt',
    children: [
      {
        name: 'nav.bills',
        icon: 'receipt',
        route: '/finances/bills',
        roles: [...BILL_ROLES.view, ...BILL_ROLES.edit, ...BILL_ROLES.create],
      },
      {
        name: 'nav.printableBills',
        icon: 'file-invoice',
        route: '/finances/printable-bills',
        roles: [...PRINTABLE_BILL_ROLES.view, ...PRINTABLE_BILL_ROLES.edit],
      },
      {
        name: 'nav.payments',
        icon: 'cash',
        route: '/finances/payments',
        roles: [...PAYMENT_ROLES.view],
      },
      {
        name: 'nav.internalTransfers',
        icon: 'arrows-left-right',
        route: '/finances/internal-transfers',
        roles: [...INTERNAL_TRANSFER_ROLES.view],
      },
      {
        name: 'nav.automaticTransferRules',
        icon: 'bolt',
        route: '/finances/automatic-transfers/rules',
        roles: [...AUTOMATIC_TRANSFER_ROLES.view],
      },
      {
        name: 'nav.legalEntityTransferRules',
        icon: 'building',
        route: '/finances/automatic-transfers/legal-entity-rules',
        roles: [...AUTOMATIC_TRANSFER_ROLES.view],
      },
      {
        name: 'nav.currencyConversion',
        icon: 'arrows-exchange',
        route: '/currency-conversion',
        roles: [...PAYMENT_ROLES.view],
      },
      {
        name: 'nav.bankAcquiring',
        icon: 'credit-card',
        route: '/bank-acquiring',
        roles: [...ACQUIRING_ROLES.view],
      },
      { name: 'nav.budgets', icon: 'report-money', route: '/budgets', roles: [...BUDGET_ROLES.view] },
    ],
  },
  {
    // The reports of the framework (reports/catalogue.ts), each for holders of its role, and the ready orders.
    name: 'nav.reports',
    icon: 'chart-bar',
    children: [
      ...REPORTS.map((report) => ({
        name: report.nav,
        icon: report.icon,
        route: report.path,
        roles: report.roles,
      })),
      {
        name: 'nav.readyOrders',
        icon: 'clipboard-check',
        route: '/reports/ready-orders',
        roles: [...readyOrderResource.roles.view],
      },
    ],
  },
  {
    // Exports in the background (common/exports.ts): a list's for every user (the list's own read roles
    // decide which lists he is offered), a report's for those who may export one.
    name: 'nav.exportsGroup',
    icon: 'file-export',
    children: [
      { name: 'nav.export', icon: 'table-export', route: '/export' },
      {
        name: 'nav.reportExport',
        icon: 'file-export',
        route: '/report-export',
        roles: [...new Set(REPORTS.flatMap((report) => report.exportRoles))],
      },
      { name: 'nav.preparedExports', icon: 'files', route: '/prepared-exports' },
    ],
  },
  {
    // Grouped by what is set up (the declared screens land in their group from DECLARED_SCREENS); the
    // profile every user has comes first, the system options last.
    name: 'nav.settings',
    icon: 'settings',
    children: [
      { name: 'nav.userProfile', icon: 'user-circle', route: '/settings/user-profile' },
      {
        name: 'nav.notificationSettings',
        icon: 'bell',
        route: '/user-settings/notification-settings',
        roles: ['ROLE_COMPANY_CHAPTERS'],
      },
      {
        name: 'nav.settingsAccess',
        icon: 'shield-lock',
        sortable: true,
        children: [
          {
            name: 'nav.users',
            icon: 'users',
            route: '/settings/users',
            roles: ['ROLE_USER_LIST', 'ROLE_USER_SHOW'],
          },
          {
            name: 'nav.accessGroups',
            icon: 'shield-lock',
            route: '/settings/access-groups',
            roles: ['ROLE_ACCESS_GROUP_LIST', 'ROLE_ACCESS_GROUP_SHOW'],
          },
          {
            name: 'nav.entityChangelog',
            icon: 'notes',
            route: '/settings/entity-changelog',
            roles: ['ROLE_CHANGELOG_VIEW'],
          },
        ],
      },
      { name: 'nav.settingsReferenceData', icon: 'list-details', sortable: true, children: [] },
      {
        name: 'nav.settingsOperations',
        icon: 'route',
        sortable: true,
        children: [
          {
            name: 'nav.customerRequestCustomFields',
            icon: 'forms',
            route: '/custom-fields/customer-request',
            roles: ['ROLE_SETTINGS_CUSTOM_FIELDS'],
          },
          {
            name: 'nav.operationCustomFieldGroups',
            icon: 'forms',
            route: '/custom-fields/operation/groups',
            roles: ['ROLE_SETTINGS_CUSTOM_FIELDS'],
          },
          {
            name: 'nav.requestOfferTemplates',
            icon: 'file-text',
            route: '/request-offer-templates',
            roles: ['ROLE_REQUEST_OFFER_TEMPLATES'],
          },
          {
            name: 'nav.workflowDescriptions',
            icon: 'git-branch',
            route: '/workflow-descriptions',
            roles: ['ROLE_SETTINGS_WORKFLOW'],
          },
          {
            name: 'nav.dataImportDescriptions',
            icon: 'database-import',
            route: '/data-import/descriptions',
            roles: ['ROLE_DATA_IMPORT'],
          },
          {
            name: 'nav.userDefinedLists',
            icon: 'list-check',
            route: '/user-defined-lists',
            roles: ['ROLE_SETTINGS_USER_LISTS'],
          },
          {
            name: 'nav.forwarderAutoAssignment',
            icon: 'user-share',
            route: ASSIGNMENT_RULE_PATHS.forwarder,
            roles: ASSIGNMENT_RULE_ROLES.forwarder,
          },
          {
            name: 'nav.ctoAutoAssignment',
            icon: 'user-share',
            route: ASSIGNMENT_RULE_PATHS.customs,
            roles: ASSIGNMENT_RULE_ROLES.customs,
          },
        ],
      },
      {
        name: 'nav.settingsFinance',
        icon: 'coin',
        sortable: true,
        children: [
          {
            name: 'nav.periodLocks',
            icon: 'shield-lock',
            route: '/finances/period-locks',
            roles: ['ROLE_RECOGNITION_DATE_CHANGE'],
          },
        ],
      },
      {
        name: 'nav.settingsDocuments',
        icon: 'files',
        sortable: true,
        children: [
          {
            name: 'nav.documentTemplates',
            icon: 'template',
            route: '/document-generator/templates',
            roles: ['ROLE_SETTINGS_TEMPLATES'],
          },
        ],
      },
      { name: 'nav.versionNews', icon: 'news', route: '/version-news/announcements', roles: ['ROLE_ADMIN'] },
      {
        name: 'nav.systemOptions',
        icon: 'adjustments',
        route: '/options/main',
        roles: ['ROLE_SETTINGS_SYSTEM'],
      },
    ],
  },
  // Filled from DECLARED_SCREENS, after the screens of its own.
  {
    name: 'nav.tmsDictionaries',
    icon: 'list-details',
    sortable: true,
    children: [
      { name: 'nav.tnvedLibrary', icon: 'book', route: TNVED_LIBRARY_PATH, roles: TNVED_ROLES.view },
    ],
  },
  // Filled from DECLARED_SCREENS.
  { name: 'nav.warehouse', icon: 'building-warehouse', sortable: true, children: [] },
];

/** The menu entry of a declared screen, shown to whoever may view or edit its resource (or edit only). */
function declaredEntry(resource: string, screen: DeclaredScreen): NavEntry {
  const descriptor = DECLARED[resource] as ResourceDescriptor | undefined;
  if (descriptor?.path !== screen.path)
    throw new Error(`DECLARED_SCREENS.${resource}: no resource at ${screen.path}`);
  const { view, edit } = descriptor.roles;
  return {
    name: screen.menu.name ?? descriptor.title,
    icon: screen.menu.icon,
    route: screen.path,
    roles: view.length && !screen.menu.editorsOnly ? [...new Set([...view, ...edit])] : edit,
  };
}

/** The names of the groups of a catalogue, at every depth. */
const groupNames = (entries: readonly NavEntry[]): string[] =>
  entries.flatMap((entry) => (entry.children ? [entry.name, ...groupNames(entry.children)] : []));

/** The catalogue with each declared screen's entry appended to its group (at any depth). */
export function withDeclaredScreens(
  catalogue: readonly NavEntry[],
  screens: Readonly<Record<string, DeclaredScreen>> = DECLARED_SCREENS,
): NavEntry[] {
  const entries = Object.entries(screens);
  const groups = new Set(groupNames(catalogue));
  for (const [resource, screen] of entries) {
    if (!groups.has(screen.menu.group)) {
      throw new Error(`DECLARED_SCREENS.${resource}: no menu group ${screen.menu.group}`);
    }
  }
  const place = (entry: NavEntry): NavEntry => {
    if (!entry.children) return entry;
    const added = entries
      .filter(([, screen]) => screen.menu.group === entry.name)
      .map(([resource, screen]) => declaredEntry(resource, screen));
    return { ...entry, children: [...entry.children.map(place), ...added] };
  };
  return catalogue.map(place);
}

export const NAV_CATALOGUE: readonly NavEntry[] = withDeclaredScreens(CATALOGUE);

function allowed(entry: NavEntry, roles: ReadonlySet<string>): boolean {
  return !entry.roles || entry.roles.length === 0 || can(roles, entry.roles);
}

function build(entries: readonly NavEntry[], roles: ReadonlySet<string>): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of entries) {
    if (!allowed(entry, roles)) continue;
    const children = entry.children ? build(entry.children, roles) : [];
    // A group whose every child is hidden is not shown either.
    if (entry.children && children.length === 0 && !entry.route) continue;
    items.push({
      name: entry.name,
      icon: entry.icon,
      route: entry.route ?? null,
      sortable: entry.sortable ?? false,
      children,
    });
  }
  return items;
}

/** The menu a user with these roles sees, in catalogue order. */
export function buildNav(
  roles: ReadonlySet<string> | readonly string[],
  catalogue: readonly NavEntry[] = NAV_CATALOGUE,
): NavItem[] {
  return build(catalogue, roles instanceof Set ? roles : new Set(roles as readonly string[]));
}

/** Every translation key the catalogue uses (`nav.*` in nav.json, the others a resource's title). */
export function navKeys(catalogue: readonly NavEntry[] = NAV_CATALOGUE): string[] {
  return catalogue.flatMap((entry) => [entry.name, ...navKeys(entry.children ?? [])]);
}

/** Whether a menu name is a `nav.*` key (nav.json) rather than a resource's title key. */
export const isNavKey = (name: string): boolean => name.startsWith('nav.');
