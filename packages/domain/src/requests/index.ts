export * from './offer';
export * from './quote';
export * from './request';
export * from './request-offer-types';
