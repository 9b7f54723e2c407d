import { Navigate, Route, Routes } from 'react-router';
import { PccLoginPage, PccPasswordPage } from './PccAuthPages';
import {
  PccBillsScreen,
  PccOrderScreen,
  PccOrdersScreen,
  PccQuotesScreen,
  PccRequestsScreen,
} from './PccScreens';
import { PccShell } from './PccShell';

/**
 * The client cabinet (`/pcc/...`): its own sign-in, shell and screens beside the back office's, loaded
 * only when a client opens it. The shell opens the first section the user's roles give him.
 */
export function PccApp() {
  return (
    <Routes>
      <Route path="login" element={<PccLoginPage />} />
      <Route path="password" element={<PccPasswordPage />} />
      <Route element={<PccShell />}>
        <Route index element={null} />
        <Route path="requests" element={<PccRequestsScreen />} />
        <Route path="quotes" element={<PccQuotesScreen />} />
        <Route path="orders" element={<PccOrdersScreen />} />
        <Route path="orders/:id" element={<PccOrderScreen />} />
        <Route path="bills" element={<PccBillsScreen />} />
        <Route path="*" element={<Navigate to="/pcc" replace />} />
      </Route>
    </Routes>
  );
}
