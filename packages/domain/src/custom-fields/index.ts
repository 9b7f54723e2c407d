export * from './definitions';
export * from './resources';
export * from './values';
