export * from './matching';
export * from './rules';
