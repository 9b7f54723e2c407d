/**
 * Screens declared once: each entry is a resource's list route (its API is `/api` + the route; `/new` and
 * `/{id}` follow) and its menu entry. The resource's declaration takes its `path` from here, the menu
 * (`navigation.ts`, answered by `/api/system`) puts the entry in its group for the holders of the resource's
 * roles, and the web router gives the list, form and history screens. This file imports nothing, so the
 * web's shell reads it without loading any schema.
 */
export interface DeclaredScreen {
  /** The list route, e.g. `/warehouse/services`. */
  path: string;
  /** The create screen's segment when routes.txt names it otherwise (`add`); `new` by default. */
  newPath?: string;
  /**
   * The `nav.*` key of its group in NAV_CATALOGUE, a Tabler icon, and its name: by default the resource's
   * title (its own dictionary's text; the system call answers it in both languages), or a `nav.*` key;
   * `editorsOnly`: shown to the resource's editors only, its other readers choosing its records in other
   * screens (a user's office, a bill's assets).
   */
  menu: { group: string; name?: string; icon: string; editorsOnly?: boolean };
}

/** Keyed by the descriptor's export name in `@tms/domain`; menu groups list their entries in this order. */
export const DECLARED_SCREENS = {
  countryResource: {
    path: '/settings/countries',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.countries', icon: 'world' },
  },
  currencyResource: {
    path: '/settings/currencies',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.currencies', icon: 'currency-dollar' },
  },
  contactInfoTypeResource: {
    path: '/settings/contact-info-types',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.contactInfoTypes', icon: 'message' },
  },
  vehicleTypeResource: {
    path: '/settings/vehicle-types',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.vehicleTypes', icon: 'truck' },
  },
  fileTagTypeResource: {
    path: '/settings/file-tag-types',
    menu: { group: 'nav.settingsDocuments', name: 'nav.fileTagTypes', icon: 'tags' },
  },
  courierDeliveryServiceResource: {
    path: '/courier-delivery-services',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.courierDeliveryServices', icon: 'package' },
  },
  holidayResource: {
    path: '/holidays',
    newPath: 'add',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.holidays', icon: 'calendar' },
  },
  bankResource: {
    path: '/banks',
    menu: { group: 'nav.settingsFinance', name: 'nav.banks', icon: 'building-bank' },
  },
  loadingUnloadingMethodResource: {
    path: '/tms/loading-unloading-methods',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.loadingUnloadingMethods', icon: 'truck-delivery' },
  },
  shipmentTermResource: {
    path: '/tms/shipment-terms',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.shipmentTerms', icon: 'certificate' },
  },
  serviceOfficeResource: {
    path: '/settings/service-offices',
    menu: {
      group: 'nav.settingsReferenceData',
      name: 'nav.serviceOffices',
      icon: 'building',
      editorsOnly: true,
    },
  },
  materialAssetResource: {
    path: '/material-assets',
    menu: { group: 'nav.finances', name: 'nav.materialAssets', icon: 'packages' },
  },
  financeControlStatusReasonResource: {
    path: '/settings/operation-finance-control-status-reasons',
    menu: {
      group: 'nav.settingsFinance',
      name: 'nav.financeControlStatusReasons',
      icon: 'clipboard-check',
      editorsOnly: true,
    },
  },
  currencyRateResource: {
    path: '/finances/currency-rates',
    menu: { group: 'nav.settingsFinance', name: 'nav.currencyRates', icon: 'coin' },
  },
  paymentFormResource: {
    path: '/finances/payment-forms',
    menu: { group: 'nav.settingsFinance', name: 'nav.paymentForms', icon: 'credit-card' },
  },
  ledgerAccountResource: {
    path: '/finances/ledger-accounts',
    menu: { group: 'nav.settingsFinance', icon: 'list-details' },
  },
  printableBillTemplateResource: {
    path: '/finances/printable-bill-templates',
    menu: { group: 'nav.settingsFinance', icon: 'file-invoice', editorsOnly: true },
  },
  customsPointResource: {
    path: '/tms/customs-points',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.customsPoints', icon: 'customs' },
  },
  customsResponsibilityResource: {
    path: '/tms/customs-responsibilities',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.customsResponsibilities', icon: 'shield-check' },
  },
  requestOfferTypeResource: {
    path: '/settings/request-offer-types',
    menu: { group: 'nav.settingsOperations', name: 'nav.requestOfferTypes', icon: 'list-check' },
  },
  warehouseEventResource: {
    path: '/warehouse/events',
    menu: { group: 'nav.warehouse', icon: 'bell' },
  },
  warehouseMovementResource: {
    path: '/warehouse/accounting',
    menu: { group: 'nav.warehouse', icon: 'packages' },
  },
  warehouseResource: {
    path: '/warehouse/warehouses',
    menu: { group: 'nav.warehouse', icon: 'building-warehouse' },
  },
  insurancePolicyResource: {
    path: '/settings/insurance-policies',
    menu: { group: 'nav.settingsFinance', icon: 'shield-check' },
  },
  warehouseServiceResource: {
    path: '/warehouse/services',
    menu: { group: 'nav.warehouse', icon: 'tool' },
  },
  agreementTypeResource: {
    path: '/agreement-types',
    menu: { group: 'nav.settingsDocuments', name: 'nav.agreementTypes', icon: 'license' },
  },
  counterpartyStatusResource: {
    path: '/counterparty-statuses',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.counterpartyStatuses', icon: 'clipboard-list' },
  },
  counterpartyFeatureResource: {
    path: '/counterparty-features',
    menu: { group: 'nav.settingsReferenceData', name: 'nav.counterpartyFeatures', icon: 'tags' },
  },
  stageTypeResource: {
    path: '/settings/stage-types',
    menu: { group: 'nav.settingsOperations', name: 'nav.stageTypes', icon: 'route' },
  },
  serviceResource: {
    path: '/tms/services',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.services', icon: 'tool' },
  },
  productResource: {
    path: '/tms/products',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.products', icon: 'box' },
  },
  jobTypeResource: {
    path: '/tms/job-types',
    menu: { group: 'nav.tmsDictionaries', name: 'nav.jobTypes', icon: 'briefcase' },
  },
  transportOrderTemplateResource: {
    path: '/transport-orders/templates',
    menu: { group: 'nav.settingsDocuments', icon: 'truck-delivery' },
  },
  forwardingReceiptTemplateResource: {
    path: '/forwarding-receipt-templates',
    menu: { group: 'nav.settingsDocuments', icon: 'receipt' },
  },
  customerApplicationTemplateResource: {
    path: '/customer-application-templates',
    menu: { group: 'nav.settingsDocuments', icon: 'file-certificate' },
  },
} as const satisfies Record<string, DeclaredScreen>;

export type DeclaredResourceName = keyof typeof DECLARED_SCREENS;
