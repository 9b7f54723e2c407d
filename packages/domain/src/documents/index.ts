export * from './documents';
export * from './initiator-values';
export * from './templates';
