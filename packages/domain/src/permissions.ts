/**
 * The permission catalogue of spec §6: every ROLE_* grouped by family, with Russian and English labels.
 * Scoped permissions come as sets: own / office / all, own / related / office / all (orders and jobs), or
 * own / related / manager office / payment-form office / subordinates / all; the widest scope a user holds
 * wins (see scopeOf).
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

/** Grants every permission. */
export const ROLE_ADMIN = 'ROLE_ADMIN';

// Users and access (spec §6 "Users")
export const ROLE_USER_LIST = 'ROLE_USER_LIST';
export const ROLE_USER_SHOW = 'ROLE_USER_SHOW';
export const ROLE_USER_EDIT = 'ROLE_USER_EDIT';
export const ROLE_USER_CREATE = 'ROLE_USER_CREATE';
export const ROLE_ALLOWED_TO_SWITCH = 'ROLE_ALLOWED_TO_SWITCH';
export const ROLE_USER_REMOTE_ACCESS_SUBORDINATES = 'ROLE_USER_REMOTE_ACCESS_SUBORDINATES';
export const ROLE_ACCESS_GROUP_LIST = 'ROLE_ACCESS_GROUP_LIST';
export const ROLE_ACCESS_GROUP_SHOW = 'ROLE_ACCESS_GROUP_SHOW';
export const ROLE_ACCESS_GROUP_EDIT = 'ROLE_ACCESS_GROUP_EDIT';
export const ROLE_ACCESS_GROUP_CREATE = 'ROLE_ACCESS_GROUP_CREATE';
export const ROLE_CHANGELOG_VIEW = 'ROLE_CHANGELOG_VIEW';
/** Notifications, unread announcements, recent documents and the system currency (spec §6). */
export const ROLE_COMPANY_CHAPTERS = 'ROLE_COMPANY_CHAPTERS';

// Payments
export const ROLE_PAYMENT_LIST_OFFICE = 'ROLE_PAYMENT_LIST_OFFICE';
export const ROLE_PAYMENT_LIST_ALL = 'ROLE_PAYMENT_LIST_ALL';
export const ROLE_PAYMENT_CREATE = 'ROLE_PAYMENT_CREATE';
export const ROLE_PAYMENT_DELETE_OWN = 'ROLE_PAYMENT_DELETE_OWN';
export const ROLE_PAYMENT_DELETE_OFFICE = 'ROLE_PAYMENT_DELETE_OFFICE';
export const ROLE_PAYMENT_DELETE_ALL = 'ROLE_PAYMENT_DELETE_ALL';
export const ROLE_PAYMENT_LINKED = 'ROLE_PAYMENT_LINKED';
export const ROLE_PAYMENT_UNLINKED = 'ROLE_PAYMENT_UNLINKED';
export const ROLE_PAYMENT_TOTALS = 'ROLE_PAYMENT_TOTALS';

// Orders and jobs
export const ROLE_ORDER_VIEW_OWN = 'ROLE_ORDER_VIEW_OWN';
export const ROLE_ORDER_VIEW_RELATED = 'ROLE_ORDER_VIEW_RELATED';
export const ROLE_ORDER_VIEW_OFFICE = 'ROLE_ORDER_VIEW_OFFICE';
export const ROLE_ORDER_VIEW_ALL = 'ROLE_ORDER_VIEW_ALL';
export const ROLE_ORDER_EDIT_OWN = 'ROLE_ORDER_EDIT_OWN';
export const ROLE_ORDER_EDIT_RELATED = 'ROLE_ORDER_EDIT_RELATED';
export const ROLE_ORDER_EDIT_OFFICE = 'ROLE_ORDER_EDIT_OFFICE';
export const ROLE_ORDER_EDIT_ALL = 'ROLE_ORDER_EDIT_ALL';
export const ROLE_JOB_VIEW_OWN = 'ROLE_JOB_VIEW_OWN';
export const ROLE_JOB_VIEW_RELATED = 'ROLE_JOB_VIEW_RELATED';
export const ROLE_JOB_VIEW_OFFICE = 'ROLE_JOB_VIEW_OFFICE';
export const ROLE_JOB_VIEW_ALL = 'ROLE_JOB_VIEW_ALL';
export const ROLE_JOB_EDIT_OWN = 'ROLE_JOB_EDIT_OWN';
export const ROLE_JOB_EDIT_RELATED = 'ROLE_JOB_EDIT_RELATED';
export const ROLE_JOB_EDIT_OFFICE = 'ROLE_JOB_EDIT_OFFICE';
export const ROLE_JOB_EDIT_ALL = 'ROLE_JOB_EDIT_ALL';
export const ROLE_STAGE_MANAGE_OWN = 'ROLE_STAGE_MANAGE_OWN';
export const ROLE_STAGE_MANAGE_RELATED = 'ROLE_STAGE_MANAGE_RELATED';
export const ROLE_STAGE_MANAGE_OFFICE = 'ROLE_STAGE_MANAGE_OFFICE';
export const ROLE_STAGE_MANAGE_ALL = 'ROLE_STAGE_MANAGE_ALL';
export const ROLE_ORDER_ARCHIVE = 'ROLE_ORDER_ARCHIVE';
export const ROLE_ORDER_CONSOLIDATION = 'ROLE_ORDER_CONSOLIDATION';
export const ROLE_ORDER_LIQUID = 'ROLE_ORDER_LIQUID';
export const ROLE_ORDER_COUNTERPARTY_CHANGE = 'ROLE_ORDER_COUNTERPARTY_CHANGE';
export const ROLE_ORDER_DECLARANT_ACCEPTANCE = 'ROLE_ORDER_DECLARANT_ACCEPTANCE';
export const ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE = 'ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE';
export const ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE = 'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE';
export const ROLE_ORDER_COMPLETION_MARK = 'ROLE_ORDER_COMPLETION_MARK';
export const ROLE_ORDER_CARGO_DAMAGE = 'ROLE_ORDER_CARGO_DAMAGE';
export const ROLE_ORDER_FINANCE_CONTROL = 'ROLE_ORDER_FINANCE_CONTROL';
export const ROLE_ORDER_FINANCE_CONTROL_REASONS = 'ROLE_ORDER_FINANCE_CONTROL_REASONS';

// Forwarder
export const ROLE_FORWARDER_VIEW = 'ROLE_FORWARDER_VIEW';
export const ROLE_FORWARDER_STAGES = 'ROLE_FORWARDER_STAGES';
export const ROLE_FORWARDER_TRADING = 'ROLE_FORWARDER_TRADING';
export const ROLE_STAGE_REOPEN = 'ROLE_STAGE_REOPEN';
export const ROLE_IGNORE_MANAGEMENT_LOCK = 'ROLE_IGNORE_MANAGEMENT_LOCK';
export const ROLE_IGNORE_STAGE_CLOSURE_CHECKS = 'ROLE_IGNORE_STAGE_CLOSURE_CHECKS';
export const ROLE_ARCHIVED_OPERATION_FILE_UPLOAD = 'ROLE_ARCHIVED_OPERATION_FILE_UPLOAD';
export const ROLE_REPRESENTATIVE = 'ROLE_REPRESENTATIVE';

// Internal transfers
export const ROLE_INTERNAL_TRANSFER_VIEW = 'ROLE_INTERNAL_TRANSFER_VIEW';
export const ROLE_INTERNAL_TRANSFER_CREATE = 'ROLE_INTERNAL_TRANSFER_CREATE';
export const ROLE_INTERNAL_TRANSFER_PLAN = 'ROLE_INTERNAL_TRANSFER_PLAN';

