import { CabinetBell } from './CabinetBell';

/** The client cabinet's bell: the cabinets' bell on its API. */
export const PccBell = () => <CabinetBell kind="client" />;
