export * from './ops';
export * from './pcc';
export * from './users';