// Clients and contractors
export const ROLE_COUNTERPARTY_SET_TYPE = 'ROLE_COUNTERPARTY_SET_TYPE';
export const ROLE_COUNTERPARTY_VIEW_OWN = 'ROLE_COUNTERPARTY_VIEW_OWN';
export const ROLE_COUNTERPARTY_VIEW_OFFICE = 'ROLE_COUNTERPARTY_VIEW_OFFICE';
export const ROLE_COUNTERPARTY_VIEW_ALL = 'ROLE_COUNTERPARTY_VIEW_ALL';
export const ROLE_COUNTERPARTY_EDIT_OWN = 'ROLE_COUNTERPARTY_EDIT_OWN';
export const ROLE_COUNTERPARTY_EDIT_OFFICE = 'ROLE_COUNTERPARTY_EDIT_OFFICE';
export const ROLE_COUNTERPARTY_EDIT_ALL = 'ROLE_COUNTERPARTY_EDIT_ALL';
export const ROLE_COUNTERPARTY_MANAGERS = 'ROLE_COUNTERPARTY_MANAGERS';
export const ROLE_COUNTERPARTY_STATUS = 'ROLE_COUNTERPARTY_STATUS';
export const ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED = 'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED';
export const ROLE_COUNTERPARTY_BLACK_LIST = 'ROLE_COUNTERPARTY_BLACK_LIST';
export const ROLE_COUNTERPARTY_LIQUID_ACCESS = 'ROLE_COUNTERPARTY_LIQUID_ACCESS';
export const ROLE_COUNTERPARTY_FIRST_CONTACT = 'ROLE_COUNTERPARTY_FIRST_CONTACT';
export const ROLE_COUNTERPARTY_PAYMENT_CONDITIONS = 'ROLE_COUNTERPARTY_PAYMENT_CONDITIONS';
export const ROLE_COUNTERPARTY_RESTORED_MARK = 'ROLE_COUNTERPARTY_RESTORED_MARK';
export const ROLE_COUNTERPARTY_DIFFICULT_MARK = 'ROLE_COUNTERPARTY_DIFFICULT_MARK';
export const ROLE_COUNTERPARTY_NAME_EDIT = 'ROLE_COUNTERPARTY_NAME_EDIT';
export const ROLE_COUNTERPARTY_APPLICATION_TOGGLE = 'ROLE_COUNTERPARTY_APPLICATION_TOGGLE';
export const ROLE_COUNTERPARTY_BONUS_PAYMENT_WINDOW = 'ROLE_COUNTERPARTY_BONUS_PAYMENT_WINDOW';
export const ROLE_COUNTERPARTY_API_KEYS = 'ROLE_COUNTERPARTY_API_KEYS';
export const ROLE_COUNTERPARTY_MERGE = 'ROLE_COUNTERPARTY_MERGE';
export const ROLE_COUNTERPARTY_SIMILAR_SEARCH = 'ROLE_COUNTERPARTY_SIMILAR_SEARCH';
export const ROLE_COUNTERPARTY_FEATURES = 'ROLE_COUNTERPARTY_FEATURES';

// Printable bills
export const ROLE_PRINTABLE_BILL_VIEW = 'ROLE_PRINTABLE_BILL_VIEW';
export const ROLE_PRINTABLE_BILL_EDIT = 'ROLE_PRINTABLE_BILL_EDIT';
export const ROLE_PRINTABLE_BILL_DELETE = 'ROLE_PRINTABLE_BILL_DELETE';
export const ROLE_PRINTABLE_BILL_CHANGE_DATE = 'ROLE_PRINTABLE_BILL_CHANGE_DATE';
export const ROLE_PRINTABLE_BILL_NUMBER = 'ROLE_PRINTABLE_BILL_NUMBER';
export const ROLE_PRINTABLE_BILL_PROCESSED = 'ROLE_PRINTABLE_BILL_PROCESSED';
export const ROLE_PRINTABLE_BILL_CERTIFICATE = 'ROLE_PRINTABLE_BILL_CERTIFICATE';
export const ROLE_PRINTABLE_BILL_TEMPLATES = 'ROLE_PRINTABLE_BILL_TEMPLATES';
export const ROLE_PRINTABLE_BILL_CREATE = 'ROLE_PRINTABLE_BILL_CREATE';
export const ROLE_PRINTABLE_BILL_XML_EXPORT = 'ROLE_PRINTABLE_BILL_XML_EXPORT';
export const ROLE_PRINTABLE_BILL_UNLINKED_VIEW = 'ROLE_PRINTABLE_BILL_UNLINKED_VIEW';

// Bills
export const ROLE_BILL_CREATE = 'ROLE_BILL_CREATE';
export const ROLE_BILL_VIEW_OWN = 'ROLE_BILL_VIEW_OWN';
export const ROLE_BILL_VIEW_RELATED = 'ROLE_BILL_VIEW_RELATED';
export const ROLE_BILL_VIEW_MANAGER_OFFICE = 'ROLE_BILL_VIEW_MANAGER_OFFICE';
export const ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE = 'ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE';
export const ROLE_BILL_VIEW_SUBORDINATES = 'ROLE_BILL_VIEW_SUBORDINATES';
export const ROLE_BILL_VIEW_ALL = 'ROLE_BILL_VIEW_ALL';
export const ROLE_BILL_EDIT_OWN = 'ROLE_BILL_EDIT_OWN';
export const ROLE_BILL_EDIT_RELATED = 'ROLE_BILL_EDIT_RELATED';
export const ROLE_BILL_EDIT_MANAGER_OFFICE = 'ROLE_BILL_EDIT_MANAGER_OFFICE';
export const ROLE_BILL_EDIT_PAYMENT_FORM_OFFICE = 'ROLE_BILL_EDIT_PAYMENT_FORM_OFFICE';
export const ROLE_BILL_EDIT_SUBORDINATES = 'ROLE_BILL_EDIT_SUBORDINATES';
export const ROLE_BILL_EDIT_ALL = 'ROLE_BILL_EDIT_ALL';
export const ROLE_BILL_DELETE = 'ROLE_BILL_DELETE';
export const ROLE_BILL_COUNTER = 'ROLE_BILL_COUNTER';
export const ROLE_BILL_BUDGET_CHANGE = 'ROLE_BILL_BUDGET_CHANGE';
export const ROLE_BILL_MATERIAL_ASSETS = 'ROLE_BILL_MATERIAL_ASSETS';
export const ROLE_BUDGET_EDIT = 'ROLE_BUDGET_EDIT';
export const ROLE_DIRECT_BILL_CREATE = 'ROLE_DIRECT_BILL_CREATE';
export const ROLE_DIRECT_BILL_VIEW = 'ROLE_DIRECT_BILL_VIEW';
export const ROLE_DIRECT_BILL_DELETE = 'ROLE_DIRECT_BILL_DELETE';
export const ROLE_OVERHEAD_BILL_CREATE = 'ROLE_OVERHEAD_BILL_CREATE';
export const ROLE_OVERHEAD_BILL_VIEW = 'ROLE_OVERHEAD_BILL_VIEW';
export const ROLE_OVERHEAD_BILL_DELETE = 'ROLE_OVERHEAD_BILL_DELETE';
export const ROLE_RECOGNITION_DATE_IGNORE_LOCK = 'ROLE_RECOGNITION_DATE_IGNORE_LOCK';
export const ROLE_RECOGNITION_DATE_CHANGE = 'ROLE_RECOGNITION_DATE_CHANGE';

// Customs
export const ROLE_CUSTOMS_POINT_VIEW = 'ROLE_CUSTOMS_POINT_VIEW';
export const ROLE_CUSTOMS_POINT_EDIT = 'ROLE_CUSTOMS_POINT_EDIT';
export const ROLE_CUSTOMS_REPORT_OWN = 'ROLE_CUSTOMS_REPORT_OWN';
export const ROLE_CUSTOMS_REPORT_OFFICE = 'ROLE_CUSTOMS_REPORT_OFFICE';
export const ROLE_CUSTOMS_REPORT_ALL = 'ROLE_CUSTOMS_REPORT_ALL';
export const ROLE_TRANSPORT_ORDER_TEMPLATES = 'ROLE_TRANSPORT_ORDER_TEMPLATES';
export const ROLE_CUSTOMS_SETTINGS = 'ROLE_CUSTOMS_SETTINGS';

