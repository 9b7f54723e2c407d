import { Anchor, Badge, Button } from '@mantine/core';
import { IconArrowMerge, IconFileInvoice, IconZoomQuestion } from '@tabler/icons-react';
import {
  type Counterparty,
  counterpartyAgreementResource,
  counterpartyBankAccountResource,
  counterpartyContactResource,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf } from '../../platform/resources/logic';
import { RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { SubResourceList } from '../../platform/resources/SubResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { CarrierTransportTab } from '../carriers/CarrierTransportTab';
import { ApiAccessTab } from './ApiAccessTab';
import { CabinetUsersTab, managedCabinets } from './CabinetUsersTab';
import { ContactInfosInput } from './ContactInfosInput';
import { MainForm, useCounterpartyForm } from './MainForm';

const CONTACT_WIDGETS = { contactInfos: ContactInfosInput };
const CONTACT_DEFAULTS = { contactInfos: [] };

/** The counterparty page (`/counterparties/new`, `/counterparties/{id}`): the main form and the tabs. */
export function CounterpartyPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('counterparties');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const { record, state } = useRecord<Counterparty>(descriptor);
  // The open tab is part of the address, so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const form = useCounterpartyForm(descriptor, record.data ?? null);
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={descriptor.path}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }
  const current = record.data ?? null;
  const access = accessOf(descriptor, system.roles);
  const canEdit = access.edit && current?.mergedIntoId == null;
  const reload = () => record.refetch();

  const sub = (value: string, content: React.ReactNode, hidden = false) => ({
    value,
    label: t(`tabs.${value}`),
    content,
    hidden,
    testId: `tab-${value}`,
  });
  const tabs = [
    {
      value: 'main',
      label: t('tabs.main'),
      testId: 'tab-main',
      content: (
        <MainForm
          key={current?.id ?? 'new'}
          descriptor={descriptor}
          texts={texts}
          record={current}
          form={form}
          reload={reload}
        />
      ),
    },
    ...(current
      ? [
          sub(
            'contacts',
            <SubResourceList
              descriptor={counterpartyContactResource}
              parent={{ field: 'counterpartyId', id: current.id }}
              canEdit={canEdit}
              fields={CONTACT_WIDGETS}
              defaults={CONTACT_DEFAULTS}
            />,
          ),
          sub(
            'bankAccounts',
            <SubResourceList
              descriptor={counterpartyBankAccountResource}
              parent={{ field: 'counterpartyId', id: current.id }}
              canEdit={canEdit}
            />,
          ),
          sub(
            'agreements',
            <SubResourceList
              descriptor={counterpartyAgreementResource}
              parent={{ field: 'counterpartyId', id: current.id }}
              canEdit={canEdit}
            />,
          ),
          sub(
            'transport',
            <CarrierTransportTab counterpartyId={current.id} canEdit={canEdit} />,
            !current.contractor,
          ),
          sub('apiAccess', <ApiAccessTab descriptor={descriptor} record={current} canEdit={canEdit} />),
          sub(
            'cabinetUsers',
            <CabinetUsersTab record={current} />,
            managedCabinets(system, current).length === 0,
          ),
        ]
      : []),
  ];

  const badges = current && (
    <>
      {current.client && (
        <Badge variant="outline" color="blue.8" tt="none">
          {t('badges.client')}
        </Badge>
      )}
      {current.contractor && (
        <Badge variant="outline" color="grape.8" tt="none">
          {t('badges.contractor')}
        </Badge>
      )}
      {current.blackList && (
        <Badge variant="filled" color="red.9" tt="none" data-testid="black-list-badge">
          {t('badges.blackList')}
        </Badge>
      )}
      {current.mergedIntoId !== null && (
        <Badge variant="outline" color="gray.8" tt="none" data-testid="merged-badge">
          {t('badges.merged')}{' '}
          <Anchor component={Link} to={`${descriptor.path}/${current.mergedIntoId}`} size="xs" inherit>
            {padId(current.mergedIntoId)}
          </Anchor>
        </Badge>
      )}
    </>
  );
  const actions = current && (
    <>
      {hasRole(system, 'ROLE_COUNTERPARTY_SIMILAR_SEARCH') && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconZoomQuestion size={16} />}
          component={Link}
          to={`/counterparties/similar?${new URLSearchParams({
            ...(current.name ? { name: current.name } : {}),
            ...(current.inn ? { inn: current.inn } : {}),
            excludeId: String(current.id),
          })}`}
          data-testid="find-similar"
        >
          {t('similar.open')}
        </Button>
      )}
      {hasRole(system, 'ROLE_REPORT_BOOKS_ALL') && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconFileInvoice size={16} />}
          component={Link}
          to={`/reports/reconciliation?clientId=${current.id}`}
          data-testid="open-reconciliation"
        >
          {t('reconciliation.open')}
        </Button>
      )}
      {canEdit && hasRole(system, 'ROLE_COUNTERPARTY_MERGE') && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowMerge size={16} />}
          component={Link}
          to={`${descriptor.path}/${current.id}/merge`}
          data-testid="open-merge"
        >
          {t('merge.open')}
        </Button>
      )}
    </>
  );

  return (
    <RecordPage
      descriptor={descriptor}
      texts={texts}
      record={current}
      title={current ? current.name : `${texts.itemTitle}: ${texts.t('newRecord')}`}
      badges={badges}
      actions={actions}
      tabs={tabs}
      tab={params.get('tab') ?? 'main'}
      onTabChange={(tab) =>
        setParams(tab === 'main' ? {} : { tab }, { replace: true, preventScrollReset: true })
      }
      maw={1280}
    />
  );
}
