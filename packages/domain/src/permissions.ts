/**
 * The permission catalogue of spec §6: every ROLE_* grouped by family, with Russian and English labels.
 * Scoped permissions come as sets: own / office / all, own / related / subordinates / office / all (orders
 * and jobs), or own / related / manager office / payment-form office / subordinates / all; the widest scope a
 * user holds wins (see scopeOf).
 */
export interface Label {
  ru: string;
  en: string;
}

export type Scope =
  | 'own'
  | 'related'
  | 'managerOffice'
  | 'paymentFormOffice'
  | 'subordinates'
  | 'office'
  | 'all';

export interface PermissionDef<R extends string = string> {
  role: R;
  label: Label;
  /** For a scoped permission: which scope this role grants, and the permission it scopes. */
  scope?: Scope;
  scopes?: string;
}

export interface PermissionFamily {
  key: string;
  label: Label;
  permissions: readonly PermissionDef[];
}

const OWN_OFFICE_ALL = ['own', 'office', 'all'] as const;
/**
 * Orders and jobs: own, related (through the client or a job), subordinates (own of anyone under me in the
 * company structure), office, all (docs/operations.md, docs/decisions/017-subordinates-scope-of-orders.md).
 */
const OPERATION_SCOPES = ['own', 'related', 'subordinates', 'office', 'all'] as const;
/** The extended set of money and report permissions. */
const EXTENDED = ['own', 'related', 'managerOffice', 'paymentFormOffice', 'subordinates', 'all'] as const;

/**
 * Every scoped permission and the scopes it comes in; the role of one scope is
 * `${permission}_${SCOPE_SUFFIXES[scope]}` (ROLE_ORDER_VIEW + office → ROLE_ORDER_VIEW_OFFICE).
 */
export const SCOPE_SETS = {
  ROLE_PAYMENT_LIST: ['office', 'all'],
  ROLE_PAYMENT_DELETE: OWN_OFFICE_ALL,
  ROLE_ORDER_VIEW: OPERATION_SCOPES,
  ROLE_ORDER_EDIT: OPERATION_SCOPES,
  ROLE_JOB_VIEW: OPERATION_SCOPES,
  ROLE_JOB_EDIT: OPERATION_SCOPES,
  ROLE_STAGE_MANAGE: OPERATION_SCOPES,
  ROLE_COUNTERPARTY_VIEW: OWN_OFFICE_ALL,
  ROLE_COUNTERPARTY_EDIT: OWN_OFFICE_ALL,
  ROLE_BILL_VIEW: EXTENDED,
  ROLE_BILL_EDIT: EXTENDED,
  ROLE_CUSTOMS_REPORT: OWN_OFFICE_ALL,
  /** Declarations (DT): office of the DT's order, own = its declarant or customs specialist (docs/customs.md). */
  ROLE_CUSTOMS_DECLARATION_VIEW: OWN_OFFICE_ALL,
  ROLE_REQUEST_VIEW: OWN_OFFICE_ALL,
  ROLE_ACQUIRING_VIEW: ['own', 'all'],
  ROLE_REPORT_GROSS_PROFIT: EXTENDED,
  ROLE_REPORT_BONUS_PROFIT: EXTENDED,
  ROLE_REPORT_MARGINAL_INCOME: EXTENDED,
  ROLE_REPORT_PROFITABILITY: EXTENDED,
  ROLE_REPORT_PRODUCTIVITY: EXTENDED,
  ROLE_REPORT_DSO: EXTENDED,
  ROLE_REPORT_DPO: EXTENDED,
  ROLE_REPORT_CCC: EXTENDED,
  ROLE_REPORT_ACCOUNTS_RECEIVABLE: EXTENDED,
  ROLE_REPORT_NEW_CLIENTS: EXTENDED,
  ROLE_REPORT_ORDERS_BY_PAYMENT_FORM: EXTENDED,
  /** The books (trial balance, account turnover, cash, reconciliation) are the whole ledger's: no narrower scope. */
  ROLE_REPORT_BOOKS: ['all'],
} as const satisfies Record<string, readonly Scope[]>;

export type ScopedPermission = keyof typeof SCOPE_SETS;
/** The scopes one permission comes in, as a type: modules must handle each of them. */
export type ScopesOf<P extends ScopedPermission> = (typeof SCOPE_SETS)[P][number];

export const SCOPE_SUFFIXES = {
  own: 'OWN',
  related: 'RELATED',
  office: 'OFFICE',
  managerOffice: 'MANAGER_OFFICE',
  paymentFormOffice: 'PAYMENT_FORM_OFFICE',
  subordinates: 'SUBORDINATES',
  all: 'ALL',
} as const satisfies Record<Scope, string>;

/** The roles of a scoped permission's scopes: ROLE_ORDER_VIEW → ROLE_ORDER_VIEW_OWN | ... | ROLE_ORDER_VIEW_ALL. */
export type ScopedRoleOf<P extends ScopedPermission> = `${P}_${(typeof SCOPE_SUFFIXES)[ScopesOf<P>]}`;

/** Widest first; the office-like scopes are incomparable and ranked by how common they are. */
export const SCOPES_WIDEST_FIRST: readonly Scope[] = [
  'all',
  'subordinates',
  'office',
  'managerOffice',
  'paymentFormOffice',
  'related',
  'own',
];