// Requests and hyper requests
export const ROLE_REQUEST_VIEW = 'ROLE_REQUEST_VIEW';
export const ROLE_REQUEST_CREATE = 'ROLE_REQUEST_CREATE';
export const ROLE_REQUEST_SUBSTITUTE = 'ROLE_REQUEST_SUBSTITUTE';
export const ROLE_REQUEST_COMPLEX_MARK = 'ROLE_REQUEST_COMPLEX_MARK';
export const ROLE_REQUEST_EXECUTION_COMMENT = 'ROLE_REQUEST_EXECUTION_COMMENT';
export const ROLE_REQUEST_OFFERS_DISABLE = 'ROLE_REQUEST_OFFERS_DISABLE';
export const ROLE_REQUEST_LINK_ANY_ORDER = 'ROLE_REQUEST_LINK_ANY_ORDER';
export const ROLE_REQUEST_OFFER_TEMPLATES = 'ROLE_REQUEST_OFFER_TEMPLATES';
export const ROLE_REQUEST_QUOTE_TEMPLATE = 'ROLE_REQUEST_QUOTE_TEMPLATE';
export const ROLE_REQUEST_SEND_QUOTE = 'ROLE_REQUEST_SEND_QUOTE';
export const ROLE_REQUEST_SEND_TO_CONTRACTOR = 'ROLE_REQUEST_SEND_TO_CONTRACTOR';
export const ROLE_REQUEST_TNVED_COMMENT = 'ROLE_REQUEST_TNVED_COMMENT';
export const ROLE_REQUEST_CUSTOMS_SPECIALIST = 'ROLE_REQUEST_CUSTOMS_SPECIALIST';
export const ROLE_REQUEST_CUSTOMS_PROCESSING = 'ROLE_REQUEST_CUSTOMS_PROCESSING';
export const ROLE_REQUEST_COMPUTED_OFFERS = 'ROLE_REQUEST_COMPUTED_OFFERS';
export const ROLE_REQUEST_MARK_QUOTE_COMPLETE = 'ROLE_REQUEST_MARK_QUOTE_COMPLETE';
export const ROLE_HYPER_REQUEST_VIEW = 'ROLE_HYPER_REQUEST_VIEW';
export const ROLE_HYPER_REQUEST_EDIT = 'ROLE_HYPER_REQUEST_EDIT';

// Reports
export const ROLE_REPORT_GROSS_PROFIT_OWN = 'ROLE_REPORT_GROSS_PROFIT_OWN';
export const ROLE_REPORT_GROSS_PROFIT_RELATED = 'ROLE_REPORT_GROSS_PROFIT_RELATED';
export const ROLE_REPORT_GROSS_PROFIT_MANAGER_OFFICE = 'ROLE_REPORT_GROSS_PROFIT_MANAGER_OFFICE';
export const ROLE_REPORT_GROSS_PROFIT_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_GROSS_PROFIT_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_GROSS_PROFIT_SUBORDINATES = 'ROLE_REPORT_GROSS_PROFIT_SUBORDINATES';
export const ROLE_REPORT_GROSS_PROFIT_ALL = 'ROLE_REPORT_GROSS_PROFIT_ALL';
export const ROLE_REPORT_BONUS_PROFIT_OWN = 'ROLE_REPORT_BONUS_PROFIT_OWN';
export const ROLE_REPORT_BONUS_PROFIT_RELATED = 'ROLE_REPORT_BONUS_PROFIT_RELATED';
export const ROLE_REPORT_BONUS_PROFIT_MANAGER_OFFICE = 'ROLE_REPORT_BONUS_PROFIT_MANAGER_OFFICE';
export const ROLE_REPORT_BONUS_PROFIT_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_BONUS_PROFIT_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_BONUS_PROFIT_SUBORDINATES = 'ROLE_REPORT_BONUS_PROFIT_SUBORDINATES';
export const ROLE_REPORT_BONUS_PROFIT_ALL = 'ROLE_REPORT_BONUS_PROFIT_ALL';
export const ROLE_REPORT_MARGINAL_INCOME_OWN = 'ROLE_REPORT_MARGINAL_INCOME_OWN';
export const ROLE_REPORT_MARGINAL_INCOME_RELATED = 'ROLE_REPORT_MARGINAL_INCOME_RELATED';
export const ROLE_REPORT_MARGINAL_INCOME_MANAGER_OFFICE = 'ROLE_REPORT_MARGINAL_INCOME_MANAGER_OFFICE';
export const ROLE_REPORT_MARGINAL_INCOME_PAYMENT_FORM_OFFICE =
  'ROLE_REPORT_MARGINAL_INCOME_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_MARGINAL_INCOME_SUBORDINATES = 'ROLE_REPORT_MARGINAL_INCOME_SUBORDINATES';
export const ROLE_REPORT_MARGINAL_INCOME_ALL = 'ROLE_REPORT_MARGINAL_INCOME_ALL';
export const ROLE_REPORT_PROFITABILITY_OWN = 'ROLE_REPORT_PROFITABILITY_OWN';
export const ROLE_REPORT_PROFITABILITY_RELATED = 'ROLE_REPORT_PROFITABILITY_RELATED';
export const ROLE_REPORT_PROFITABILITY_MANAGER_OFFICE = 'ROLE_REPORT_PROFITABILITY_MANAGER_OFFICE';
export const ROLE_REPORT_PROFITABILITY_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_PROFITABILITY_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_PROFITABILITY_SUBORDINATES = 'ROLE_REPORT_PROFITABILITY_SUBORDINATES';
export const ROLE_REPORT_PROFITABILITY_ALL = 'ROLE_REPORT_PROFITABILITY_ALL';
export const ROLE_REPORT_PRODUCTIVITY_OWN = 'ROLE_REPORT_PRODUCTIVITY_OWN';
export const ROLE_REPORT_PRODUCTIVITY_RELATED = 'ROLE_REPORT_PRODUCTIVITY_RELATED';
export const ROLE_REPORT_PRODUCTIVITY_MANAGER_OFFICE = 'ROLE_REPORT_PRODUCTIVITY_MANAGER_OFFICE';
export const ROLE_REPORT_PRODUCTIVITY_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_PRODUCTIVITY_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_PRODUCTIVITY_SUBORDINATES = 'ROLE_REPORT_PRODUCTIVITY_SUBORDINATES';
export const ROLE_REPORT_PRODUCTIVITY_ALL = 'ROLE_REPORT_PRODUCTIVITY_ALL';
export const ROLE_REPORT_DSO_OWN = 'ROLE_REPORT_DSO_OWN';
export const ROLE_REPORT_DSO_RELATED = 'ROLE_REPORT_DSO_RELATED';
export const ROLE_REPORT_DSO_MANAGER_OFFICE = 'ROLE_REPORT_DSO_MANAGER_OFFICE';
export const ROLE_REPORT_DSO_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_DSO_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_DSO_SUBORDINATES = 'ROLE_REPORT_DSO_SUBORDINATES';
export const ROLE_REPORT_DSO_ALL = 'ROLE_REPORT_DSO_ALL';
export const ROLE_REPORT_DPO_OWN = 'ROLE_REPORT_DPO_OWN';
export const ROLE_REPORT_DPO_RELATED = 'ROLE_REPORT_DPO_RELATED';
export const ROLE_REPORT_DPO_MANAGER_OFFICE = 'ROLE_REPORT_DPO_MANAGER_OFFICE';
export const ROLE_REPORT_DPO_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_DPO_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_DPO_SUBORDINATES = 'ROLE_REPORT_DPO_SUBORDINATES';
export const ROLE_REPORT_DPO_ALL = 'ROLE_REPORT_DPO_ALL';
export const ROLE_REPORT_CCC_OWN = 'ROLE_REPORT_CCC_OWN';
export const ROLE_REPORT_CCC_RELATED = 'ROLE_REPORT_CCC_RELATED';
export const ROLE_REPORT_CCC_MANAGER_OFFICE = 'ROLE_REPORT_CCC_MANAGER_OFFICE';
export const ROLE_REPORT_CCC_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_CCC_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_CCC_SUBORDINATES = 'ROLE_REPORT_CCC_SUBORDINATES';
export const ROLE_REPORT_CCC_ALL = 'ROLE_REPORT_CCC_ALL';
export const ROLE_REPORT_ACCOUNTS_RECEIVABLE_OWN = 'ROLE_REPORT_ACCOUNTS_RECEIVABLE_OWN';
export const ROLE_REPORT_ACCOUNTS_RECEIVABLE_RELATED = 'ROLE_REPORT_ACCOUNTS_RECEIVABLE_RELATED';
export const ROLE_REPORT_ACCOUNTS_RECEIVABLE_MANAGER_OFFICE =
  'ROLE_REPORT_ACCOUNTS_RECEIVABLE_MANAGER_OFFICE';
