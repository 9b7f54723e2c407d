export * from './customs-status';
export * from './request';
export * from './request-offer-types';