export const SCOPE_LABELS: Record<Scope, Label> = {
  own: { ru: 'свои', en: 'own' },
  related: { ru: 'связанные', en: 'related' },
  office: { ru: 'своего офиса', en: 'own office' },
  managerOffice: { ru: 'офиса менеджера', en: "manager's office" },
  paymentFormOffice: { ru: 'офиса формы оплаты', en: "payment form's office" },
  subordinates: { ru: 'подчинённых', en: 'subordinates' },
  all: { ru: 'все', en: 'all' },
};

export function isScopedPermission(permission: string): permission is ScopedPermission {
  return Object.hasOwn(SCOPE_SETS, permission);
}

/** The role granting one scope of a permission: scopedRole(ROLE_ORDER_VIEW, 'own') → ROLE_ORDER_VIEW_OWN. */
export function scopedRole<P extends ScopedPermission>(permission: P, scope: ScopesOf<P>): ScopedRoleOf<P>;
export function scopedRole(permission: ScopedPermission, scope: Scope): Role;
export function scopedRole(permission: ScopedPermission, scope: Scope): string {
  return `${permission}_${SCOPE_SUFFIXES[scope]}`;
}

const role = <const R extends string>(name: R, ru: string, en: string): PermissionDef<R> => ({
  role: name,
  label: { ru, en },
});

function scoped<P extends ScopedPermission>(
  permission: P,
  ru: string,
  en: string,
): PermissionDef<ScopedRoleOf<P>>[] {
  return (SCOPE_SETS[permission] as readonly ScopesOf<P>[]).map((scope) => ({
    role: scopedRole(permission, scope),
    label: { ru: `${ru} (${SCOPE_LABELS[scope].ru})`, en: `${en} (${SCOPE_LABELS[scope].en})` },
    scope,
    scopes: permission,
  }));
}

