// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Shipment documents: nothing is used by other modules yet.
export {};
