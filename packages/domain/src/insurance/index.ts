export * from './certificates';
export * from './claims';
export * from './messages';
export * from './policies';
export * from './premium';
