import { customsBehaviourOf, PERMISSION_FAMILIES, type TransportType, type WarehouseUnit } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { legalEntities } from '../../modules/company/tables';
import { counterpartyFeatures, counterpartyStatuses } from '../../modules/counterparties/tables';
import { runAutomaticTransfers } from '../../modules/finance/automatic-transfers';
import { paymentForms } from '../../modules/finance/tables';
import { jobTypes, products, services, stageTypes } from '../../modules/operations/tables';
import { banks, countries, currencies } from '../../modules/reference-data/tables';
import { warehouseServices } from '../../modules/warehouse/tables';
import { hashPassword } from '../../platform/auth/password';
import {
  accessGroups,
  contacts,
  serviceOffices,
  userAccessGroups,
  users,
} from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import type { Database } from '../connection';
import { seedDemoAcquiring } from './demo-acquiring';
import { seedDemoAssignment } from './demo-assignment';
import { seedDemoAutomaticTransfers } from './demo-automatic-transfers';
import { seedDemoBills } from './demo-bills';
import { seedDemoBudgets } from './demo-budgets';
import { type DemoCabinetUser, seedDemoCabinets, seedDemoContractorCabinet } from './demo-cabinets';
import { seedDemoCarrierCabinet } from './demo-carrier';
import { seedDemoCompanyStructure } from './demo-company-structure';
import { seedDemoCounterparties } from './demo-counterparties';
import { seedDemoCustoms } from './demo-customs';
import { seedDemoDataImport } from './demo-data-import';
import { seedDemoRates } from './demo-finance';
import { seedDemoHistory } from './demo-history';
import { seedDemoHyperRequests } from './demo-hyper-requests';
import { seedDemoInsurance } from './demo-insurance';
import { seedDemoMarking } from './demo-marking';
import { seedDemoOffers } from './demo-offers';
import { seedDemoOperations } from './demo-operations';
import { seedDemoPayments } from './demo-payments';
import { seedDemoPricing } from './demo-pricing';
import { seedDemoRequests } from './demo-requests';
import { seedDemoTnved } from './demo-tnved';
import { seedDemoWarehouse } from './demo-warehouse';
import { seedDemoWorkflows } from './demo-workflows';

/** The password of every demo user (README "Signing in the first time"). */
export const DEMO_PASSWORD = 'Demo12345';

/** A forwarder working between Russia, Belarus, China and Europe. */
const OFFICES = [
  {
    code: 'MOW',
    name: 'Москва (головной офис)',
    address: 'Москва, Ленинградский проспект, 39',
    ips: ['10.10.0.0/16'],
  },
  {
    code: 'LED',
    name: 'Санкт-Петербург',
    address: 'Санкт-Петербург, Пулковское шоссе, 40',
    ips: ['10.20.0.0/16'],
  },
  { code: 'MSQ', name: 'Минск', address: 'Минск, проспект Победителей, 100', ips: ['10.30.0.0/16'] },
  {
    code: 'BQT',
    name: 'Брест (склад и таможня)',
    address: 'Брест, ул. Катин Бор, 106',
    ips: ['10.40.0.0/16'],
  },
  { code: 'SHA', name: 'Шанхай', address: 'Shanghai, Pudong, Century Avenue 88', ips: ['10.50.0.0/16'] },
  { code: 'WAW', name: 'Варшава', address: 'Warszawa, ul. Marszałkowska 126', ips: ['10.60.0.0/16'] },
] as const;

const allSettingsRoles = PERMISSION_FAMILIES.flatMap((family) => family.permissions)
  .map((p) => p.role)
  .filter((role) => role.startsWith('ROLE_SETTINGS_'));

