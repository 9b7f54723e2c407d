export * from './keys';
export * from './ops';
export * from './pcc';
export * from './users';
