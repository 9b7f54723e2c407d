export * from './bills';
export * from './currency-rates';
export * from './finance-control-status-reasons';
export * from './payment-forms';
