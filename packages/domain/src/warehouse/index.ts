export * from './accounting';
export * from './events';
export * from './services';
export * from './warehouses';
export * from './wms';
