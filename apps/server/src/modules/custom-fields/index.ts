// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Custom fields: what other modules may use.
export { copyForInheritance, customFieldsForScope, listsInUse, validateCustomFieldValues } from './service';
export { customerRequestCustomFields, operationCustomFieldGroups } from './tables';
