export * from './customs-points';
export * from './customs-responsibilities';
export * from './declarations';
export * from './declarations-status';
export * from './release-deadline';
export * from './tnved';
