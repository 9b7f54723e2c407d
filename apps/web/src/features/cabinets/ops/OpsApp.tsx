import { IconCash, IconFileInvoice, IconMessageDollar, IconTruck } from '@tabler/icons-react';
import { Navigate, Route, Routes } from 'react-router';
import { CabinetLoginPage, CabinetPasswordPage } from '../CabinetAuthPages';
import { type CabinetSection, CabinetShell } from '../CabinetShell';
import { OpsBillsScreen, OpsPaymentsScreen } from './OpsFinanceScreens';
import { OpsJobScreen } from './OpsJobScreen';
import { OpsJobsScreen } from './OpsJobsScreen';
import { OpsOffersScreen } from './OpsOffersScreen';

/** The contractor portal's menu, each section shown to the roles within the cabinet it needs. */
const SECTIONS: readonly CabinetSection[] = [
  { path: '/ops/offers', label: 'ops.nav.offers', icon: IconMessageDollar, role: 'CABINET_OFFERS' },
  { path: '/ops/jobs', label: 'ops.nav.jobs', icon: IconTruck, role: 'CABINET_JOBS' },
  { path: '/ops/bills', label: 'ops.nav.bills', icon: IconFileInvoice, role: 'CABINET_FINANCE' },
  { path: '/ops/payments', label: 'ops.nav.payments', icon: IconCash, role: 'CABINET_FINANCE' },
];

/**
 * The contractor portal (`/ops/...`): its own sign-in, the cabinets' shell and its screens beside the back
 * office's, loaded only when a contractor opens it.
 */
export function OpsApp() {
  return (
    <Routes>
      <Route path="login" element={<CabinetLoginPage kind="contractor" />} />
      <Route path="password" element={<CabinetPasswordPage kind="contractor" />} />
      <Route element={<CabinetShell kind="contractor" sections={SECTIONS} />}>
        <Route index element={null} />
        <Route path="offers" element={<OpsOffersScreen />} />
        <Route path="jobs" element={<OpsJobsScreen />} />
        <Route path="jobs/:id" element={<OpsJobScreen />} />
        <Route path="bills" element={<OpsBillsScreen />} />
        <Route path="payments" element={<OpsPaymentsScreen />} />
        <Route path="*" element={<Navigate to="/ops" replace />} />
      </Route>
    </Routes>
  );
}