const GROUPS: { name: string; description: string; roles: string[] }[] = [
  {
    name: 'Экспедиторы',
    description: 'Ведут заказы и работы своего офиса, закрывают этапы',
    roles: [
      'ROLE_SETTINGS_WORKFLOW_ACCESS',
      'ROLE_ORDER_VIEW_OFFICE',
      'ROLE_ORDER_EDIT_OWN',
      'ROLE_JOB_VIEW_OFFICE',
      'ROLE_JOB_EDIT_OWN',
      'ROLE_STAGE_MANAGE_OWN',
      'ROLE_ORDER_CONSOLIDATION',
      'ROLE_ORDER_LIQUID',
      'ROLE_ORDER_COMPLETION_MARK',
      'ROLE_ORDER_CARGO_DAMAGE',
      'ROLE_INSURANCE_STATUS_READY',
      'ROLE_ARCHIVED_OPERATION_FILE_UPLOAD',
      'ROLE_FORWARDER_VIEW',
      'ROLE_FORWARDER_STAGES',
      'ROLE_COUNTERPARTY_VIEW_OFFICE',
      'ROLE_REQUEST_VIEW_OFFICE',
      'ROLE_REQUEST_CREATE',
      'ROLE_REQUEST_COMPUTED_OFFERS',
      'ROLE_HYPER_REQUEST_VIEW',
      'ROLE_REQUEST_EXECUTION_COMMENT',
      'ROLE_REQUEST_SEND_TO_CONTRACTOR',
      'ROLE_REQUEST_OFFERS_DISABLE',
      'ROLE_REQUEST_OFFER_TEMPLATES',
      'ROLE_BILL_VIEW_RELATED',
      'ROLE_BILL_CREATE',
      'ROLE_DOCUMENT_VIEW',
      'ROLE_COMPANY_CHAPTERS',
      'ROLE_DATA_IMPORT',
    ],
  },
  {
    name: 'Продажи',
    description: 'Клиенты, запросы и котировки; свои клиенты и заказы',
    roles: [
      'ROLE_COUNTERPARTY_VIEW_OWN',
      'ROLE_COUNTERPARTY_EDIT_OWN',
      'ROLE_COUNTERPARTY_FIRST_CONTACT',
      'ROLE_COUNTERPARTY_PAYMENT_CONDITIONS',
      'ROLE_COUNTERPARTY_DIFFICULT_MARK',
      'ROLE_COUNTERPARTY_RESTORED_MARK',
      'ROLE_COUNTERPARTY_BONUS_PAYMENT_WINDOW',
      'ROLE_COUNTERPARTY_APPLICATION_TOGGLE',
      'ROLE_COUNTERPARTY_LIQUID_ACCESS',
      'ROLE_COUNTERPARTY_FEATURES',
      'ROLE_COUNTERPARTY_SIMILAR_SEARCH',
      'ROLE_DATA_IMPORT',
      'ROLE_REQUEST_VIEW_OWN',
      'ROLE_REQUEST_CREATE',
      'ROLE_REQUEST_SEND_QUOTE',
      'ROLE_REQUEST_MARK_QUOTE_COMPLETE',
      'ROLE_REQUEST_COMPLEX_MARK',
      'ROLE_REQUEST_SUBSTITUTE',
      'ROLE_REQUEST_COMPUTED_OFFERS',
      'ROLE_HYPER_REQUEST_EDIT',
      'ROLE_ORDER_VIEW_OWN',
      // The order of a request they sold: made from the request, then theirs to keep.
      'ROLE_ORDER_EDIT_OWN',
      'ROLE_REPORT_GROSS_PROFIT_OWN',
      'ROLE_REPORT_NEW_CLIENTS_OWN',
      'ROLE_REPORT_BONUS_PROFIT_OWN',
      'ROLE_COMPANY_CHAPTERS',
    ],
  },
  {
    name: 'Финансы',
    description: 'Счета, платежи, финансовый контроль заказов',
    roles: [
      'ROLE_BILL_VIEW_ALL',
      'ROLE_BILL_EDIT_ALL',
      'ROLE_BILL_CREATE',
      'ROLE_BILL_DELETE',
      'ROLE_BILL_COUNTER',
      'ROLE_OVERHEAD_BILL_VIEW',
      'ROLE_OVERHEAD_BILL_CREATE',
      'ROLE_OVERHEAD_BILL_DELETE',
      'ROLE_RECOGNITION_DATE_CHANGE',
      'ROLE_RECOGNITION_DATE_IGNORE_LOCK',
      'ROLE_DIRECT_BILL_VIEW',
      'ROLE_DIRECT_BILL_CREATE',
      'ROLE_DIRECT_BILL_DELETE',
      // Bills and payments name clients and contractors of every office.
      'ROLE_COUNTERPARTY_VIEW_ALL',
      // A bank statement's payer no counterparty has is created from the statement's details (curated by its creator).
      'ROLE_COUNTERPARTY_EDIT_OWN',
      'ROLE_PAYMENT_LIST_ALL',
      'ROLE_PAYMENT_CREATE',
      'ROLE_PRINTABLE_BILL_VIEW',
      'ROLE_PRINTABLE_BILL_UNLINKED_VIEW',
      'ROLE_PRINTABLE_BILL_CREATE',
      'ROLE_PRINTABLE_BILL_EDIT',
      'ROLE_PRINTABLE_BILL_DELETE',
      'ROLE_PRINTABLE_BILL_CHANGE_DATE',
      'ROLE_PRINTABLE_BILL_NUMBER',
      'ROLE_PRINTABLE_BILL_CERTIFICATE',
      'ROLE_PRINTABLE_BILL_PROCESSED',
      'ROLE_PRINTABLE_BILL_XML_EXPORT',
      'ROLE_PRINTABLE_BILL_TEMPLATES',
      'ROLE_PAYMENT_DELETE_ALL',
      'ROLE_PAYMENT_LINKED',
      'ROLE_PAYMENT_UNLINKED',
      'ROLE_PAYMENT_TOTALS',
      'ROLE_INTERNAL_TRANSFER_VIEW',
      'ROLE_INTERNAL_TRANSFER_CREATE',
      'ROLE_AUTOMATIC_TRANSFER_RULES',
      'ROLE_ACQUIRING_MANAGE',
      'ROLE_ACQUIRING_VIEW_ALL',
      'ROLE_MATERIAL_ASSETS',
      'ROLE_BILL_MATERIAL_ASSETS',
      'ROLE_INTERNAL_TRANSFER_PLAN',
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_JOB_VIEW_ALL',
      'ROLE_ORDER_FINANCE_CONTROL',
      'ROLE_ORDER_FINANCE_CONTROL_REASONS',
      'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
      'ROLE_BUDGET_EDIT',
      'ROLE_BILL_BUDGET_CHANGE',
      'ROLE_REPORT_GROSS_PROFIT_ALL',
      'ROLE_REPORT_ACCOUNTS_RECEIVABLE_ALL',
      'ROLE_REPORT_BOOKS_ALL',
      'ROLE_REPORT_NEW_CLIENTS_ALL',
      'ROLE_REPORT_DSO_ALL',
      'ROLE_REPORT_DPO_ALL',
      'ROLE_REPORT_CCC_ALL',
      'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_ALL',
      'ROLE_REPORT_PLAN_FACT',
      'ROLE_REPORT_FINANCE_REGISTRY',
      'ROLE_REPORT_BONUS_PROFIT_ALL',
      'ROLE_REPORT_MARGINAL_INCOME_ALL',
      'ROLE_REPORT_PROFITABILITY_ALL',
      'ROLE_REPORT_PRODUCTIVITY_ALL',
      'ROLE_REPORT_VAT0_PREVIEW',
      'ROLE_REPORT_VAT0_EXPORT',
      'ROLE_COMPANY_CHAPTERS',
      ...allSettingsRoles.filter((role) => /BANKS|CURRENC|PAYMENT_FORMS/.test(role)),
    ],
  },
  {
    name: 'Таможня',
    description: 'Декларанты и таможенные специалисты',
    roles: [
      'ROLE_CUSTOMS_POINT_VIEW',
      'ROLE_CUSTOMS_POINT_EDIT',
      'ROLE_CUSTOMS_SETTINGS',
      'ROLE_CUSTOMS_DECLARATION_VIEW_ALL',
      'ROLE_CUSTOMS_DECLARATION_EDIT',
      'ROLE_CUSTOMS_DECLARATION_STATUS',
      'ROLE_ORDER_DECLARANT_ACCEPTANCE',
      'ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE',
      'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
      'ROLE_CUSTOMS_REPORT_OFFICE',
      'ROLE_REQUEST_CUSTOMS_SPECIALIST',
      'ROLE_REQUEST_CUSTOMS_PROCESSING',
      'ROLE_CTO_AUTO_ASSIGNMENT',
      'ROLE_REQUEST_TNVED_COMMENT',
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_COMPANY_CHAPTERS',
      // Честный ЗНАК: the declarants enter the codes the DT declares and move the marking status.
      'ROLE_MARKING_STATUS',
    ],
  },
  {
    name: 'Склад',
    description: 'Приём и выдача грузов на складе',
    roles: [
      'ROLE_WAREHOUSE_EVENTS',
      'ROLE_WAREHOUSE_ACCOUNTING_VIEW',
      'ROLE_WAREHOUSE_ACCOUNTING_EDIT',
      'ROLE_WMS_FORCED_MANAGEMENT',
      'ROLE_ORDER_VIEW_OFFICE',
      'ROLE_COMPANY_CHAPTERS',
    ],
  },
  {
    name: 'Руководители',
    description: 'Видят работу всей компании, решают исключения, ведут объявления и документы',
    roles: [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_JOB_VIEW_ALL',
      'ROLE_JOB_EDIT_ALL',
      'ROLE_STAGE_MANAGE_ALL',
      'ROLE_STAGE_REOPEN',
      'ROLE_IGNORE_STAGE_CLOSURE_CHECKS',
      'ROLE_ORDER_ARCHIVE',
      'ROLE_ORDER_COUNTERPARTY_CHANGE',
      'ROLE_INSURANCE_CASE_REMOVE',
      'ROLE_REPORT_READY_ORDERS',
      'ROLE_REPORT_PCC_ANALYTICS',
      'ROLE_REQUEST_VIEW_ALL',
      'ROLE_HYPER_REQUEST_VIEW',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_COUNTERPARTY_EDIT_ALL',
      'ROLE_FORWARDER_AUTO_ASSIGNMENT',
      'ROLE_COUNTERPARTY_SET_TYPE',
      'ROLE_COUNTERPARTY_MANAGERS',
      'ROLE_COUNTERPARTY_STATUS',
      'ROLE_COUNTERPARTY_NAME_EDIT',
      'ROLE_COUNTERPARTY_BLACK_LIST',
      'ROLE_COUNTERPARTY_MERGE',
      'ROLE_DRIVER_VERIFICATION',
      'ROLE_CABINET_USERS_CLIENT',
      'ROLE_CABINET_USERS_CONTRACTOR',
      'ROLE_CABINET_USERS_CARRIER',
      'ROLE_SETTINGS_WORKFLOW_ACCESS',
      'ROLE_IGNORE_MANAGEMENT_LOCK',
      'ROLE_DOCUMENT_VIEW',
      'ROLE_DOCUMENT_EDIT',
      'ROLE_TRANSPORT_ORDER_TEMPLATES',
      'ROLE_ANNOUNCEMENT_IMPORTANT_EDIT',
      'ROLE_ANNOUNCEMENT_EDIT_ALL',
      'ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW',
      'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY',
      'ROLE_REPORT_GROSS_PROFIT_SUBORDINATES',
      'ROLE_REPORT_NEW_CLIENTS_SUBORDINATES',
      'ROLE_REPORT_ACCOUNTS_RECEIVABLE_SUBORDINATES',
      'ROLE_COMPANY_STRUCTURE_VIEW',
      'ROLE_USER_LIST',
      'ROLE_USER_SHOW',
      'ROLE_CHANGELOG_VIEW',
      'ROLE_COMPANY_CHAPTERS',
    ],
  },
  {
    name: 'Банк-страховщик',
    description: 'Сотрудник банка-страховщика: принимает грузы к страхованию или отказывает',
    roles: ['ROLE_ORDER_VIEW_ALL', 'ROLE_INSURANCE_BANK_INSURER'],
  },
  {
    name: 'Администраторы настроек',
    description: 'Справочники, пользователи и группы доступа',
    roles: [
      ...allSettingsRoles,
      'ROLE_COMPANY_STRUCTURE_EDIT',
      'ROLE_STAFF_POSITION_EDIT',
      'ROLE_USER_LIST',
      'ROLE_USER_SHOW',
      'ROLE_USER_EDIT',
      'ROLE_USER_CREATE',
      'ROLE_ALLOWED_TO_SWITCH',
      'ROLE_ACCESS_GROUP_LIST',
      'ROLE_ACCESS_GROUP_SHOW',
      'ROLE_ACCESS_GROUP_EDIT',
      'ROLE_ACCESS_GROUP_CREATE',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_COUNTERPARTY_API_KEYS',
      'ROLE_CHANGELOG_VIEW',
      'ROLE_COMPANY_CHAPTERS',
    ],
  },
];

