import { CABINET_KINDS } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { accessRoutes } from './access';
import { cabinetNotificationRoutes } from './notifications';
import { contractorBillRoutes, opsActionRoutes, opsRoutes } from './ops';
import { pccActionRoutes, pccRoutes } from './pcc';

/**
 * The cabinets' doors: who may enter and as whom (`access/`), each cabinet's bell (`notifications/`), the
 * client cabinet's records and doings (`pcc/`), the contractor's and carrier's (`ops/`).
 */
export default async function cabinetsRoutes(app: App): Promise<void> {
  accessRoutes(app);
  for (const kind of CABINET_KINDS) cabinetNotificationRoutes(app, kind);
  await pccRoutes(app);
  await pccActionRoutes(app);
  await opsRoutes(app);
  await opsActionRoutes(app);
  contractorBillRoutes(app);
}