export const ROLE_REPORT_ACCOUNTS_RECEIVABLE_PAYMENT_FORM_OFFICE =
  'ROLE_REPORT_ACCOUNTS_RECEIVABLE_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_ACCOUNTS_RECEIVABLE_SUBORDINATES = 'ROLE_REPORT_ACCOUNTS_RECEIVABLE_SUBORDINATES';
export const ROLE_REPORT_ACCOUNTS_RECEIVABLE_ALL = 'ROLE_REPORT_ACCOUNTS_RECEIVABLE_ALL';
export const ROLE_REPORT_NEW_CLIENTS_OWN = 'ROLE_REPORT_NEW_CLIENTS_OWN';
export const ROLE_REPORT_NEW_CLIENTS_RELATED = 'ROLE_REPORT_NEW_CLIENTS_RELATED';
export const ROLE_REPORT_NEW_CLIENTS_MANAGER_OFFICE = 'ROLE_REPORT_NEW_CLIENTS_MANAGER_OFFICE';
export const ROLE_REPORT_NEW_CLIENTS_PAYMENT_FORM_OFFICE = 'ROLE_REPORT_NEW_CLIENTS_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_NEW_CLIENTS_SUBORDINATES = 'ROLE_REPORT_NEW_CLIENTS_SUBORDINATES';
export const ROLE_REPORT_NEW_CLIENTS_ALL = 'ROLE_REPORT_NEW_CLIENTS_ALL';
export const ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_OWN = 'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_OWN';
export const ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_RELATED = 'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_RELATED';
export const ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_MANAGER_OFFICE =
  'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_MANAGER_OFFICE';
export const ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_PAYMENT_FORM_OFFICE =
  'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_PAYMENT_FORM_OFFICE';
export const ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_SUBORDINATES =
  'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_SUBORDINATES';
export const ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_ALL = 'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_ALL';
export const ROLE_REPORT_PLAN_FACT = 'ROLE_REPORT_PLAN_FACT';
export const ROLE_REPORT_PCC_ANALYTICS = 'ROLE_REPORT_PCC_ANALYTICS';
export const ROLE_REPORT_READY_ORDERS = 'ROLE_REPORT_READY_ORDERS';
export const ROLE_REPORT_FINANCE_REGISTRY = 'ROLE_REPORT_FINANCE_REGISTRY';
export const ROLE_REPORT_VAT0_PREVIEW = 'ROLE_REPORT_VAT0_PREVIEW';
export const ROLE_REPORT_VAT0_EXPORT = 'ROLE_REPORT_VAT0_EXPORT';

// Documents, announcements, company structure, staff positions, avatars, birthdays
export const ROLE_DOCUMENT_VIEW = 'ROLE_DOCUMENT_VIEW';
export const ROLE_DOCUMENT_EDIT = 'ROLE_DOCUMENT_EDIT';
export const ROLE_ANNOUNCEMENT_EDIT_ALL = 'ROLE_ANNOUNCEMENT_EDIT_ALL';
export const ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW = 'ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW';
export const ROLE_ANNOUNCEMENT_IMPORTANT_EDIT = 'ROLE_ANNOUNCEMENT_IMPORTANT_EDIT';
export const ROLE_ANNOUNCEMENT_COMPLAINT_REPLY = 'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY';
export const ROLE_COMPANY_STRUCTURE_VIEW = 'ROLE_COMPANY_STRUCTURE_VIEW';
export const ROLE_COMPANY_STRUCTURE_EDIT = 'ROLE_COMPANY_STRUCTURE_EDIT';
export const ROLE_STAFF_POSITION_EDIT = 'ROLE_STAFF_POSITION_EDIT';
export const ROLE_AVATAR_EDIT = 'ROLE_AVATAR_EDIT';
export const ROLE_BIRTHDAY_EDIT = 'ROLE_BIRTHDAY_EDIT';

// Warehouse, acquiring, material assets, marking, data import, tasks service
export const ROLE_WAREHOUSE_EVENTS = 'ROLE_WAREHOUSE_EVENTS';
export const ROLE_WAREHOUSE_ACCOUNTING_VIEW = 'ROLE_WAREHOUSE_ACCOUNTING_VIEW';
export const ROLE_WAREHOUSE_ACCOUNTING_EDIT = 'ROLE_WAREHOUSE_ACCOUNTING_EDIT';
export const ROLE_WMS_FORCED_MANAGEMENT = 'ROLE_WMS_FORCED_MANAGEMENT';
export const ROLE_ACQUIRING_MANAGE = 'ROLE_ACQUIRING_MANAGE';
export const ROLE_ACQUIRING_VIEW_OWN = 'ROLE_ACQUIRING_VIEW_OWN';
export const ROLE_ACQUIRING_VIEW_ALL = 'ROLE_ACQUIRING_VIEW_ALL';
export const ROLE_MATERIAL_ASSETS = 'ROLE_MATERIAL_ASSETS';
export const ROLE_MARKING_STATUS = 'ROLE_MARKING_STATUS';
export const ROLE_DATA_IMPORT = 'ROLE_DATA_IMPORT';
export const ROLE_TASKS_ACCESS = 'ROLE_TASKS_ACCESS';
export const ROLE_TASKS_ADMIN = 'ROLE_TASKS_ADMIN';
export const ROLE_TASKS_MARK_CONFIDENTIAL = 'ROLE_TASKS_MARK_CONFIDENTIAL';

// Insurance
export const ROLE_INSURANCE_BANK_INSURER = 'ROLE_INSURANCE_BANK_INSURER';
export const ROLE_INSURANCE_CASE_REMOVE = 'ROLE_INSURANCE_CASE_REMOVE';
export const ROLE_INSURANCE_STATUS_READY = 'ROLE_INSURANCE_STATUS_READY';