const USERS: { username: string; name: string; office: string; group: string; locale?: string }[] = [
  { username: 'ivanov', name: 'Иван Иванов', office: 'MOW', group: 'Экспедиторы' },
  { username: 'kozlova', name: 'Анна Козлова', office: 'MSQ', group: 'Экспедиторы' },
  { username: 'wang', name: 'Wang Li', office: 'SHA', group: 'Экспедиторы', locale: 'en-US' },
  { username: 'petrov', name: 'Пётр Петров', office: 'MOW', group: 'Продажи' },
  { username: 'nowak', name: 'Katarzyna Nowak', office: 'WAW', group: 'Продажи', locale: 'en-US' },
  { username: 'sidorova', name: 'Мария Сидорова', office: 'MOW', group: 'Финансы' },
  { username: 'smirnov', name: 'Алексей Смирнов', office: 'LED', group: 'Таможня' },
  { username: 'volkov', name: 'Дмитрий Волков', office: 'BQT', group: 'Склад' },
  { username: 'orlova', name: 'Елена Орлова', office: 'MOW', group: 'Руководители' },
  { username: 'belova', name: 'Ольга Белова', office: 'MOW', group: 'Банк-страховщик' },
  { username: 'sokolov', name: 'Сергей Соколов', office: 'MOW', group: 'Администраторы настроек' },
];

