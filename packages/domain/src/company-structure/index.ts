export * from './items';
export * from './people';
export * from './settings';
export * from './staff-positions';
