import {
  IconFileInvoice,
  IconKey,
  IconMessageQuestion,
  IconReceipt,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import { Navigate, Route, Routes } from 'react-router';
import { CabinetLoginPage, CabinetPasswordPage } from './CabinetAuthPages';
import { CabinetBell } from './CabinetBell';
import { type CabinetSection, CabinetShell } from './CabinetShell';
import { CabinetUsersScreen } from './CabinetUsersScreen';
import { PccApiKeysScreen } from './PccApiKeysScreen';
import {
  PccBillsScreen,
  PccOrderScreen,
  PccOrdersScreen,
  PccQuotesScreen,
  PccRequestsScreen,
} from './PccScreens';

/** The client cabinet's menu, each section shown to the roles within the cabinet it needs. */
const SECTIONS: readonly CabinetSection[] = [
  { path: '/pcc/requests', label: 'pcc.nav.requests', icon: IconMessageQuestion, role: 'CABINET_REQUESTS' },
  { path: '/pcc/quotes', label: 'pcc.nav.quotes', icon: IconReceipt, role: 'CABINET_REQUESTS' },
  { path: '/pcc/orders', label: 'pcc.nav.orders', icon: IconTruckDelivery, role: null },
  { path: '/pcc/bills', label: 'pcc.nav.bills', icon: IconFileInvoice, role: 'CABINET_FINANCE' },
  { path: '/pcc/users', label: 'cabinet.users.nav', icon: IconUsers, role: 'CABINET_ADMIN' },
  { path: '/pcc/api-keys', label: 'pcc.nav.apiKeys', icon: IconKey, role: null },
];

/**
 * The client cabinet (`/pcc/...`): its own sign-in, shell and screens beside the back office's, loaded
 * only when a client opens it.
 */
export function PccApp() {
  return (
    <Routes>
      <Route path="login" element={<CabinetLoginPage kind="client" />} />
      <Route path="password" element={<CabinetPasswordPage kind="client" />} />
      <Route
        element={<CabinetShell kind="client" sections={SECTIONS} userTools={<CabinetBell kind="client" />} />}
      >
        <Route index element={null} />
        <Route path="requests" element={<PccRequestsScreen />} />
        <Route path="quotes" element={<PccQuotesScreen />} />
        <Route path="orders" element={<PccOrdersScreen />} />
        <Route path="orders/:id" element={<PccOrderScreen />} />
        <Route path="bills" element={<PccBillsScreen />} />
        <Route path="api-keys" element={<PccApiKeysScreen />} />
        <Route path="users" element={<CabinetUsersScreen kind="client" />} />
        <Route path="*" element={<Navigate to="/pcc" replace />} />
      </Route>
    </Routes>
  );
}