const FAMILIES = [
  {
    key: 'general',
    label: { ru: 'Общие', en: 'General' },
    permissions: [
      /** Grants every permission. */
      role('ROLE_ADMIN', 'Администратор (все права)', 'Administrator (every permission)'),
      /** Notifications, unread announcements, recent documents and the system currency (spec §6). */
      role(
        'ROLE_COMPANY_CHAPTERS',
        'Уведомления, объявления, последние документы, системная валюта',
        'Notifications, announcements, recent documents, system currency',
      ),
    ],
  },
  {
    key: 'users',
    label: { ru: 'Пользователи', en: 'Users' },
    permissions: [
      role('ROLE_USER_LIST', 'Пользователи: список', 'Users: list'),
      role('ROLE_USER_SHOW', 'Пользователи: просмотр', 'Users: show'),
      role('ROLE_USER_EDIT', 'Пользователи: редактирование', 'Users: edit'),
      role('ROLE_USER_CREATE', 'Пользователи: создание', 'Users: create'),
      role('ROLE_ALLOWED_TO_SWITCH', 'Вход под другим пользователем', 'Sign in as another user'),
      /** Grants any role but the administrator's to users and access groups (see mayGrant). */
      role('ROLE_GRANT_ANY_ROLE', 'Выдача любых прав', 'Grant any permission'),
      role(
        'ROLE_USER_REMOTE_ACCESS_SUBORDINATES',
        'Удалённый доступ подчинённых',
        'Remote access of subordinates',
      ),
    ],
  },
  {
    key: 'accessGroups',
    label: { ru: 'Группы доступа', en: 'Access groups' },
    permissions: [
      role('ROLE_ACCESS_GROUP_LIST', 'Группы доступа: список', 'Access groups: list'),
      role('ROLE_ACCESS_GROUP_SHOW', 'Группы доступа: просмотр', 'Access groups: show'),
      role('ROLE_ACCESS_GROUP_EDIT', 'Группы доступа: редактирование', 'Access groups: edit'),
      role('ROLE_ACCESS_GROUP_CREATE', 'Группы доступа: создание', 'Access groups: create'),
    ],
  },
  {
    key: 'changelog',
    label: { ru: 'Журнал изменений', en: 'Change log' },
    permissions: [role('ROLE_CHANGELOG_VIEW', 'Журнал изменений: просмотр', 'Change log: view')],
  },
  {
    key: 'payments',
    label: { ru: 'Платежи', en: 'Payments' },
    permissions: [
      ...scoped('ROLE_PAYMENT_LIST', 'Платежи: список', 'Payments: list'),
      role('ROLE_PAYMENT_CREATE', 'Платежи: создание', 'Payments: create'),
      ...scoped('ROLE_PAYMENT_DELETE', 'Платежи: удаление', 'Payments: delete'),
      role('ROLE_PAYMENT_LINKED', 'Платежи: привязанные', 'Payments: linked'),
      role('ROLE_PAYMENT_UNLINKED', 'Платежи: непривязанные', 'Payments: unlinked'),
      role('ROLE_PAYMENT_TOTALS', 'Платежи: итоги', 'Payments: totals'),
    ],
  },
  {
    key: 'orders',
    label: { ru: 'Заказы и работы', en: 'Orders and jobs' },
    permissions: [
      ...scoped('ROLE_ORDER_VIEW', 'Заказы: просмотр', 'Orders: view'),
      ...scoped('ROLE_ORDER_EDIT', 'Заказы: редактирование', 'Orders: edit'),
      ...scoped('ROLE_JOB_VIEW', 'Работы: просмотр', 'Jobs: view'),
      ...scoped('ROLE_JOB_EDIT', 'Работы: редактирование', 'Jobs: edit'),
      ...scoped('ROLE_STAGE_MANAGE', 'Этапы: управление', 'Stages: manage'),
      role('ROLE_ORDER_ARCHIVE', 'Архивирование заказов и работ', 'Archive orders and jobs'),
      role('ROLE_ORDER_CONSOLIDATION', 'Консолидация', 'Consolidation'),
      role('ROLE_ORDER_LIQUID', 'Ликвидность заказа', 'Order liquidity'),
      role('ROLE_ORDER_COUNTERPARTY_CHANGE', 'Смена контрагента', 'Change counterparty'),
      role('ROLE_ORDER_DECLARANT_ACCEPTANCE', 'Принятие декларантом', 'Declarant acceptance'),
      role(
        'ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE',
        'Смена таможенного специалиста',
        'Change customs specialist',
      ),
      role(
        'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
        'Принятие таможенным специалистом',
        'Customs specialist acceptance',
      ),
      role('ROLE_ORDER_COMPLETION_MARK', 'Отметка о завершении', 'Completion mark'),
      role('ROLE_ORDER_CARGO_DAMAGE', 'Повреждение груза', 'Cargo damage'),
      role('ROLE_ORDER_FINANCE_CONTROL', 'Финансовый контроль', 'Finance control'),
      role(
        'ROLE_ORDER_FINANCE_CONTROL_REASONS',
        'Причины статусов финансового контроля',
        'Finance control status reasons',
      ),
    ],
  },
  {
    key: 'forwarder',
    label: { ru: 'Экспедитор', en: 'Forwarder' },
    permissions: [
      role('ROLE_FORWARDER_VIEW', 'Экспедитор: просмотр', 'Forwarder: view'),
      role(
        'ROLE_FORWARDER_AUTO_ASSIGNMENT',
        'Правила автоназначения экспедиторов',
        "Forwarders' auto-assignment rules",
      ),
      role('ROLE_FORWARDER_STAGES', 'Экспедитор: этапы', 'Forwarder: stages'),
      role('ROLE_FORWARDER_TRADING', 'Экспедитор: торги', 'Forwarder: trading'),
      role('ROLE_STAGE_REOPEN', 'Повторное открытие этапа', 'Re-open a stage'),
      role('ROLE_IGNORE_MANAGEMENT_LOCK', 'Игнорировать блокировку руководства', 'Ignore management lock'),
      role(
        'ROLE_IGNORE_STAGE_CLOSURE_CHECKS',
        'Игнорировать проверки закрытия этапа',
        'Ignore stage-closure checks',
      ),
      role(
        'ROLE_ARCHIVED_OPERATION_FILE_UPLOAD',
        'Загрузка файлов в архивные заказы и работы',
        'Upload files to archived orders and jobs',
      ),
      role('ROLE_REPRESENTATIVE', 'Представитель', 'Representative'),
    ],
  },
  {
    key: 'internalTransfers',
    label: { ru: 'Внутренние переводы', en: 'Internal transfers' },
    permissions: [
      role('ROLE_INTERNAL_TRANSFER_VIEW', 'Внутренние переводы: просмотр', 'Internal transfers: view'),
      role('ROLE_INTERNAL_TRANSFER_CREATE', 'Внутренние переводы: создание', 'Internal transfers: create'),
      role('ROLE_INTERNAL_TRANSFER_PLAN', 'Внутренние переводы: план', 'Internal transfers: plan'),
      role(
        'ROLE_AUTOMATIC_TRANSFER_RULES',
        'Автоматические переводы: правила и запуск',
        'Automatic transfers: rules and runs',
      ),
    ],
  },
  {
    key: 'counterparties',
    label: { ru: 'Клиенты и подрядчики', en: 'Clients and contractors' },
    permissions: [
      role('ROLE_COUNTERPARTY_SET_TYPE', 'Контрагенты: установка типа', 'Counterparties: set type'),
      ...scoped('ROLE_COUNTERPARTY_VIEW', 'Контрагенты: просмотр', 'Counterparties: view'),
      ...scoped('ROLE_COUNTERPARTY_EDIT', 'Контрагенты: редактирование', 'Counterparties: edit'),
      role('ROLE_COUNTERPARTY_MANAGERS', 'Контрагенты: менеджеры', 'Counterparties: managers'),
      role('ROLE_COUNTERPARTY_STATUS', 'Контрагенты: статус', 'Counterparties: status'),
      role(
        'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
        'Контрагенты: превышение кредитного лимита',
        'Counterparties: exceed credit limit',
      ),
      role('ROLE_COUNTERPARTY_BLACK_LIST', 'Контрагенты: чёрный список', 'Counterparties: black list'),
      role(
        'ROLE_COUNTERPARTY_LIQUID_ACCESS',
        'Контрагенты: доступ к ликвидности',
        'Counterparties: liquidity access',
      ),
      role('ROLE_COUNTERPARTY_FIRST_CONTACT', 'Контрагенты: первый контакт', 'Counterparties: first contact'),
      role(
        'ROLE_COUNTERPARTY_PAYMENT_CONDITIONS',
        'Контрагенты: условия оплаты',
        'Counterparties: payment conditions',
      ),
      role(
        'ROLE_COUNTERPARTY_RESTORED_MARK',
        'Контрагенты: отметка о восстановлении',
        'Counterparties: restored mark',
      ),
      role(
        'ROLE_COUNTERPARTY_DIFFICULT_MARK',
        'Контрагенты: отметка «сложный»',
        'Counterparties: difficult mark',
      ),
      role('ROLE_COUNTERPARTY_NAME_EDIT', 'Контрагенты: изменение названия', 'Counterparties: edit name'),
      role(
        'ROLE_COUNTERPARTY_APPLICATION_TOGGLE',
        'Контрагенты: включение заявки',
        'Counterparties: application toggle',
      ),
      role(
        'ROLE_COUNTERPARTY_BONUS_PAYMENT_WINDOW',
        'Контрагенты: окно оплаты для бонусов',
        'Counterparties: bonus payment window',
      ),
      role('ROLE_COUNTERPARTY_API_KEYS', 'Контрагенты: ключи API', 'Counterparties: API keys'),
      role('ROLE_COUNTERPARTY_MERGE', 'Контрагенты: объединение', 'Counterparties: merge'),
      role(
        'ROLE_COUNTERPARTY_SIMILAR_SEARCH',
        'Контрагенты: поиск похожих',
        'Counterparties: similar search',
      ),
      role('ROLE_COUNTERPARTY_FEATURES', 'Контрагенты: особенности', 'Counterparties: features'),
    ],
  },
  {
    key: 'carriers',
    label: { ru: 'Перевозчики', en: 'Carriers' },
    permissions: [
      role(
        'ROLE_DRIVER_VERIFICATION',
        'Водители перевозчиков: проверка личности',
        "Carriers' drivers: identity verification",
      ),
    ],
  },
  {
    key: 'printableBills',
    label: { ru: 'Счета на оплату', en: 'Printable bills' },
    permissions: [
      role('ROLE_PRINTABLE_BILL_VIEW', 'Счета на оплату: просмотр', 'Printable bills: view'),
      role('ROLE_PRINTABLE_BILL_EDIT', 'Счета на оплату: редактирование', 'Printable bills: edit'),
      role('ROLE_PRINTABLE_BILL_DELETE', 'Счета на оплату: удаление', 'Printable bills: delete'),
      role(
        'ROLE_PRINTABLE_BILL_CHANGE_DATE',
        'Счета на оплату: изменение даты',
        'Printable bills: change date',
      ),
      role('ROLE_PRINTABLE_BILL_NUMBER', 'Счета на оплату: номер', 'Printable bills: number'),
      role(
        'ROLE_PRINTABLE_BILL_PROCESSED',
        'Счета на оплату: статус «обработан»',
        'Printable bills: processed status',
      ),
      role(
        'ROLE_PRINTABLE_BILL_CERTIFICATE',
        'Счета на оплату: данные акта',
        'Printable bills: certificate data',
      ),
      role('ROLE_PRINTABLE_BILL_TEMPLATES', 'Счета на оплату: шаблоны', 'Printable bills: templates'),
      role('ROLE_PRINTABLE_BILL_CREATE', 'Счета на оплату: создание', 'Printable bills: create'),
      role('ROLE_PRINTABLE_BILL_XML_EXPORT', 'Счета на оплату: выгрузка XML', 'Printable bills: XML export'),
      role(
        'ROLE_PRINTABLE_BILL_UNLINKED_VIEW',
        'Счета на оплату: просмотр непривязанных',
        'Printable bills: view unlinked',
      ),
    ],
  },
  {
    key: 'bills',
    label: { ru: 'Счета', en: 'Bills' },
    permissions: [
      role('ROLE_BILL_CREATE', 'Счета: создание', 'Bills: create'),
      ...scoped('ROLE_BILL_VIEW', 'Счета: просмотр', 'Bills: view'),
      ...scoped('ROLE_BILL_EDIT', 'Счета: редактирование', 'Bills: edit'),
      role('ROLE_BILL_DELETE', 'Счета: удаление', 'Bills: delete'),
      role('ROLE_BILL_COUNTER', 'Счета: встречные счета', 'Bills: counter bills'),
      role('ROLE_BILL_BUDGET_CHANGE', 'Счета: смена бюджета', 'Bills: change budget'),
      role('ROLE_BILL_MATERIAL_ASSETS', 'Счета: материальные ценности', 'Bills: material assets'),
      role('ROLE_BUDGET_EDIT', 'Бюджеты: управление доступом', 'Budgets: manage access'),
      role('ROLE_DIRECT_BILL_CREATE', 'Прямые счета: создание', 'Direct bills: create'),
      role('ROLE_DIRECT_BILL_VIEW', 'Прямые счета: просмотр', 'Direct bills: view'),
      role('ROLE_DIRECT_BILL_DELETE', 'Прямые счета: удаление', 'Direct bills: delete'),
      role('ROLE_OVERHEAD_BILL_CREATE', 'Накладные счета: создание', 'Overhead bills: create'),
      role('ROLE_OVERHEAD_BILL_VIEW', 'Накладные счета: просмотр', 'Overhead bills: view'),
      role('ROLE_OVERHEAD_BILL_DELETE', 'Накладные счета: удаление', 'Overhead bills: delete'),
      role(
        'ROLE_RECOGNITION_DATE_IGNORE_LOCK',
        'Дата признания: игнорировать блокировку',
        'Recognition date: ignore lock',
      ),
      role('ROLE_RECOGNITION_DATE_CHANGE', 'Дата признания: изменение', 'Recognition date: change'),
    ],
  },
  {
    key: 'customs',
    label: { ru: 'Таможня', en: 'Customs' },
    permissions: [
      role('ROLE_CUSTOMS_POINT_VIEW', 'Таможенные посты: просмотр', 'Customs points: view'),
      role('ROLE_CUSTOMS_POINT_EDIT', 'Таможенные посты: редактирование', 'Customs points: edit'),
      ...scoped('ROLE_CUSTOMS_REPORT', 'Таможенный отчёт', 'Customs report'),
      role('ROLE_TRANSPORT_ORDER_TEMPLATES', 'Шаблоны заявок перевозчику', 'Transport order templates'),
      role('ROLE_CUSTOMS_SETTINGS', 'Таможня: настройки', 'Customs: settings'),
      role(
        'ROLE_CTO_AUTO_ASSIGNMENT',
        'Правила автоназначения таможенных специалистов',
        "Customs specialists' auto-assignment rules",
      ),
      ...scoped('ROLE_CUSTOMS_DECLARATION_VIEW', 'Декларации (ДТ): просмотр', 'Declarations (DT): view'),
      role('ROLE_CUSTOMS_DECLARATION_EDIT', 'Декларации (ДТ): редактирование', 'Declarations (DT): edit'),
      role(
        'ROLE_CUSTOMS_DECLARATION_STATUS',
        'Декларации (ДТ): сообщения таможни',
        'Declarations (DT): customs messages',
      ),
    ],
  },
  {
    key: 'requests',
    label: { ru: 'Запросы', en: 'Requests' },
    permissions: [
      ...scoped('ROLE_REQUEST_VIEW', 'Запросы: просмотр', 'Requests: view'),
      role('ROLE_REQUEST_CREATE', 'Запросы: создание', 'Requests: create'),
      role('ROLE_REQUEST_SUBSTITUTE', 'Запросы: замещение', 'Requests: substitute'),
      role('ROLE_REQUEST_COMPLEX_MARK', 'Запросы: отметка «комплексный»', 'Requests: complex mark'),
      role(
        'ROLE_REQUEST_EXECUTION_COMMENT',
        'Запросы: комментарий исполнения',
        'Requests: execution comment',
      ),
      role('ROLE_REQUEST_OFFERS_DISABLE', 'Запросы: отключение предложений', 'Requests: disable offers'),
      role('ROLE_REQUEST_LINK_ANY_ORDER', 'Запросы: привязка любого заказа', 'Requests: link any order'),
      role('ROLE_REQUEST_OFFER_TEMPLATES', 'Запросы: шаблоны предложений', 'Requests: offer templates'),
      role('ROLE_REQUEST_QUOTE_TEMPLATE', 'Запросы: шаблон котировки', 'Requests: quote template'),
      role('ROLE_REQUEST_SEND_QUOTE', 'Запросы: отправка котировки', 'Requests: send quote'),
      role('ROLE_REQUEST_SEND_TO_CONTRACTOR', 'Запросы: отправка подрядчику', 'Requests: send to contractor'),
      role('ROLE_REQUEST_TNVED_COMMENT', 'Запросы: комментарий ТН ВЭД', 'Requests: TNVED comment'),
      role(
        'ROLE_REQUEST_CUSTOMS_SPECIALIST',
        'Запросы: таможенный специалист',
        'Requests: customs specialist',
      ),
      role(
        'ROLE_REQUEST_CUSTOMS_PROCESSING',
        'Запросы: таможенное оформление',
        'Requests: customs processing',
      ),
      role('ROLE_REQUEST_COMPUTED_OFFERS', 'Запросы: расчётные предложения', 'Requests: computed offers'),
      role(
        'ROLE_REQUEST_MARK_QUOTE_COMPLETE',
        'Запросы: отметка о готовности котировки',
        'Requests: mark quote complete',
      ),
    ],
  },
  {
    key: 'hyperRequests',
    label: { ru: 'Гиперзапросы', en: 'Hyper requests' },
    permissions: [
      role('ROLE_HYPER_REQUEST_VIEW', 'Гиперзапросы: просмотр', 'Hyper requests: view'),
      role('ROLE_HYPER_REQUEST_EDIT', 'Гиперзапросы: редактирование', 'Hyper requests: edit'),
    ],
  },
  {
    key: 'reports',
    label: { ru: 'Отчёты', en: 'Reports' },
    permissions: [
      ...scoped('ROLE_REPORT_GROSS_PROFIT', 'Отчёт: валовая прибыль', 'Report: gross profit'),
      ...scoped('ROLE_REPORT_BONUS_PROFIT', 'Отчёт: бонусная прибыль', 'Report: bonus profit'),
      ...scoped('ROLE_REPORT_MARGINAL_INCOME', 'Отчёт: маржинальный доход', 'Report: marginal income'),
      ...scoped('ROLE_REPORT_PROFITABILITY', 'Отчёт: рентабельность', 'Report: profitability'),
      ...scoped('ROLE_REPORT_PRODUCTIVITY', 'Отчёт: удельная производительность', 'Report: productivity'),
      ...scoped('ROLE_REPORT_DSO', 'Отчёт: DSO', 'Report: DSO'),
      ...scoped('ROLE_REPORT_DPO', 'Отчёт: DPO', 'Report: DPO'),
      ...scoped('ROLE_REPORT_CCC', 'Отчёт: CCC', 'Report: CCC'),
      ...scoped(
        'ROLE_REPORT_ACCOUNTS_RECEIVABLE',
        'Отчёт: дебиторская задолженность',
        'Report: accounts receivable',
      ),
      ...scoped('ROLE_REPORT_NEW_CLIENTS', 'Отчёт: новые клиенты', 'Report: new clients'),
      ...scoped(
        'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM',
        'Отчёт: заказы по формам оплаты',
        'Report: orders by payment form',
      ),
      ...scoped(
        'ROLE_REPORT_BOOKS',
        'Отчёты: оборотно-сальдовая ведомость, обороты счёта, деньги, акт сверки',
        'Reports: trial balance, account turnover, cash, reconciliation',
      ),
      role('ROLE_REPORT_PLAN_FACT', 'Отчёт: план-факт', 'Report: plan-fact'),
      role('ROLE_REPORT_PCC_ANALYTICS', 'Отчёт: аналитика кабинета клиента', 'Report: PCC analytics'),
      role('ROLE_REPORT_READY_ORDERS', 'Отчёт: готовые заказы', 'Report: ready orders'),
      role('ROLE_REPORT_FINANCE_REGISTRY', 'Отчёт: финансовый реестр', 'Report: finance registry'),
      role('ROLE_REPORT_VAT0_PREVIEW', 'НДС 0%: просмотр', 'VAT 0%: preview'),
      role('ROLE_REPORT_VAT0_EXPORT', 'НДС 0%: выгрузка', 'VAT 0%: export'),
    ],
  },
  {
    key: 'documents',
    label: { ru: 'Документы', en: 'Documents' },
    permissions: [
      role('ROLE_DOCUMENT_VIEW', 'Документы: просмотр', 'Documents: view'),
      role('ROLE_DOCUMENT_EDIT', 'Документы: редактирование', 'Documents: edit'),
    ],
  },
  {
    key: 'announcements',
    label: { ru: 'Объявления', en: 'Announcements' },
    permissions: [
      role('ROLE_ANNOUNCEMENT_EDIT_ALL', 'Объявления: редактирование всех', 'Announcements: edit all'),
      role(
        'ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW',
        'Объявления: просмотр журнала правок',
        'Announcements: view edit log',
      ),
      role(
        'ROLE_ANNOUNCEMENT_IMPORTANT_EDIT',
        'Объявления: отметка «важное»',
        'Announcements: edit important flag',
      ),
      role(
        'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY',
        'Объявления: ответ на жалобы',
        'Announcements: reply to complaints',
      ),
    ],
  },
  {
    key: 'companyStructure',
    label: { ru: 'Структура компании', en: 'Company structure' },
    permissions: [
      role('ROLE_COMPANY_STRUCTURE_VIEW', 'Структура компании: просмотр', 'Company structure: view'),
      role('ROLE_COMPANY_STRUCTURE_EDIT', 'Структура компании: редактирование', 'Company structure: edit'),
    ],
  },
  {
    key: 'staffPositions',
    label: { ru: 'Должности', en: 'Staff positions' },
    permissions: [role('ROLE_STAFF_POSITION_EDIT', 'Должности: редактирование', 'Staff positions: edit')],
  },
  {
    key: 'avatars',
    label: { ru: 'Аватары', en: 'Avatars' },
    permissions: [role('ROLE_AVATAR_EDIT', 'Аватары: редактирование', 'Avatars: edit')],
  },
  {
    key: 'birthday',
    label: { ru: 'Дни рождения', en: 'Birthdays' },
    permissions: [role('ROLE_BIRTHDAY_EDIT', 'Дни рождения: редактирование', 'Birthdays: edit')],
  },
  {
    key: 'warehouse',
    label: { ru: 'Склад', en: 'Warehouse' },
    permissions: [
      role('ROLE_WAREHOUSE_EVENTS', 'Склад: события', 'Warehouse: events'),
      role('ROLE_WAREHOUSE_ACCOUNTING_VIEW', 'Складской учёт: просмотр', 'Warehouse accounting: view'),
      role('ROLE_WAREHOUSE_ACCOUNTING_EDIT', 'Складской учёт: редактирование', 'Warehouse accounting: edit'),
      role('ROLE_WMS_FORCED_MANAGEMENT', 'WMS: принудительное управление', 'WMS: forced management'),
    ],
  },
  {
    key: 'acquiring',
    label: { ru: 'Эквайринг', en: 'Acquiring' },
    permissions: [
      role('ROLE_ACQUIRING_MANAGE', 'Эквайринг: управление', 'Acquiring: manage'),
      ...scoped('ROLE_ACQUIRING_VIEW', 'Эквайринг: просмотр', 'Acquiring: view'),
    ],
  },
  {
    key: 'materialAssets',
    label: { ru: 'Материальные ценности', en: 'Material assets' },
    permissions: [role('ROLE_MATERIAL_ASSETS', 'Материальные ценности', 'Material assets')],
  },
  {
    key: 'marking',
    label: { ru: 'Маркировка', en: 'Marking' },
    permissions: [role('ROLE_MARKING_STATUS', 'Статус маркировки', 'Marking status')],
  },
  {
    key: 'dataImport',
    label: { ru: 'Импорт данных', en: 'Data import' },
    permissions: [role('ROLE_DATA_IMPORT', 'Импорт данных', 'Data import')],
  },
  {
    key: 'tasks',
    label: { ru: 'Сервис задач', en: 'Tasks service' },
    permissions: [
      role('ROLE_TASKS_ACCESS', 'Сервис задач: доступ', 'Tasks service: access'),
      role('ROLE_TASKS_ADMIN', 'Сервис задач: администрирование', 'Tasks service: administration'),
      role(
        'ROLE_TASKS_MARK_CONFIDENTIAL',
        'Сервис задач: отметка «конфиденциально»',
        'Tasks service: mark confidential',
      ),
    ],
  },
  {
    key: 'insurance',
    label: { ru: 'Страхование', en: 'Insurance' },
    permissions: [
      role('ROLE_INSURANCE_BANK_INSURER', 'Доступ банка-страховщика', 'Bank-insurer access'),
      role('ROLE_INSURANCE_CASE_REMOVE', 'Удаление страховых случаев', 'Remove insurance cases'),
      role('ROLE_INSURANCE_STATUS_READY', 'Статус страхования «готово»', 'Insurance status ready'),
    ],
  },
  {
    key: 'settings',
    label: { ru: 'Управление настройками', en: 'Settings management' },
    permissions: [
      role('ROLE_SETTINGS_BANKS', 'Настройки: банки', 'Settings: banks'),
      role('ROLE_SETTINGS_CURRENCIES', 'Настройки: валюты', 'Settings: currencies'),
      role('ROLE_SETTINGS_CURRENCY_RATES', 'Настройки: курсы валют', 'Settings: currency rates'),
      role('ROLE_SETTINGS_COUNTRIES', 'Настройки: страны', 'Settings: countries'),
      role(
        'ROLE_SETTINGS_LOADING_UNLOADING_METHODS',
        'Настройки: способы погрузки и выгрузки',
        'Settings: loading and unloading methods',
      ),
      role('ROLE_SETTINGS_SERVICE_OFFICES', 'Настройки: офисы', 'Settings: offices'),
      role('ROLE_SETTINGS_VEHICLE_TYPES', 'Настройки: типы транспорта', 'Settings: vehicle types'),
      role('ROLE_SETTINGS_PAYMENT_FORMS', 'Настройки: формы оплаты', 'Settings: payment forms'),
      role('ROLE_SETTINGS_STAGE_TYPES', 'Настройки: типы этапов', 'Settings: stage types'),
      role(
        'ROLE_SETTINGS_REQUEST_OFFER_TYPES',
        'Настройки: типы предложений запроса',
        'Settings: request offer types',
      ),
      role('ROLE_SETTINGS_CUSTOM_FIELDS', 'Настройки: пользовательские поля', 'Settings: custom fields'),
      role('ROLE_SETTINGS_AGREEMENT_TYPES', 'Настройки: типы договоров', 'Settings: agreement types'),
      role(
        'ROLE_SETTINGS_COUNTERPARTY_STATUSES',
        'Настройки: статусы контрагентов',
        'Settings: counterparty statuses',
      ),
      role('ROLE_SETTINGS_USER_LISTS', 'Настройки: пользовательские списки', 'Settings: user lists'),
      role('ROLE_SETTINGS_HOLIDAYS', 'Настройки: праздники', 'Settings: holidays'),
      role('ROLE_SETTINGS_FILE_TAGS', 'Настройки: метки файлов', 'Settings: file tags'),
      role('ROLE_SETTINGS_COURIERS', 'Настройки: курьерские службы', 'Settings: couriers'),
      role('ROLE_SETTINGS_TEMPLATES', 'Настройки: шаблоны', 'Settings: templates'),
      role(
        'ROLE_SETTINGS_WORKFLOW_ACCESS',
        'Настройки: доступ к рабочим процессам',
        'Settings: workflow access',
      ),
      role('ROLE_SETTINGS_WORKFLOW', 'Настройки: рабочие процессы', 'Settings: workflows'),
      role('ROLE_SETTINGS_LEGAL_ENTITIES', 'Настройки: юридические лица', 'Settings: legal entities'),
      role('ROLE_SETTINGS_SHIPMENT_TERMS', 'Настройки: условия поставки', 'Settings: shipment terms'),
      /** System settings: the options screen /options/main. */
      role('ROLE_SETTINGS_SYSTEM', 'Настройки: системные параметры', 'Settings: system settings'),
      role('ROLE_SETTINGS_CARGO_INSURANCE', 'Настройки: страхование грузов', 'Settings: cargo insurance'),
      role('ROLE_SETTINGS_CONTACT_INFO_TYPES', 'Настройки: контактная информация', 'Settings: contact info'),
      role('ROLE_SETTINGS_USER_POSITIONS', 'Настройки: должности пользователей', 'Settings: user positions'),
      /** The TMS catalogue: services, products and job types (/tms/services, /tms/products, /tms/job-types). */
      role('ROLE_SETTINGS_SERVICES', 'Настройки: услуги', 'Settings: services'),
      role('ROLE_SETTINGS_PRODUCTS', 'Настройки: продукты', 'Settings: products'),
      role('ROLE_SETTINGS_JOB_TYPES', 'Настройки: типы работ', 'Settings: job types'),
    ],
  },
  {
    key: 'cabinets',
    label: { ru: 'Пользователи кабинетов', en: 'Cabinet users' },
    permissions: [
      role('ROLE_CABINET_USERS_CLIENT', 'Пользователи кабинета клиента', 'Client cabinet users'),
      role('ROLE_CABINET_USERS_CONTRACTOR', 'Пользователи кабинета подрядчика', 'Contractor cabinet users'),
      role('ROLE_CABINET_USERS_CARRIER', 'Пользователи кабинета перевозчика', 'Carrier cabinet users'),
      role('ROLE_CABINET_USERS_PCC_PVC', 'Пользователи кабинетов PCC/PVC', 'PCC/PVC cabinet users'),
    ],
  },
] as const;

