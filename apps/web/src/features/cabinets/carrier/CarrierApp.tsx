import { IconId, IconRoute, IconTruck, IconUsers } from '@tabler/icons-react';
import { Navigate, Route, Routes } from 'react-router';
import { CabinetLoginPage, CabinetPasswordPage } from '../CabinetAuthPages';
import { CabinetBell } from '../CabinetBell';
import { type CabinetSection, CabinetShell } from '../CabinetShell';
import { CabinetUsersScreen } from '../CabinetUsersScreen';
import {
  CarrierDriverScreen,
  CarrierDriversScreen,
  CarrierTripScreen,
  CarrierTripsScreen,
  CarrierVehiclesScreen,
} from './CarrierScreens';

/** The carrier cabinet's menu, each section shown to the roles within the cabinet it needs. */
const SECTIONS: readonly CabinetSection[] = [
  { path: '/carrier/trips', label: 'carrier.nav.trips', icon: IconRoute, role: 'CABINET_TRIPS' },
  { path: '/carrier/drivers', label: 'carrier.nav.drivers', icon: IconId, role: 'CABINET_DRIVERS' },
  { path: '/carrier/vehicles', label: 'carrier.nav.vehicles', icon: IconTruck, role: 'CABINET_DRIVERS' },
  { path: '/carrier/users', label: 'cabinet.users.nav', icon: IconUsers, role: 'CABINET_ADMIN' },
];

/**
 * The carrier's cabinet (`/carrier/...`): its own sign-in, shell and screens beside the back office's,
 * loaded only when a carrier opens it.
 */
export function CarrierApp() {
  return (
    <Routes>
      <Route path="login" element={<CabinetLoginPage kind="carrier" />} />
      <Route path="password" element={<CabinetPasswordPage kind="carrier" />} />
      <Route
        element={
          <CabinetShell kind="carrier" sections={SECTIONS} userTools={<CabinetBell kind="carrier" />} />
        }
      >
        <Route index element={null} />
        <Route path="trips" element={<CarrierTripsScreen />} />
        <Route path="trips/:id" element={<CarrierTripScreen />} />
        <Route path="drivers" element={<CarrierDriversScreen />} />
        <Route path="drivers/new" element={<CarrierDriverScreen />} />
        <Route path="drivers/:id" element={<CarrierDriverScreen />} />
        <Route path="vehicles" element={<CarrierVehiclesScreen />} />
        <Route path="users" element={<CabinetUsersScreen kind="carrier" />} />
        <Route path="*" element={<Navigate to="/carrier" replace />} />
      </Route>
    </Routes>
  );
}
