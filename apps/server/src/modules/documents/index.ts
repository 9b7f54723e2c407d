// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Documents: the header's recent documents.
export { recentDocuments } from './documents';
