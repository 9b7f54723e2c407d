import { defineModule } from '../../platform/modules';
import { reportExportTask } from './export';
import routes from './routes';

/**
 * Reports on the ledger (docs/reports.md): each report's answer, drill-down and background export. The
 * module reads finance's and operations' tables through their public entries and owns no table.
 */
export const reportsModule = defineModule({ name: 'reports', routes, tasks: [reportExportTask] });