/** The bonded warehouse's price list (Brest terminal): what the warehouse staff bills per unit. */
const WAREHOUSE_SERVICES: {
  code: string;
  name: string;
  nameEn: string;
  unit: WarehouseUnit;
  price: string;
  description?: string;
}[] = [
  {
    code: 'storage-pallet',
    name: 'Хранение паллеты',
    nameEn: 'Pallet storage',
    unit: 'day',
    price: '45.00',
    description: 'За паллетоместо в сутки, стеллажное хранение',
  },
  {
    code: 'inbound-pallet',
    name: 'Приёмка паллеты',
    nameEn: 'Pallet receiving',
    unit: 'pallet',
    price: '350.00',
  },
  {
    code: 'outbound-pallet',
    name: 'Отгрузка паллеты',
    nameEn: 'Pallet dispatch',
    unit: 'pallet',
    price: '350.00',
  },
  {
    code: 'unloading-loose',
    name: 'Ручная разгрузка навалом',
    nameEn: 'Loose cargo unloading',
    unit: 'm3',
    price: '420.00',
  },
  {
    code: 'palletizing',
    name: 'Паллетирование со стрейч-плёнкой',
    nameEn: 'Palletizing and stretch wrapping',
    unit: 'pallet',
    price: '280.00',
  },
  { code: 'labelling', name: 'Маркировка', nameEn: 'Labelling', unit: 'piece', price: '12.00' },
  { code: 'cross-docking', name: 'Кросс-докинг', nameEn: 'Cross-docking', unit: 'pallet', price: '600.00' },
  {
    code: 'inspection-prep',
    name: 'Подготовка к таможенному досмотру',
    nameEn: 'Customs inspection preparation',
    unit: 'operation',
    price: '2500.00',
  },
  {
    code: 'bonded-storage',
    name: 'Хранение на СВХ',
    nameEn: 'Bonded warehouse storage',
    unit: 'kg',
    price: '1.20',
    description: 'За килограмм в сутки, первые двое суток бесплатно',
  },
];

