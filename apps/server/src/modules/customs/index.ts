// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Customs: the dictionaries other modules reference.
export { declarationReportScope } from './declarations/report-scope';
export { customsDeclarations, customsPoints, customsResponsibilities } from './tables';
