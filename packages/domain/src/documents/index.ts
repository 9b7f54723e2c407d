export * from './documents';
export * from './templates';