const SERVICES: { code: string; name: string; nameEn: string; transportType: TransportType }[] = [
  { code: 'FTL', name: 'Автоперевозка FTL', nameEn: 'FTL road freight', transportType: 'auto' },
  {
    code: 'LTL',
    name: 'Автоперевозка LTL (сборный груз)',
    nameEn: 'LTL road freight',
    transportType: 'auto',
  },
  {
    code: 'RAIL-CNT',
    name: 'Ж/д перевозка контейнера',
    nameEn: 'Rail container freight',
    transportType: 'rail',
  },
  { code: 'AIR', name: 'Авиаперевозка', nameEn: 'Air freight', transportType: 'air' },
  { code: 'SEA-FCL', name: 'Морская перевозка FCL', nameEn: 'Sea freight FCL', transportType: 'sea' },
  { code: 'SEA-LCL', name: 'Морская перевозка LCL', nameEn: 'Sea freight LCL', transportType: 'sea' },
  { code: 'CUSTOMS', name: 'Таможенное оформление', nameEn: 'Customs clearance', transportType: 'none' },
  { code: 'WAREHOUSE', name: 'Складское хранение', nameEn: 'Warehousing', transportType: 'none' },
  { code: 'INSURANCE', name: 'Страхование груза', nameEn: 'Cargo insurance', transportType: 'none' },
];

/** Products with the codes of their services and route limits (dispatch, delivery points). */
const PRODUCTS = [
  {
    code: 'FTL-EU-RU',
    name: 'FTL Европа — Россия',
    nameEn: 'FTL Europe – Russia',
    services: ['FTL', 'CUSTOMS', 'INSURANCE'],
    points: [3, 2],
  },
  {
    code: 'LTL-CN-RU',
    name: 'LTL Китай — Россия',
    nameEn: 'LTL China – Russia',
    services: ['LTL', 'WAREHOUSE', 'CUSTOMS', 'INSURANCE'],
    points: [5, 3],
  },
  {
    code: 'RAIL-CN-BY',
    name: 'Ж/д контейнер Китай — Беларусь',
    nameEn: 'Rail container China – Belarus',
    services: ['RAIL-CNT', 'FTL', 'CUSTOMS'],
    points: [1, 2],
  },
  {
    code: 'AIR-SHA-MOW',
    name: 'Авиа Шанхай — Москва',
    nameEn: 'Air Shanghai – Moscow',
    services: ['AIR', 'CUSTOMS', 'INSURANCE'],
    points: [1, 1],
  },
  {
    code: 'SEA-CN-RU',
    name: 'Море Китай — Санкт-Петербург',
    nameEn: 'Sea China – Saint Petersburg',
    services: ['SEA-FCL', 'SEA-LCL', 'CUSTOMS'],
    points: [2, 2],
  },
  {
    code: 'CUSTOMS-BQT',
    name: 'Таможенное оформление Брест',
    nameEn: 'Customs clearance Brest',
    services: ['CUSTOMS', 'WAREHOUSE'],
    points: [1, 1],
  },
] as const;

const STAGE_TYPES: {
  code: string;
  name: string;
  pcc: string | null;
  ops: string;
  behaviours: string[];
}[] = [
  {
    code: 'LOADING',
    name: 'Погрузка',
    pcc: 'Груз загружен',
    ops: 'Погрузка',
    behaviours: ['IGNORE_OP_START_DATE'],
  },
  {
    code: 'WAREHOUSE-IN',
    name: 'Приём на склад',
    pcc: 'Груз принят на склад',
    ops: 'Склад: приём',
    behaviours: ['WAREHOUSE_IN', 'WMS_AA'],
  },
  {
    code: 'BORDER',
    name: 'Пересечение границы',
    pcc: 'Груз пересёк границу',
    ops: 'Граница',
    behaviours: [],
  },
  {
    code: 'CUSTOMS-RELEASE',
    name: 'Выпуск таможней',
    pcc: 'Таможенный выпуск получен',
    ops: 'Выпуск ДТ',
    behaviours: [customsBehaviourOf('CUSTOMS-BQT'), 'CUSTOMS_OTHER'],
  },
  {
    code: 'WAREHOUSE-OUT',
    name: 'Выдача со склада',
    pcc: 'Груз выдан со склада',
    ops: 'Склад: выдача',
    behaviours: ['WAREHOUSE_OUT', 'WMS_AR'],
  },
  {
    code: 'DELIVERY',
    name: 'Доставка получателю',
    pcc: 'Груз доставлен',
    ops: 'Доставка',
    behaviours: ['MARK_ORDER_READY', 'AUTO_SET_ORDER_COMPLETION_DATE'],
  },
  {
    code: 'DOCUMENTS-RETURNED',
    name: 'Возврат документов',
    pcc: null,
    ops: 'Документы вернулись',
    behaviours: ['EXPENSES_FILED', 'DOCUMENT_GENERATION'],
  },
  {
    code: 'FAILURE',
    name: 'Срыв перевозки',
    pcc: null,
    ops: 'Срыв',
    behaviours: ['FAILURE', 'IGNORE_ARCHIVER'],
  },
];

