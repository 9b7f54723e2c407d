export * from './descriptions';
