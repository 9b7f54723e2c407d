export * from './collections';
export * from './import';
export * from './messages';
export * from './pricing';
export * from './regions';