// Settings management: one role per settings area
export const ROLE_SETTINGS_BANKS = 'ROLE_SETTINGS_BANKS';
export const ROLE_SETTINGS_CURRENCIES = 'ROLE_SETTINGS_CURRENCIES';
export const ROLE_SETTINGS_CURRENCY_RATES = 'ROLE_SETTINGS_CURRENCY_RATES';
export const ROLE_SETTINGS_COUNTRIES = 'ROLE_SETTINGS_COUNTRIES';
export const ROLE_SETTINGS_LOADING_UNLOADING_METHODS = 'ROLE_SETTINGS_LOADING_UNLOADING_METHODS';
export const ROLE_SETTINGS_SERVICE_OFFICES = 'ROLE_SETTINGS_SERVICE_OFFICES';
export const ROLE_SETTINGS_VEHICLE_TYPES = 'ROLE_SETTINGS_VEHICLE_TYPES';
export const ROLE_SETTINGS_PAYMENT_FORMS = 'ROLE_SETTINGS_PAYMENT_FORMS';
export const ROLE_SETTINGS_STAGE_TYPES = 'ROLE_SETTINGS_STAGE_TYPES';
export const ROLE_SETTINGS_REQUEST_OFFER_TYPES = 'ROLE_SETTINGS_REQUEST_OFFER_TYPES';
export const ROLE_SETTINGS_CUSTOM_FIELDS = 'ROLE_SETTINGS_CUSTOM_FIELDS';
export const ROLE_SETTINGS_AGREEMENT_TYPES = 'ROLE_SETTINGS_AGREEMENT_TYPES';
export const ROLE_SETTINGS_COUNTERPARTY_STATUSES = 'ROLE_SETTINGS_COUNTERPARTY_STATUSES';
export const ROLE_SETTINGS_USER_LISTS = 'ROLE_SETTINGS_USER_LISTS';
export const ROLE_SETTINGS_HOLIDAYS = 'ROLE_SETTINGS_HOLIDAYS';
export const ROLE_SETTINGS_FILE_TAGS = 'ROLE_SETTINGS_FILE_TAGS';
export const ROLE_SETTINGS_COURIERS = 'ROLE_SETTINGS_COURIERS';
export const ROLE_SETTINGS_TEMPLATES = 'ROLE_SETTINGS_TEMPLATES';
export const ROLE_SETTINGS_WORKFLOW_ACCESS = 'ROLE_SETTINGS_WORKFLOW_ACCESS';
export const ROLE_SETTINGS_WORKFLOW = 'ROLE_SETTINGS_WORKFLOW';
export const ROLE_SETTINGS_LEGAL_ENTITIES = 'ROLE_SETTINGS_LEGAL_ENTITIES';
export const ROLE_SETTINGS_SHIPMENT_TERMS = 'ROLE_SETTINGS_SHIPMENT_TERMS';
/** System settings: the options screen /options/main. */
export const ROLE_SETTINGS_SYSTEM = 'ROLE_SETTINGS_SYSTEM';
export const ROLE_SETTINGS_CARGO_INSURANCE = 'ROLE_SETTINGS_CARGO_INSURANCE';
export const ROLE_SETTINGS_CONTACT_INFO_TYPES = 'ROLE_SETTINGS_CONTACT_INFO_TYPES';
export const ROLE_SETTINGS_USER_POSITIONS = 'ROLE_SETTINGS_USER_POSITIONS';
/** The TMS catalogue: services, products and job types (/tms/services, /tms/products, /tms/job-types). */
export const ROLE_SETTINGS_SERVICES = 'ROLE_SETTINGS_SERVICES';
export const ROLE_SETTINGS_PRODUCTS = 'ROLE_SETTINGS_PRODUCTS';
export const ROLE_SETTINGS_JOB_TYPES = 'ROLE_SETTINGS_JOB_TYPES';

// Cabinet user management
export const ROLE_CABINET_USERS_CLIENT = 'ROLE_CABINET_USERS_CLIENT';
export const ROLE_CABINET_USERS_CONTRACTOR = 'ROLE_CABINET_USERS_CONTRACTOR';
export const ROLE_CABINET_USERS_CARRIER = 'ROLE_CABINET_USERS_CARRIER';
export const ROLE_CABINET_USERS_PCC_PVC = 'ROLE_CABINET_USERS_PCC_PVC';

const OWN_OFFICE_ALL = ['own', 'office', 'all'] as const;
/** Orders and jobs: own, related (through the client or a job, see docs/operations.md), office, all. */
const OWN_RELATED_OFFICE_ALL = ['own', 'related', 'office', 'all'] as const;
/** The extended set of money and report permissions. */
const EXTENDED = ['own', 'related', 'managerOffice', 'paymentFormOffice', 'subordinates', 'all'] as const;

/**
 * Every scoped permission and the scopes it comes in; the role of one scope is
 * `${permission}_${SCOPE_SUFFIXES[scope]}` (ROLE_ORDER_VIEW + office → ROLE_ORDER_VIEW_OFFICE).
 */
