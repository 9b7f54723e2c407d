export * from './codes';
export * from './marking';
