export * from './customs-status';
export * from './hyper-request';
export * from './request';
export * from './request-offer-types';