const JOB_TYPES = [
  {
    code: 'TRUCK-LEG',
    name: 'Автомобильное плечо',
    nameEn: 'Truck leg',
    products: ['FTL-EU-RU', 'LTL-CN-RU', 'RAIL-CN-BY'],
  },
  { code: 'RAIL-LEG', name: 'Железнодорожное плечо', nameEn: 'Rail leg', products: ['RAIL-CN-BY'] },
  { code: 'AIR-LEG', name: 'Авиаплечо', nameEn: 'Air leg', products: ['AIR-SHA-MOW'] },
  { code: 'SEA-LEG', name: 'Морское плечо', nameEn: 'Sea leg', products: ['SEA-CN-RU'] },
  {
    code: 'CUSTOMS-CLEARANCE',
    name: 'Таможенное оформление',
    nameEn: 'Customs clearance',
    products: ['FTL-EU-RU', 'LTL-CN-RU', 'RAIL-CN-BY', 'AIR-SHA-MOW', 'SEA-CN-RU', 'CUSTOMS-BQT'],
  },
  { code: 'STORAGE', name: 'Хранение на складе', nameEn: 'Storage', products: ['LTL-CN-RU', 'CUSTOMS-BQT'] },
  {
    code: 'TRACKING',
    name: 'Отслеживание груза',
    nameEn: 'Cargo tracking',
    products: ['FTL-EU-RU', 'LTL-CN-RU', 'RAIL-CN-BY', 'AIR-SHA-MOW', 'SEA-CN-RU'],
  },
] as const;

/** Our two companies: INN, KPP and OGRN of the Moscow one pass their checksums. */
const LEGAL_ENTITIES = [
  {
    key: 'MOW',
    name: 'Общество с ограниченной ответственностью «Евразия Логистик»',
    shortName: 'ООО «Евразия Логистик»',
    inn: '7707654321',
    kpp: '770701001',
    ogrn: '1027700132195',
    country: 'RU',
    address: 'Москва, Ленинградский проспект, 39',
  },
  {
    key: 'MSQ',
    name: 'Общество с ограниченной ответственностью «Евразия Логистик Бел»',
    shortName: 'ООО «Евразия Логистик Бел»',
    inn: null,
    kpp: null,
    ogrn: null,
    country: 'BY',
    address: 'Минск, проспект Победителей, 100',
  },
] as const;

/** Russian banks with BIK and correspondent account; Belarusian and Chinese ones with SWIFT. */
const BANKS = [
  {
    key: 'SBER',
    name: 'ПАО Сбербанк',
    bik: '044525225',
    correspondentAccount: '30101810400000000225',
    swift: 'SABRRUMM',
    country: 'RU',
    address: 'Москва, ул. Вавилова, 19',
  },
  {
    key: 'ALFA',
    name: 'АО «Альфа-Банк»',
    bik: '044525593',
    correspondentAccount: '30101810200000000593',
    swift: 'ALFARUMM',
    country: 'RU',
    address: 'Москва, ул. Каланчёвская, 27',
  },
  {
    key: 'PRIOR',
    name: 'ОАО «Приорбанк»',
    bik: null,
    correspondentAccount: null,
    swift: 'PJCBBY2X',
    country: 'BY',
    address: 'Минск, ул. Радиальная, 38А',
  },
  {
    key: 'BOC',
    name: 'Bank of China (Shanghai Branch)',
    bik: null,
    correspondentAccount: null,
    swift: 'BKCHCNBJ300',
    country: 'CN',
    address: 'Shanghai, Pudong, Yincheng Road 200',
  },
] as const;

/** Accounts checked like the API does: keys against the BIK in Russia, IBANs in Belarus. */
const PAYMENT_FORMS = [
  {
    name: 'Евразия — Сбербанк RUB',
    entity: 'MOW',
    bank: 'SBER',
    account: '40702810200000012345',
    currency: 'RUB',
    office: 'MOW',
    withVat: true,
  },
  {
    name: 'Евразия — Сбербанк EUR',
    entity: 'MOW',
    bank: 'SBER',
    account: '40702978100000012345',
    currency: 'EUR',
    office: 'MOW',
    withVat: false,
  },
  {
    name: 'Евразия — Сбербанк USD',
    entity: 'MOW',
    bank: 'SBER',
    account: '40702840500000012345',
    currency: 'USD',
    office: 'MOW',
    withVat: false,
  },
  {
    name: 'Евразия — Альфа-Банк RUB (СПб)',
    entity: 'MOW',
    bank: 'ALFA',
    account: '40702810500003802001',
    currency: 'RUB',
    office: 'LED',
    withVat: true,
  },
  {
    name: 'Евразия — Bank of China CNY',
    entity: 'MOW',
    bank: 'BOC',
    account: '456377012345',
    currency: 'CNY',
    office: 'SHA',
    withVat: false,
  },
  {
    name: 'Евразия Бел — Приорбанк BYN',
    entity: 'MSQ',
    bank: 'PRIOR',
    account: 'BY95PJCB30120000000000000001',
    currency: 'BYN',
    office: 'MSQ',
    withVat: true,
  },
  {
    name: 'Евразия Бел — Приорбанк EUR',
    entity: 'MSQ',
    bank: 'PRIOR',
    account: 'BY68PJCB30120000000000000002',
    currency: 'EUR',
    office: 'BQT',
    withVat: false,
  },
  {
    name: 'Евразия Бел — Приорбанк USD',
    entity: 'MSQ',
    bank: 'PRIOR',
    account: 'BY41PJCB30120000000000000003',
    currency: 'USD',
    office: 'MSQ',
    withVat: false,
  },
] as const;