/**
 * A role of the catalogue: the union of its literals, so a mistyped role in a route's `config.roles`, a
 * descriptor's roles or a menu entry is a type error.
 */
export type Role = (typeof FAMILIES)[number]['permissions'][number]['role'];

export const PERMISSION_FAMILIES: readonly PermissionFamily[] = FAMILIES;

/** Every role of the catalogue, in catalogue order. */
export const ALL_ROLES: readonly Role[] = FAMILIES.flatMap((family) => family.permissions.map((p) => p.role));

const LABELS = new Map<string, Label>(
  PERMISSION_FAMILIES.flatMap((family) => family.permissions.map((p) => [p.role, p.label] as const)),
);

export function isKnownRole(role: string): role is Role {
  return LABELS.has(role);
}

/** The role's label in a language; an unknown role (e.g. one retired from the catalogue) shows its name. */
export function roleLabel(role: string, lang: 'ru' | 'en'): string {
  return LABELS.get(role)?.[lang] ?? role;
}

/** Every scope of a permission the user holds, widest first; the administrator holds 'all'. */
export function scopesHeld(roles: ReadonlySet<string>, permission: string): Scope[] {
  if (!isScopedPermission(permission)) return [];
  if (roles.has('ROLE_ADMIN')) return ['all'];
  const available: readonly Scope[] = SCOPE_SETS[permission];
  return SCOPES_WIDEST_FIRST.filter(
    (scope) => available.includes(scope) && roles.has(scopedRole(permission, scope)),
  );
}

