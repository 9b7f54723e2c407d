// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Company: our legal entities, which payment forms and counterparties reference.

export type { MaterialAssetBill, MaterialAssetBillSource } from './material-assets';
export { legalEntities } from './tables';
