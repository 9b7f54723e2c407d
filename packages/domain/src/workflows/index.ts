export * from './descriptions';
export * from './graph';
export * from './instances';
