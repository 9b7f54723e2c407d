import { type FinanceControlStatus, fileUploadLock, jobResource, orderResource } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useSystemData } from '../../platform/auth/system';
import { FilesBlock } from '../../platform/kit/FilesBlock';
import { accessOf } from '../../platform/resources/logic';
import { OPERATIONS_KEY, type OperationPath } from './api';

/**
 * The files block of an order or job: the platform's files block at `{path}/{id}/files`. A locked
 * operation (archived, or finance control accepted) takes files only from holders of
 * ROLE_ARCHIVED_OPERATION_FILE_UPLOAD.
 */
export function OperationFiles({
  path,
  operation,
}: {
  path: OperationPath;
  operation: { id: number; archived: boolean; financeControlStatus: string };
}) {
  const { t } = useTranslation('operations');
  const system = useSystemData();
  const descriptor = path === '/tms/orders' ? orderResource : jobResource;
  const locked =
    fileUploadLock(
      {
        archived: operation.archived,
        financeControlStatus: operation.financeControlStatus as FinanceControlStatus,
      },
      { roles: system.roles, isSystem: false },
    ) !== null;
  return (
    <FilesBlock
      url={`${path}/${operation.id}/files`}
      queryKey={[...OPERATIONS_KEY, path, operation.id, 'files']}
      canEdit={accessOf(descriptor, system.roles).edit}
      lockedText={locked ? t('files.locked') : undefined}
      testId="operation-files"
    />
  );
}
