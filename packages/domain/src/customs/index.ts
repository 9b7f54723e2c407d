export * from './customs-points';
export * from './customs-responsibilities';