const COUNTERPARTY_STATUSES = [
  { code: 'NEW', name: 'Новый', nameEn: 'New' },
  { code: 'ACTIVE', name: 'Активный', nameEn: 'Active' },
  { code: 'ON-HOLD', name: 'Приостановлен', nameEn: 'On hold' },
  { code: 'LOST', name: 'Потерян', nameEn: 'Lost' },
];

const COUNTERPARTY_FEATURES = [
  { code: 'ADR', name: 'Опасные грузы (ADR)', nameEn: 'Dangerous goods (ADR)' },
  { code: 'TEMP', name: 'Температурный режим', nameEn: 'Temperature control' },
  { code: 'OVERSIZE', name: 'Негабаритные грузы', nameEn: 'Oversized cargo' },
  { code: 'BONDED', name: 'Таможенный склад (СВХ)', nameEn: 'Bonded warehouse' },
  { code: 'PREPAY', name: 'Работа по предоплате', nameEn: 'Prepayment only' },
];

/** Maps codes to the ids of the rows just inserted (or of reference data). */
const idsBy = <K extends string>(rows: readonly ({ id: number } & Record<K, string | null>)[], key: K) =>
  new Map(rows.map((row) => [row[key] as string, row.id]));

/**
 * Demo offices, access groups, users and the reference dictionaries of a forwarder (DEMO_DATA): services,
 * products, stage and job types, our companies with their banks and payment forms, counterparty statuses
 * and features, and clients and contractors with their contacts, accounts, agreements, drivers and
 * vehicles. Runs once: it does nothing when any service office exists, so it never touches a database
 * someone works in.
 */
