// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Documents: the header's recent documents; the document
// generator's template check and generation, which other modules' templates (shipment documents) use.
export { recentDocuments } from './documents';
export {
  checkTemplateFile,
  type DocumentInitiator,
  type GenerationTemplate,
  generateDocument,
  templateWarnings,
} from './generator';
