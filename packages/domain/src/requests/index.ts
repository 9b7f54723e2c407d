export * from './request-offer-types';
