export * from './pcc';
export * from './users';
