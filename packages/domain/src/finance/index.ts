export * from './bank-statement';
export * from './currency-rates';
export * from './finance-control-status-reasons';
export * from './payment-forms';
export * from './rate-import';
