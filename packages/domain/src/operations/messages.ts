/**
 * Stable English messages of the operations rules (spec §5, §8; docs/operations.md). The server answers
 * them as they are; the web translates them with `OPERATION_MESSAGES_RU` (English text → Russian text).
 * The lower-case ones are the spec's own wording.
 */
export const OPERATION_MESSAGES = {
  statusManual: 'current status cannot be changed manually',
  reasonRequired: 'A reason is required.',
  billsIncomplete:
    'The bills are not complete: an order needs an income bill and every job with a cost its expense bill.',
  locked: 'order or job archived or has a locking finance control status',
  insuranceDetailsIncomplete: 'Insured amount, period and cargo description are required for insurance.',
  tnvedOrDescription: 'TNVED codes or cargo description required',
  tnvedCode: 'A TNVED code has 10 digits.',
  tnvedCodesRequired: 'The cargo needs its TNVED codes.',
  weightMinimum: 'Weight must be at least 2 lbs.',
  volumeMinimum: 'Volume must be at least 611 cubic inches.',
  currencyRequired: 'A currency is required for the declared value.',
  declaredValuePerKgAboveLimit: 'The declared value per kg is above the limit of the system options.',
  declaredValueAboveInsuredValue: 'The declared value is above the insured value of the system options.',
  routePointsRequired: 'at least one dispatch point and one delivery point for orders',
  tooManyDispatchPoints: 'too many dispatch points',
  tooManyDeliveryPoints: 'too many delivery points',
  deliveryCountryMissing: 'delivery country missing',
  pointDates: 'The end date must not be before the start date.',
  deliveryBeforeDispatch: 'The delivery date must not be before the dispatch date.',
  notClient: 'The counterparty is not a client.',
  notContractor: 'The counterparty is not a contractor.',
  serviceNotInProduct: 'The service is not part of the product.',
  jobMoreThanOneOrder: 'job has more than one order',
  jobNoOrders: 'job has no orders',
  liquidAccess: 'contractor has no liquid access',
  jobTypeIncompatible: 'job type incompatible with order product',
  trackingJobBills: 'A tracking job cannot have bills.',
  expectedDate: 'expected completion date must be later than the last closed stage',
  openStages: 'has open stages',
  stageClosed: 'The stage is already closed.',
  stageInUse: 'The stage has an advice sent to the WMS and is not deleted: close it instead.',
  stageOpen: 'The stage is not closed.',
  futureDate: 'This date must not be in the future.',
  hasLinkedRecords: 'Has linked budgets, stages, bills or files.',
  clientManagementLock:
    'The client is locked by the management: only its curators and managers may create or change its orders and jobs.',
  officeOutOfScope: 'You may file orders and jobs only for your own office.',
} as const;

/** A broken rule: the message and where it goes in the Validation Failed tree, relative to the body part checked. */
export interface OperationIssue {
  path: (string | number)[];
  message: string;
}

export type OperationMessage = (typeof OPERATION_MESSAGES)[keyof typeof OPERATION_MESSAGES];

/** Russian wording of every message above, keyed by the English text the server sends. */
export const OPERATION_MESSAGES_RU: Readonly<Record<OperationMessage, string>> = {
  'current status cannot be changed manually': 'Текущий статус нельзя изменить вручную.',
  'A reason is required.': 'Укажите причину.',
  'The bills are not complete: an order needs an income bill and every job with a cost its expense bill.':
    'Счета не полны: у заказа должен быть доходный счёт, у каждой работы со стоимостью — расходный.',
  'order or job archived or has a locking finance control status':
    'Заказ или работа в архиве либо заблокированы статусом финансового контроля.',
  'Insured amount, period and cargo description are required for insurance.':
    'Для страхования укажите страховую сумму, период и описание груза.',
  'TNVED codes or cargo description required': 'Укажите коды ТН ВЭД или описание груза.',
  'A TNVED code has 10 digits.': 'Код ТН ВЭД состоит из 10 цифр.',
  'The cargo needs its TNVED codes.': 'Укажите коды ТН ВЭД груза.',
  'Weight must be at least 2 lbs.': 'Вес должен быть не меньше 2 фунтов.',
  'Volume must be at least 611 cubic inches.': 'Объём должен быть не меньше 611 кубических дюймов.',
  'A currency is required for the declared value.': 'Укажите валюту объявленной стоимости.',
  'The declared value per kg is above the limit of the system options.':
    'Объявленная стоимость за кг выше предела системных настроек.',
  'The declared value is above the insured value of the system options.':
    'Объявленная стоимость выше страховой суммы системных настроек.',
  'at least one dispatch point and one delivery point for orders':
    'В заказе нужен хотя бы один пункт отправления и один пункт доставки.',
  'too many dispatch points': 'Слишком много пунктов отправления.',
  'too many delivery points': 'Слишком много пунктов доставки.',
  'delivery country missing': 'Не указана страна доставки.',
  'The end date must not be before the start date.': 'Дата окончания не может быть раньше даты начала.',
  'The delivery date must not be before the dispatch date.':
    'Дата доставки не может быть раньше даты отправки.',
  'The counterparty is not a client.': 'Контрагент не является клиентом.',
  'The counterparty is not a contractor.': 'Контрагент не является подрядчиком.',
  'The service is not part of the product.': 'Услуга не входит в продукт.',
  'job has more than one order': 'У работы больше одного заказа.',
  'job has no orders': 'У работы нет заказов.',
  'contractor has no liquid access': 'У подрядчика нет доступа к ликвидным грузам.',
  'job type incompatible with order product': 'Тип работы несовместим с продуктом заказа.',
  'A tracking job cannot have bills.': 'У работы-отслеживания не может быть счетов.',
  'expected completion date must be later than the last closed stage':
    'Ожидаемая дата завершения должна быть позже последнего закрытого этапа.',
  'has open stages': 'Есть незакрытые этапы.',
  'The stage is already closed.': 'Этап уже закрыт.',
  'The stage has an advice sent to the WMS and is not deleted: close it instead.':
    'У этапа есть уведомление, отправленное в WMS, и он не удаляется: закройте его.',
  'The stage is not closed.': 'Этап не закрыт.',
  'This date must not be in the future.': 'Дата не может быть в будущем.',
  'Has linked budgets, stages, bills or files.': 'Есть связанные бюджеты, этапы, счета или файлы.',
  'The client is locked by the management: only its curators and managers may create or change its orders and jobs.':
    'Клиент заблокирован руководством: создавать и изменять его заказы и работы могут только его кураторы и менеджеры.',
  'You may file orders and jobs only for your own office.':
    'Заказы и работы можно оформлять только на свой офис.',
};
