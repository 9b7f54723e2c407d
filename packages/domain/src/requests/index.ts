export * from './request';
export * from './request-offer-types';