/** The widest scope of a permission the user holds, or null when none. */
export function scopeOf(roles: ReadonlySet<string>, permission: string): Scope | null {
  return scopesHeld(roles, permission)[0] ?? null;
}

/** Every role granting some scope of a permission: for route guards ("holds any scope"). */
export function rolesOfScopedPermission<P extends ScopedPermission>(permission: P): ScopedRoleOf<P>[] {
  return (SCOPE_SETS[permission] as readonly ScopesOf<P>[]).map((scope) => scopedRole(permission, scope));
}

/** What `can` asks for: a role, or a scoped permission's name standing for any of its scopes. */
export type Permission = Role | ScopedPermission;

/**
 * The one access rule: the principal holds the administrator role (which grants everything) or at least
 * one of the wanted roles; a scoped permission's name (ROLE_ORDER_VIEW) is held with any of its scopes,
 * `scope` asks for one scope exactly. Nothing wanted: only the administrator passes (callers for which
 * "no roles declared" means "everyone" say so before asking).
 *
 *     can(user.roles, ROLE_CHANGELOG_VIEW)
 *     can(user.roles, [ROLE_USER_LIST, ROLE_USER_SHOW])
 *     can(user.roles, ROLE_ORDER_VIEW)            // any scope
 *     can(user.roles, ROLE_ORDER_VIEW, 'office')  // ROLE_ORDER_VIEW_OFFICE
 */
