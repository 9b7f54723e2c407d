export * from './cabinet';
export * from './drivers';
export * from './plates';
export * from './vehicles';