export async function seedDemoData(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
  registries: Registries,
): Promise<boolean> {
  const [anyOffice] = await database.db.select({ id: serviceOffices.id }).from(serviceOffices).limit(1);
  if (anyOffice) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let cabinetUsers: DemoCabinetUser[] = [];
  let contractorUsers: DemoCabinetUser[] = [];
  let carrierUsers: DemoCabinetUser[] = [];
  await database.db.transaction(async (tx) => {
    const offices = await tx
      .insert(serviceOffices)
      .values(
        OFFICES.map((o) => ({ code: o.code, name: o.name, address: o.address, ipAddresses: [...o.ips] })),
      )
      .returning({ id: serviceOffices.id, code: serviceOffices.code });
    const officeId = new Map(offices.map((o) => [o.code, o.id]));
    const groups = await tx
      .insert(accessGroups)
      .values(GROUPS)
      .returning({ id: accessGroups.id, name: accessGroups.name });
    const groupId = new Map(groups.map((g) => [g.name, g.id]));
    const userId = new Map<string, number>();
    for (const demo of USERS) {
      const [contact] = await tx.insert(contacts).values({ name: demo.name }).returning({ id: contacts.id });
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          passwordHash,
          contactId: contact!.id,
          serviceOfficeId: officeId.get(demo.office) ?? null,
          locale: demo.locale ?? 'ru-RU',
        })
        .returning({ id: users.id });
      userId.set(demo.username, user!.id);
      await tx.insert(userAccessGroups).values({ userId: user!.id, accessGroupId: groupId.get(demo.group)! });
    }

    const serviceRows = await tx
      .insert(services)
      .values(SERVICES)
      .returning({ id: services.id, code: services.code });
    const serviceId = idsBy(serviceRows, 'code');
    const productRows = await tx
      .insert(products)
      .values(
        PRODUCTS.map((p) => ({
          code: p.code,
          name: p.name,
          nameEn: p.nameEn,
          serviceIds: p.services.map((code) => serviceId.get(code)!),
          maxDispatchPoints: p.points[0],
          maxDeliveryPoints: p.points[1],
        })),
      )
      .returning({ id: products.id, code: products.code });
    const productId = idsBy(productRows, 'code');
    await tx.insert(stageTypes).values(
      STAGE_TYPES.map((t, index) => ({
        code: t.code,
        name: t.name,
        pccName: t.pcc,
        pccVisible: t.pcc !== null,
        opsName: t.ops,
        opsVisible: true,
        behaviours: t.behaviours,
        sortOrder: (index + 1) * 10,
      })),
    );
    await tx.insert(jobTypes).values(
      JOB_TYPES.map((j) => ({
        code: j.code,
        name: j.name,
        nameEn: j.nameEn,
        productIds: j.products.map((code) => productId.get(code)!),
      })),
    );

    const countryId = idsBy(
      await tx
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.code, ['RU', 'BY', 'CN'])),
      'code',
    );
    const currencyId = idsBy(
      await tx
        .select({ id: currencies.id, code: currencies.code })
        .from(currencies)
        .where(inArray(currencies.code, ['RUB', 'BYN', 'EUR', 'USD', 'CNY'])),
      'code',
    );
    const entityRows = await tx
      .insert(legalEntities)
      .values(
        LEGAL_ENTITIES.map(({ key: _key, country, ...entity }) => ({
          ...entity,
          countryId: countryId.get(country)!,
          vatPayer: true,
        })),
      )
      .returning({ id: legalEntities.id });
    const entityId = new Map(LEGAL_ENTITIES.map((e, i) => [e.key, entityRows[i]!.id]));
    const bankRows = await tx
      .insert(banks)
      .values(
        BANKS.map(({ key: _key, country, ...bank }) => ({ ...bank, countryId: countryId.get(country)! })),
      )
      .returning({ id: banks.id });
    const bankId = new Map(BANKS.map((b, i) => [b.key, bankRows[i]!.id]));
    await tx.insert(paymentForms).values(
      PAYMENT_FORMS.map((f) => ({
        name: f.name,
        legalEntityId: entityId.get(f.entity)!,
        bankId: bankId.get(f.bank)!,
        accountNumber: f.account,
        currencyId: currencyId.get(f.currency)!,
        serviceOfficeId: officeId.get(f.office) ?? null,
        withVat: f.withVat,
      })),
    );
    await tx.insert(counterpartyStatuses).values(COUNTERPARTY_STATUSES);
    await tx.insert(counterpartyFeatures).values(COUNTERPARTY_FEATURES);
    await tx
      .insert(warehouseServices)
      .values(WAREHOUSE_SERVICES.map((service) => ({ ...service, currencyId: currencyId.get('RUB')! })));
    await seedDemoCompanyStructure({ tx, registries }, userId);
    await seedDemoCounterparties(tx, userId, officeId, entityId as Map<'MOW' | 'MSQ', number>);
    await seedDemoOperations(tx, userId, officeId);
    await seedDemoWorkflows(tx);
    await seedDemoDataImport(tx);
    await seedDemoRequests(tx, userId, officeId);
    await seedDemoAssignment(tx, userId, officeId);
    await seedDemoCustoms(tx, userId);
    await seedDemoRates(tx);
    const salesRoles = GROUPS.find((g) => g.name === 'Продажи')!.roles;
    await seedDemoOffers({ tx, registries }, userId, salesRoles);
    await seedDemoPricing(tx, new Date().getUTCFullYear());
    await seedDemoHyperRequests({ tx, registries }, userId, officeId, salesRoles);
    await seedDemoBills(tx);
    await seedDemoBudgets(tx);
    const financeRoles = GROUPS.find((g) => g.name === 'Финансы')!.roles;
    await seedDemoPayments({ tx, registries }, userId, financeRoles);
    await seedDemoAutomaticTransfers(tx, entityId, bankId, userId);
    await seedDemoAcquiring({ tx, registries }, userId, financeRoles);
    await seedDemoHistory({ tx, registries }, userId, financeRoles);
    await seedDemoTnved({ tx, registries });
    await seedDemoWarehouse({ tx, registries });
    await seedDemoInsurance(tx);
    await seedDemoMarking(tx);
    cabinetUsers = await seedDemoCabinets(tx, passwordHash);
    contractorUsers = await seedDemoContractorCabinet(tx, passwordHash);
    carrierUsers = await seedDemoCarrierCabinet(tx, passwordHash);
  });
  // The automatic transfers' first run: its log and the transfer it enters are on the rules' screen.
  await runAutomaticTransfers({ database, registries, startedById: null });
  log.info(
    { users: USERS.map((u) => `${u.username} (${u.group})`), password: DEMO_PASSWORD },
    'demo data loaded: sign in as any of these users',
  );
  console.log(
    `Demo users (password ${DEMO_PASSWORD}): ${USERS.map((u) => `${u.username} — ${u.group}`).join('; ')}`,
  );
  console.log(
    `Demo client cabinet users at /pcc (password ${DEMO_PASSWORD}): ${cabinetUsers.map((u) => `${u.email} — ${u.client}`).join('; ')}`,
  );
  console.log(
    `Demo contractor portal users at /ops (password ${DEMO_PASSWORD}): ${contractorUsers.map((u) => `${u.email} — ${u.client}`).join('; ')}`,
  );
  console.log(
    `Demo carrier cabinet users at /carrier (password ${DEMO_PASSWORD}): ${carrierUsers.map((u) => `${u.email} — ${u.client}`).join('; ')}`,
  );
  return true;
}
