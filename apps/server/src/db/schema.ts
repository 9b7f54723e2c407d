// Every table of the product, for Drizzle's typed queries and drizzle-kit. One line per module.
export * from '../modules/access-groups/tables';
export * from '../modules/contacts/tables';
export * from '../modules/counterparties/tables';
export * from '../modules/custom-fields/tables';
export * from '../modules/operations/tables';
export * from '../modules/options/tables';
export * from '../modules/settings/tables';
export * from '../modules/tms/tables';
export * from '../modules/user-defined-lists/tables';
export * from '../modules/users/tables';
export * from '../modules/warehouse/tables';
export * from '../platform/auth/tables';
export * from '../platform/changelog/tables';
export * from '../platform/files/tables';
export * from '../platform/list-views/tables';
