export * from './legal-entities';
export * from './material-assets';
export * from './service-offices';