export function can(
  held: ReadonlySet<string> | readonly string[],
  wanted: Permission | readonly Permission[],
  scope?: Scope,
): boolean {
  const holds = (role: string) =>
    held instanceof Set ? held.has(role) : (held as readonly string[]).includes(role);
  if (holds('ROLE_ADMIN')) return true;
  const list: readonly Permission[] = typeof wanted === 'string' ? [wanted] : wanted;
  return list.some((permission) => {
    if (!isScopedPermission(permission)) return scope === undefined && holds(permission);
    if (scope !== undefined) {
      return (
        (SCOPE_SETS[permission] as readonly Scope[]).includes(scope) && holds(scopedRole(permission, scope))
      );
    }
    return rolesOfScopedPermission(permission).some(holds);
  });
}

/**
 * Whoever holds every one of `roles` (the administrator holds them all): an impersonated user must be
 * no more than the impersonator.
 */
export function holdsAll(held: ReadonlySet<string> | readonly string[], roles: readonly string[]): boolean {
  const set = held instanceof Set ? held : new Set(held);
  return set.has('ROLE_ADMIN') || roles.every((role) => set.has(role));
}

/**
 * The grant rule: a user gives others (directly or through an access group) only roles they hold
 * themselves, so managing users is no way to raise one's own rights; ROLE_GRANT_ANY_ROLE may give any
 * role, and only the administrator gives (or takes away) the administrator role.
 */
export function mayGrant(held: ReadonlySet<string> | readonly string[], role: string): boolean {
  const set = held instanceof Set ? held : new Set(held);
  if (set.has('ROLE_ADMIN')) return true;
  if (role === 'ROLE_ADMIN') return false;
  return set.has('ROLE_GRANT_ANY_ROLE') || set.has(role);
}
