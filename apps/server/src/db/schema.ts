// Every table of the product, for drizzle-kit (drizzle.config.ts) to write migrations from. One line per
// module; the running app does not import it (`Db` is typed on no schema).
export * from '../modules/counterparties/tables';
export * from '../modules/custom-fields/tables';
export * from '../modules/operations/tables';
export * from '../modules/options/tables';
export * from '../modules/settings/tables';
export * from '../modules/tms/tables';
export * from '../modules/user-defined-lists/tables';
export * from '../platform/auth/tables';
export * from '../platform/changelog/tables';
export * from '../platform/files/tables';
export * from '../platform/identity/tables';
export * from '../platform/list-views/tables';
