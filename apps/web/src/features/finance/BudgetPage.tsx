import { Stack } from '@mantine/core';
import { BUDGET_ROLES, budgetItemResource } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import { SubResourceList } from '../../platform/resources/SubResourceList';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { BudgetPlan } from './BudgetPlan';

/**
 * A budget (`/budgets/new`, `/budgets/{id}`): its form (year, company, who may put bills into it), then
 * its items and the plan against the ledger's actuals, month by month.
 */
export function BudgetPage(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const canEdit = hasRole(system, BUDGET_ROLES.edit);
  return (
    <ResourceForm
      {...props}
      below={(record) => (
        <Stack gap="xl">
          <SubResourceList
            descriptor={budgetItemResource}
            parent={{ field: 'budgetId', id: record.id as number }}
            canEdit={canEdit}
            heading={t('budgets.items')}
          />
          <BudgetPlan budgetId={record.id as number} canEdit={canEdit} />
        </Stack>
      )}
    />
  );
}
