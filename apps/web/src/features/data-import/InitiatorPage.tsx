import { Alert, Anchor, Group, Select, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataImportDescription } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { useOrderInitiator } from './api';
import { ImportWizard } from './ImportWizard';
import { useFieldLabel } from './useFieldLabel';

/**
 * `/data-import/initiator/order/{id}`: a file imported into one order (its cargo lines, its jobs), reached
 * from the order's page. The description is chosen here (kept in the URL, `?description=`), then the wizard.
 */
export function InitiatorPage() {
  const { t } = useTranslation('dataImport');
  const params = useParams();
  const id = Number(params.initiatorId);
  const initiator = useOrderInitiator(params.initiatorType === 'order' && id > 0 ? id : 0);
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('description')) || null;
  const client = useQueryClient();
  const description = useQuery({
    queryKey: ['data-import', 'description', chosen],
    queryFn: ({ signal }) =>
      api.get<DataImportDescription>(`/data-import/descriptions/${chosen}`, { signal }),
    enabled: chosen !== null,
  });
  const fieldLabel = useFieldLabel(description.data?.target, description.data?.resource);

  // A missing or foreign order answers as every record screen does: the way back to the orders.
  const state = recordStateOf([initiator], params.initiatorType !== 'order' || !(id > 0));
  if (state !== 'ready' || !initiator.data) {
    return (
      <RecordPlaceholder
        state={state}
        back="/tms/orders"
        error={initiator.error}
        onRetry={() => initiator.refetch()}
      />
    );
  }
  const { data } = initiator;
  return (
    <Stack gap="md" data-testid="data-import-initiator">
      <Group gap="xs">
        <Anchor component={Link} to={`/tms/orders/${data.id}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('initiator.back')}
          </Group>
        </Anchor>
      </Group>
      <Title order={3}>{t('initiator.heading', { label: data.label })}</Title>
      {data.descriptions.length === 0 ? (
        <Alert color="gray">{t('initiator.none')}</Alert>
      ) : (
        <Select
          label={t('initiator.description')}
          placeholder={t('initiator.descriptionPlaceholder')}
          data={data.descriptions.map((d) => ({
            value: String(d.id),
            label: `${d.name} — ${t(`targets.${d.target}`)}`,
          }))}
          value={chosen ? String(chosen) : null}
          onChange={(value) => setSearch(value ? { description: value } : {}, { replace: true })}
          maw={520}
          data-testid="initiator-description"
        />
      )}
      {description.data && (
        <ImportWizard
          key={description.data.id}
          description={description.data}
          initiator={{ type: 'order', id: data.id }}
          fieldLabel={fieldLabel}
          onImported={() => void client.invalidateQueries({ queryKey: ['resource', 'order'] })}
        />
      )}
    </Stack>
  );
}
