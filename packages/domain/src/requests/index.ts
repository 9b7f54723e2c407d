export * from './customs-status';
export * from './hyper-request';
export * from './offer';
export * from './quote';
export * from './request';
export * from './request-offer-types';
