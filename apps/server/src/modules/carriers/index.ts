// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Carriers: drivers and vehicles of a carrier, the drivers'
// verification.

export { carrierTripService } from './cabinet';
export { carrierDriverService, driverService, driverVerificationHistory, submitDriver } from './drivers';
export { CARRIER_PREDICATES } from './predicates';
export { counterpartyDrivers, counterpartyVehicles } from './tables';
export { carrierVehicleService, vehicleService } from './vehicles';
