import { Center, Loader } from '@mantine/core';
import { IconGitBranch } from '@tabler/icons-react';
import type { WorkflowInitiatorType } from '@tms/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordTab } from '../../platform/resources/RecordPage';

// The block's code loads with its tab, not with the record's page.
const RecordWorkflows = lazy(() => import('./RecordWorkflows').then((m) => ({ default: m.RecordWorkflows })));

function WorkflowsTitle() {
  const { t } = useTranslation('workflows');
  return <>{t('block.title')}</>;
}

/** The workflows block of a record's page (spec §2: the order property view's blocks; jobs, requests, bills). */
export function workflowBlocks(type: WorkflowInitiatorType, id: number): RecordTab[] {
  return [
    {
      value: 'workflows',
      label: <WorkflowsTitle />,
      icon: <IconGitBranch size={14} />,
      testId: 'tab-workflows',
      content: (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <RecordWorkflows type={type} id={id} />
        </Suspense>
      ),
    },
  ];
}
