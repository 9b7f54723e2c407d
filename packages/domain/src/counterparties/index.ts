export * from './bank';
export * from './emails';
export * from './iban';
export * from './messages';
export * from './requisites';
export * from './schemas';
export * from './text';
