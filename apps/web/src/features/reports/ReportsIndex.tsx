import { REPORTS } from '@tms/domain';
import { Navigate } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';

/** `/reports`: the first report of the menu the user may read, or the dashboard when none. */
export function ReportsIndex() {
  const system = useSystemData();
  const first = REPORTS.find((report) => hasRole(system, report.roles));
  return <Navigate to={first?.path ?? '/dashboard'} replace />;
}
