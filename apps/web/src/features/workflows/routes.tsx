import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { WorkflowState } from '@tms/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { type ResourceScreenProps, resourceRoutes } from '../../platform/resources';

type LazyScreen = () => Promise<ComponentType<ResourceScreenProps>>;
const descriptionPage: LazyScreen = () => import('./DescriptionPage').then((m) => m.DescriptionPage);
const instancePage: LazyScreen = () => import('./InstancePage').then((m) => m.InstancePage);

function StateCell({ state }: { state: WorkflowState | null }) {
  const { i18n } = useTranslation();
  // Written out rather than the domain's stateName: the routes load with the shell, the domain does not.
  return <>{(i18n.language === 'en' && state?.nameEn) || state?.name || ''}</>;
}

function StartButton() {
  const { t } = useTranslation('workflows');
  return (
    <Button
      component={Link}
      to="/workflow-instances/new"
      size="sm"
      leftSection={<IconPlayerPlay size={16} />}
    >
      {t('block.start')}
    </Button>
  );
}

/**
 * Workflows (spec §2): descriptions edited as a graph at `/workflow-descriptions`; instances listed with
 * filters at `/workflow-instances`, each at `/{id}` with its steps, and started by hand at `/new`.
 */
export const workflowRoutes: AppRoute[] = [
  ...resourceRoutes('/workflow-descriptions', (domain) => domain.workflowDescriptionResource, {
    form: descriptionPage,
  }),
  // Instances are started, not created through a form: `/new` is a screen of its own.
  screen(
    'workflow-instances/new',
    'workflows:instances.newTitle',
    () => import('./InstancePage').then((m) => m.StartPage),
    ['workflows'],
  ),
  ...resourceRoutes('/workflow-instances', (domain) => domain.workflowInstanceResource, {
    form: instancePage,
    toolbar: <StartButton />,
    cells: {
      initiatorId: (row) => String(row.initiatorId).padStart(6, '0'),
      state: (row) => <StateCell state={row.state as WorkflowState | null} />,
    },
  }).filter((route) => route.path !== 'workflow-instances/new'),
];
