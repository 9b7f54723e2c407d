export * from './amount-in-words';
export * from './bank-statement';
export * from './currency-rates';
export * from './finance-control-status-reasons';
export * from './payment-forms';
export * from './printable-bill-document';
export * from './printable-bill-templates';
export * from './rate-import';