export const SCOPE_SETS = {
  ROLE_PAYMENT_LIST: ['office', 'all'],
  ROLE_PAYMENT_DELETE: OWN_OFFICE_ALL,
  ROLE_ORDER_VIEW: OWN_RELATED_OFFICE_ALL,
  ROLE_ORDER_EDIT: OWN_RELATED_OFFICE_ALL,
  ROLE_JOB_VIEW: OWN_RELATED_OFFICE_ALL,
  ROLE_JOB_EDIT: OWN_RELATED_OFFICE_ALL,
  ROLE_STAGE_MANAGE: OWN_RELATED_OFFICE_ALL,
  ROLE_COUNTERPARTY_VIEW: OWN_OFFICE_ALL,
  ROLE_COUNTERPARTY_EDIT: OWN_OFFICE_ALL,
  ROLE_BILL_VIEW: EXTENDED,
  ROLE_BILL_EDIT: EXTENDED,
  ROLE_CUSTOMS_REPORT: OWN_OFFICE_ALL,
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

/** The role granting one scope of a permission: scopedRole('ROLE_ORDER_VIEW', 'own') → ROLE_ORDER_VIEW_OWN. */
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
      role(ROLE_ADMIN, 'Администратор (все права)', 'Administrator (every permission)'),
      role(
        ROLE_COMPANY_CHAPTERS,
        'Уведомления, объявления, последние документы, системная валюта',
        'Notifications, announcements, recent documents, system currency',
      ),
    ],
  },
  {
    key: 'users',
    label: { ru: 'Пользователи', en: 'Users' },
    permissions: [
      role(ROLE_USER_LIST, 'Пользователи: список', 'Users: list'),
      role(ROLE_USER_SHOW, 'Пользователи: просмотр', 'Users: show'),
      role(ROLE_USER_EDIT, 'Пользователи: редактирование', 'Users: edit'),
      role(ROLE_USER_CREATE, 'Пользователи: создание', 'Users: create'),
      role(ROLE_ALLOWED_TO_SWITCH, 'Вход под другим пользователем', 'Sign in as another user'),
      role(
        ROLE_USER_REMOTE_ACCESS_SUBORDINATES,
        'Удалённый доступ подчинённых',
        'Remote access of subordinates',
      ),
    ],
  },
  {
    key: 'accessGroups',
    label: { ru: 'Группы доступа', en: 'Access groups' },
    permissions: [
      role(ROLE_ACCESS_GROUP_LIST, 'Группы доступа: список', 'Access groups: list'),
      role(ROLE_ACCESS_GROUP_SHOW, 'Группы доступа: просмотр', 'Access groups: show'),
      role(ROLE_ACCESS_GROUP_EDIT, 'Группы доступа: редактирование', 'Access groups: edit'),
      role(ROLE_ACCESS_GROUP_CREATE, 'Группы доступа: создание', 'Access groups: create'),
    ],
  },
  {
    key: 'changelog',
    label: { ru: 'Журнал изменений', en: 'Change log' },
    permissions: [role(ROLE_CHANGELOG_VIEW, 'Журнал изменений: просмотр', 'Change log: view')],
  },
  {
    key: 'payments',
    label: { ru: 'Платежи', en: 'Payments' },
    permissions: [
      ...scoped('ROLE_PAYMENT_LIST', 'Платежи: список', 'Payments: list'),
      role(ROLE_PAYMENT_CREATE, 'Платежи: создание', 'Payments: create'),
      ...scoped('ROLE_PAYMENT_DELETE', 'Платежи: удаление', 'Payments: delete'),
      role(ROLE_PAYMENT_LINKED, 'Платежи: привязанные', 'Payments: linked'),
      role(ROLE_PAYMENT_UNLINKED, 'Платежи: непривязанные', 'Payments: unlinked'),
      role(ROLE_PAYMENT_TOTALS, 'Платежи: итоги', 'Payments: totals'),
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
      role(ROLE_ORDER_ARCHIVE, 'Архивирование заказов и работ', 'Archive orders and jobs'),
      role(ROLE_ORDER_CONSOLIDATION, 'Консолидация', 'Consolidation'),
      role(ROLE_ORDER_LIQUID, 'Ликвидность заказа', 'Order liquidity'),
      role(ROLE_ORDER_COUNTERPARTY_CHANGE, 'Смена контрагента', 'Change counterparty'),
      role(ROLE_ORDER_DECLARANT_ACCEPTANCE, 'Принятие декларантом', 'Declarant acceptance'),
      role(
        ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE,
        'Смена таможенного специалиста',
        'Change customs specialist',
      ),
      role(
        ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE,
        'Принятие таможенным специалистом',
        'Customs specialist acceptance',
      ),
      role(ROLE_ORDER_COMPLETION_MARK, 'Отметка о завершении', 'Completion mark'),
      role(ROLE_ORDER_CARGO_DAMAGE, 'Повреждение груза', 'Cargo damage'),
      role(ROLE_ORDER_FINANCE_CONTROL, 'Финансовый контроль', 'Finance control'),
      role(
        ROLE_ORDER_FINANCE_CONTROL_REASONS,
        'Причины статусов финансового контроля',
        'Finance control status reasons',
      ),
    ],
  },
  {
    key: 'forwarder',
    label: { ru: 'Экспедитор', en: 'Forwarder' },
    permissions: [
      role(ROLE_FORWARDER_VIEW, 'Экспедитор: просмотр', 'Forwarder: view'),
      role(ROLE_FORWARDER_STAGES, 'Экспедитор: этапы', 'Forwarder: stages'),
      role(ROLE_FORWARDER_TRADING, 'Экспедитор: торги', 'Forwarder: trading'),
      role(ROLE_STAGE_REOPEN, 'Повторное открытие этапа', 'Re-open a stage'),
      role(ROLE_IGNORE_MANAGEMENT_LOCK, 'Игнорировать блокировку руководства', 'Ignore management lock'),
      role(
        ROLE_IGNORE_STAGE_CLOSURE_CHECKS,
        'Игнорировать проверки закрытия этапа',
        'Ignore stage-closure checks',
      ),
      role(
        ROLE_ARCHIVED_OPERATION_FILE_UPLOAD,
        'Загрузка файлов в архивные заказы и работы',
        'Upload files to archived orders and jobs',
      ),
      role(ROLE_REPRESENTATIVE, 'Представитель', 'Representative'),
    ],
  },
  {
    key: 'internalTransfers',
    label: { ru: 'Внутренние переводы', en: 'Internal transfers' },
    permissions: [
      role(ROLE_INTERNAL_TRANSFER_VIEW, 'Внутренние переводы: просмотр', 'Internal transfers: view'),
      role(ROLE_INTERNAL_TRANSFER_CREATE, 'Внутренние переводы: создание', 'Internal transfers: create'),
      role(ROLE_INTERNAL_TRANSFER_PLAN, 'Внутренние переводы: план', 'Internal transfers: plan'),
    ],
  },
  {
    key: 'counterparties',
    label: { ru: 'Клиенты и подрядчики', en: 'Clients and contractors' },
    permissions: [
      role(ROLE_COUNTERPARTY_SET_TYPE, 'Контрагенты: установка типа', 'Counterparties: set type'),
      ...scoped('ROLE_COUNTERPARTY_VIEW', 'Контрагенты: просмотр', 'Counterparties: view'),
      ...scoped('ROLE_COUNTERPARTY_EDIT', 'Контрагенты: редактирование', 'Counterparties: edit'),
      role(ROLE_COUNTERPARTY_MANAGERS, 'Контрагенты: менеджеры', 'Counterparties: managers'),
      role(ROLE_COUNTERPARTY_STATUS, 'Контрагенты: статус', 'Counterparties: status'),
      role(
        ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED,
        'Контрагенты: превышение кредитного лимита',
        'Counterparties: exceed credit limit',
      ),
      role(ROLE_COUNTERPARTY_BLACK_LIST, 'Контрагенты: чёрный список', 'Counterparties: black list'),
      role(
        ROLE_COUNTERPARTY_LIQUID_ACCESS,
        'Контрагенты: доступ к ликвидности',
        'Counterparties: liquidity access',
      ),
      role(ROLE_COUNTERPARTY_FIRST_CONTACT, 'Контрагенты: первый контакт', 'Counterparties: first contact'),
      role(
        ROLE_COUNTERPARTY_PAYMENT_CONDITIONS,
        'Контрагенты: условия оплаты',
        'Counterparties: payment conditions',
      ),
      role(
        ROLE_COUNTERPARTY_RESTORED_MARK,
        'Контрагенты: отметка о восстановлении',
        'Counterparties: restored mark',
      ),
      role(
        ROLE_COUNTERPARTY_DIFFICULT_MARK,
        'Контрагенты: отметка «сложный»',
        'Counterparties: difficult mark',
      ),
      role(ROLE_COUNTERPARTY_NAME_EDIT, 'Контрагенты: изменение названия', 'Counterparties: edit name'),
      role(
        ROLE_COUNTERPARTY_APPLICATION_TOGGLE,
        'Контрагенты: включение заявки',
        'Counterparties: application toggle',
      ),
      role(
        ROLE_COUNTERPARTY_BONUS_PAYMENT_WINDOW,
        'Контрагенты: окно оплаты для бонусов',
        'Counterparties: bonus payment window',
      ),
      role(ROLE_COUNTERPARTY_API_KEYS, 'Контрагенты: ключи API', 'Counterparties: API keys'),
      role(ROLE_COUNTERPARTY_MERGE, 'Контрагенты: объединение', 'Counterparties: merge'),
      role(ROLE_COUNTERPARTY_SIMILAR_SEARCH, 'Контрагенты: поиск похожих', 'Counterparties: similar search'),
      role(ROLE_COUNTERPARTY_FEATURES, 'Контрагенты: особенности', 'Counterparties: features'),
    ],
  },
  {
    key: 'printableBills',
    label: { ru: 'Счета на оплату', en: 'Printable bills' },
    permissions: [
      role(ROLE_PRINTABLE_BILL_VIEW, 'Счета на оплату: просмотр', 'Printable bills: view'),
      role(ROLE_PRINTABLE_BILL_EDIT, 'Счета на оплату: редактирование', 'Printable bills: edit'),
      role(ROLE_PRINTABLE_BILL_DELETE, 'Счета на оплату: удаление', 'Printable bills: delete'),
      role(
        ROLE_PRINTABLE_BILL_CHANGE_DATE,
        'Счета на оплату: изменение даты',
        'Printable bills: change date',
      ),
      role(ROLE_PRINTABLE_BILL_NUMBER, 'Счета на оплату: номер', 'Printable bills: number'),
      role(
        ROLE_PRINTABLE_BILL_PROCESSED,
        'Счета на оплату: статус «обработан»',
        'Printable bills: processed status',
      ),
      role(
        ROLE_PRINTABLE_BILL_CERTIFICATE,
        'Счета на оплату: данные акта',
        'Printable bills: certificate data',
      ),
      role(ROLE_PRINTABLE_BILL_TEMPLATES, 'Счета на оплату: шаблоны', 'Printable bills: templates'),
      role(ROLE_PRINTABLE_BILL_CREATE, 'Счета на оплату: создание', 'Printable bills: create'),
      role(ROLE_PRINTABLE_BILL_XML_EXPORT, 'Счета на оплату: выгрузка XML', 'Printable bills: XML export'),
      role(
        ROLE_PRINTABLE_BILL_UNLINKED_VIEW,
        'Счета на оплату: просмотр непривязанных',
        'Printable bills: view unlinked',
      ),
    ],
  },
  {
    key: 'bills',
    label: { ru: 'Счета', en: 'Bills' },
    permissions: [
      role(ROLE_BILL_CREATE, 'Счета: создание', 'Bills: create'),
      ...scoped('ROLE_BILL_VIEW', 'Счета: просмотр', 'Bills: view'),
      ...scoped('ROLE_BILL_EDIT', 'Счета: редактирование', 'Bills: edit'),
      role(ROLE_BILL_DELETE, 'Счета: удаление', 'Bills: delete'),
      role(ROLE_BILL_COUNTER, 'Счета: встречные счета', 'Bills: counter bills'),
      role(ROLE_BILL_BUDGET_CHANGE, 'Счета: смена бюджета', 'Bills: change budget'),
      role(ROLE_BILL_MATERIAL_ASSETS, 'Счета: материальные ценности', 'Bills: material assets'),
      role(ROLE_BUDGET_EDIT, 'Бюджеты: управление доступом', 'Budgets: manage access'),
      role(ROLE_DIRECT_BILL_CREATE, 'Прямые счета: создание', 'Direct bills: create'),
      role(ROLE_DIRECT_BILL_VIEW, 'Прямые счета: просмотр', 'Direct bills: view'),
      role(ROLE_DIRECT_BILL_DELETE, 'Прямые счета: удаление', 'Direct bills: delete'),
      role(ROLE_OVERHEAD_BILL_CREATE, 'Накладные счета: создание', 'Overhead bills: create'),
      role(ROLE_OVERHEAD_BILL_VIEW, 'Накладные счета: просмотр', 'Overhead bills: view'),
      role(ROLE_OVERHEAD_BILL_DELETE, 'Накладные счета: удаление', 'Overhead bills: delete'),
      role(
        ROLE_RECOGNITION_DATE_IGNORE_LOCK,
        'Дата признания: игнорировать блокировку',
        'Recognition date: ignore lock',
      ),
      role(ROLE_RECOGNITION_DATE_CHANGE, 'Дата признания: изменение', 'Recognition date: change'),
    ],
  },
  {
    key: 'customs',
    label: { ru: 'Таможня', en: 'Customs' },
    permissions: [
      role(ROLE_CUSTOMS_POINT_VIEW, 'Таможенные посты: просмотр', 'Customs points: view'),
      role(ROLE_CUSTOMS_POINT_EDIT, 'Таможенные посты: редактирование', 'Customs points: edit'),
      ...scoped('ROLE_CUSTOMS_REPORT', 'Таможенный отчёт', 'Customs report'),
      role(ROLE_TRANSPORT_ORDER_TEMPLATES, 'Шаблоны заявок перевозчику', 'Transport order templates'),
      role(ROLE_CUSTOMS_SETTINGS, 'Таможня: настройки', 'Customs: settings'),
    ],
  },
  {
    key: 'requests',
    label: { ru: 'Запросы', en: 'Requests' },
    permissions: [
      role(ROLE_REQUEST_VIEW, 'Запросы: просмотр', 'Requests: view'),
      role(ROLE_REQUEST_CREATE, 'Запросы: создание', 'Requests: create'),
      role(ROLE_REQUEST_SUBSTITUTE, 'Запросы: замещение', 'Requests: substitute'),
      role(ROLE_REQUEST_COMPLEX_MARK, 'Запросы: отметка «комплексный»', 'Requests: complex mark'),
      role(ROLE_REQUEST_EXECUTION_COMMENT, 'Запросы: комментарий исполнения', 'Requests: execution comment'),
      role(ROLE_REQUEST_OFFERS_DISABLE, 'Запросы: отключение предложений', 'Requests: disable offers'),
      role(ROLE_REQUEST_LINK_ANY_ORDER, 'Запросы: привязка любого заказа', 'Requests: link any order'),
      role(ROLE_REQUEST_OFFER_TEMPLATES, 'Запросы: шаблоны предложений', 'Requests: offer templates'),
      role(ROLE_REQUEST_QUOTE_TEMPLATE, 'Запросы: шаблон котировки', 'Requests: quote template'),
      role(ROLE_REQUEST_SEND_QUOTE, 'Запросы: отправка котировки', 'Requests: send quote'),
      role(ROLE_REQUEST_SEND_TO_CONTRACTOR, 'Запросы: отправка подрядчику', 'Requests: send to contractor'),
      role(ROLE_REQUEST_TNVED_COMMENT, 'Запросы: комментарий ТН ВЭД', 'Requests: TNVED comment'),
      role(ROLE_REQUEST_CUSTOMS_SPECIALIST, 'Запросы: таможенный специалист', 'Requests: customs specialist'),
      role(ROLE_REQUEST_CUSTOMS_PROCESSING, 'Запросы: таможенное оформление', 'Requests: customs processing'),
      role(ROLE_REQUEST_COMPUTED_OFFERS, 'Запросы: расчётные предложения', 'Requests: computed offers'),
      role(
        ROLE_REQUEST_MARK_QUOTE_COMPLETE,
        'Запросы: отметка о готовности котировки',
        'Requests: mark quote complete',
      ),
    ],
  },
  {
    key: 'hyperRequests',
    label: { ru: 'Гиперзапросы', en: 'Hyper requests' },
    permissions: [
      role(ROLE_HYPER_REQUEST_VIEW, 'Гиперзапросы: просмотр', 'Hyper requests: view'),
      role(ROLE_HYPER_REQUEST_EDIT, 'Гиперзапросы: редактирование', 'Hyper requests: edit'),
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
      role(ROLE_REPORT_PLAN_FACT, 'Отчёт: план-факт', 'Report: plan-fact'),
      role(ROLE_REPORT_PCC_ANALYTICS, 'Отчёт: аналитика кабинета клиента', 'Report: PCC analytics'),
      role(ROLE_REPORT_READY_ORDERS, 'Отчёт: готовые заказы', 'Report: ready orders'),
      role(ROLE_REPORT_FINANCE_REGISTRY, 'Отчёт: финансовый реестр', 'Report: finance registry'),
      role(ROLE_REPORT_VAT0_PREVIEW, 'НДС 0%: просмотр', 'VAT 0%: preview'),
      role(ROLE_REPORT_VAT0_EXPORT, 'НДС 0%: выгрузка', 'VAT 0%: export'),
    ],
  },
  {
    key: 'documents',
    label: { ru: 'Документы', en: 'Documents' },
    permissions: [
      role(ROLE_DOCUMENT_VIEW, 'Документы: просмотр', 'Documents: view'),
      role(ROLE_DOCUMENT_EDIT, 'Документы: редактирование', 'Documents: edit'),
    ],
  },
  {
    key: 'announcements',
    label: { ru: 'Объявления', en: 'Announcements' },
    permissions: [
      role(ROLE_ANNOUNCEMENT_EDIT_ALL, 'Объявления: редактирование всех', 'Announcements: edit all'),
      role(
        ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW,
        'Объявления: просмотр журнала правок',
        'Announcements: view edit log',
      ),
      role(
        ROLE_ANNOUNCEMENT_IMPORTANT_EDIT,
        'Объявления: отметка «важное»',
        'Announcements: edit important flag',
      ),
      role(
        ROLE_ANNOUNCEMENT_COMPLAINT_REPLY,
        'Объявления: ответ на жалобы',
        'Announcements: reply to complaints',
      ),
    ],
  },
  {
    key: 'companyStructure',
    label: { ru: 'Структура компании', en: 'Company structure' },
    permissions: [
      role(ROLE_COMPANY_STRUCTURE_VIEW, 'Структура компании: просмотр', 'Company structure: view'),
      role(ROLE_COMPANY_STRUCTURE_EDIT, 'Структура компании: редактирование', 'Company structure: edit'),
    ],
  },
  {
    key: 'staffPositions',
    label: { ru: 'Должности', en: 'Staff positions' },
    permissions: [role(ROLE_STAFF_POSITION_EDIT, 'Должности: редактирование', 'Staff positions: edit')],
  },
  {
    key: 'avatars',
    label: { ru: 'Аватары', en: 'Avatars' },
    permissions: [role(ROLE_AVATAR_EDIT, 'Аватары: редактирование', 'Avatars: edit')],
  },
  {
    key: 'birthday',
    label: { ru: 'Дни рождения', en: 'Birthdays' },
    permissions: [role(ROLE_BIRTHDAY_EDIT, 'Дни рождения: редактирование', 'Birthdays: edit')],
  },
  {
    key: 'warehouse',
    label: { ru: 'Склад', en: 'Warehouse' },
    permissions: [
      role(ROLE_WAREHOUSE_EVENTS, 'Склад: события', 'Warehouse: events'),
      role(ROLE_WAREHOUSE_ACCOUNTING_VIEW, 'Складской учёт: просмотр', 'Warehouse accounting: view'),
      role(ROLE_WAREHOUSE_ACCOUNTING_EDIT, 'Складской учёт: редактирование', 'Warehouse accounting: edit'),
      role(ROLE_WMS_FORCED_MANAGEMENT, 'WMS: принудительное управление', 'WMS: forced management'),
    ],
  },
  {
    key: 'acquiring',
    label: { ru: 'Эквайринг', en: 'Acquiring' },
    permissions: [
      role(ROLE_ACQUIRING_MANAGE, 'Эквайринг: управление', 'Acquiring: manage'),
      ...scoped('ROLE_ACQUIRING_VIEW', 'Эквайринг: просмотр', 'Acquiring: view'),
    ],
  },
  {
    key: 'materialAssets',
    label: { ru: 'Материальные ценности', en: 'Material assets' },
    permissions: [role(ROLE_MATERIAL_ASSETS, 'Материальные ценности', 'Material assets')],
  },
  {
    key: 'marking',
    label: { ru: 'Маркировка', en: 'Marking' },
    permissions: [role(ROLE_MARKING_STATUS, 'Статус маркировки', 'Marking status')],
  },
  {
    key: 'dataImport',
    label: { ru: 'Импорт данных', en: 'Data import' },
    permissions: [role(ROLE_DATA_IMPORT, 'Импорт данных', 'Data import')],
  },
  {
    key: 'tasks',
    label: { ru: 'Сервис задач', en: 'Tasks service' },
    permissions: [
      role(ROLE_TASKS_ACCESS, 'Сервис задач: доступ', 'Tasks service: access'),
      role(ROLE_TASKS_ADMIN, 'Сервис задач: администрирование', 'Tasks service: administration'),
      role(
        ROLE_TASKS_MARK_CONFIDENTIAL,
        'Сервис задач: отметка «конфиденциально»',
        'Tasks service: mark confidential',
      ),
    ],
  },
  {
    key: 'insurance',
    label: { ru: 'Страхование', en: 'Insurance' },
    permissions: [
      role(ROLE_INSURANCE_BANK_INSURER, 'Доступ банка-страховщика', 'Bank-insurer access'),
      role(ROLE_INSURANCE_CASE_REMOVE, 'Удаление страховых случаев', 'Remove insurance cases'),
      role(ROLE_INSURANCE_STATUS_READY, 'Статус страхования «готово»', 'Insurance status ready'),
    ],
  },
  {
    key: 'settings',
    label: { ru: 'Управление настройками', en: 'Settings management' },
    permissions: [
      role(ROLE_SETTINGS_BANKS, 'Настройки: банки', 'Settings: banks'),
      role(ROLE_SETTINGS_CURRENCIES, 'Настройки: валюты', 'Settings: currencies'),
      role(ROLE_SETTINGS_CURRENCY_RATES, 'Настройки: курсы валют', 'Settings: currency rates'),
      role(ROLE_SETTINGS_COUNTRIES, 'Настройки: страны', 'Settings: countries'),
      role(
        ROLE_SETTINGS_LOADING_UNLOADING_METHODS,
        'Настройки: способы погрузки и выгрузки',
        'Settings: loading and unloading methods',
      ),
      role(ROLE_SETTINGS_SERVICE_OFFICES, 'Настройки: офисы', 'Settings: offices'),
      role(ROLE_SETTINGS_VEHICLE_TYPES, 'Настройки: типы транспорта', 'Settings: vehicle types'),
      role(ROLE_SETTINGS_PAYMENT_FORMS, 'Настройки: формы оплаты', 'Settings: payment forms'),
      role(ROLE_SETTINGS_STAGE_TYPES, 'Настройки: типы этапов', 'Settings: stage types'),
      role(
        ROLE_SETTINGS_REQUEST_OFFER_TYPES,
        'Настройки: типы предложений запроса',
        'Settings: request offer types',
      ),
      role(ROLE_SETTINGS_CUSTOM_FIELDS, 'Настройки: пользовательские поля', 'Settings: custom fields'),
      role(ROLE_SETTINGS_AGREEMENT_TYPES, 'Настройки: типы договоров', 'Settings: agreement types'),
      role(
        ROLE_SETTINGS_COUNTERPARTY_STATUSES,
        'Настройки: статусы контрагентов',
        'Settings: counterparty statuses',
      ),
      role(ROLE_SETTINGS_USER_LISTS, 'Настройки: пользовательские списки', 'Settings: user lists'),
      role(ROLE_SETTINGS_HOLIDAYS, 'Настройки: праздники', 'Settings: holidays'),
      role(ROLE_SETTINGS_FILE_TAGS, 'Настройки: метки файлов', 'Settings: file tags'),
      role(ROLE_SETTINGS_COURIERS, 'Настройки: курьерские службы', 'Settings: couriers'),
      role(ROLE_SETTINGS_TEMPLATES, 'Настройки: шаблоны', 'Settings: templates'),
      role(
        ROLE_SETTINGS_WORKFLOW_ACCESS,
        'Настройки: доступ к рабочим процессам',
        'Settings: workflow access',
      ),
      role(ROLE_SETTINGS_WORKFLOW, 'Настройки: рабочие процессы', 'Settings: workflows'),
      role(ROLE_SETTINGS_LEGAL_ENTITIES, 'Настройки: юридические лица', 'Settings: legal entities'),
      role(ROLE_SETTINGS_SHIPMENT_TERMS, 'Настройки: условия поставки', 'Settings: shipment terms'),
      role(ROLE_SETTINGS_SYSTEM, 'Настройки: системные параметры', 'Settings: system settings'),
      role(ROLE_SETTINGS_CARGO_INSURANCE, 'Настройки: страхование грузов', 'Settings: cargo insurance'),
      role(ROLE_SETTINGS_CONTACT_INFO_TYPES, 'Настройки: контактная информация', 'Settings: contact info'),
      role(ROLE_SETTINGS_USER_POSITIONS, 'Настройки: должности пользователей', 'Settings: user positions'),
      role(ROLE_SETTINGS_SERVICES, 'Настройки: услуги', 'Settings: services'),
      role(ROLE_SETTINGS_PRODUCTS, 'Настройки: продукты', 'Settings: products'),
      role(ROLE_SETTINGS_JOB_TYPES, 'Настройки: типы работ', 'Settings: job types'),
    ],
  },
  {
    key: 'cabinets',
    label: { ru: 'Пользователи кабинетов', en: 'Cabinet users' },
    permissions: [
      role(ROLE_CABINET_USERS_CLIENT, 'Пользователи кабинета клиента', 'Client cabinet users'),
      role(ROLE_CABINET_USERS_CONTRACTOR, 'Пользователи кабинета подрядчика', 'Contractor cabinet users'),
      role(ROLE_CABINET_USERS_CARRIER, 'Пользователи кабинета перевозчика', 'Carrier cabinet users'),
      role(ROLE_CABINET_USERS_PCC_PVC, 'Пользователи кабинетов PCC/PVC', 'PCC/PVC cabinet users'),
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
  if (roles.has(ROLE_ADMIN)) return ['all'];
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
 *     can(user.roles, 'ROLE_ORDER_VIEW')            // any scope
 *     can(user.roles, 'ROLE_ORDER_VIEW', 'office')  // ROLE_ORDER_VIEW_OFFICE
 */
export function can(
  held: ReadonlySet<string> | readonly string[],
  wanted: Permission | readonly Permission[],
  scope?: Scope,
): boolean {
  const holds = (role: string) =>
    held instanceof Set ? held.has(role) : (held as readonly string[]).includes(role);
  if (holds(ROLE_ADMIN)) return true;
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
