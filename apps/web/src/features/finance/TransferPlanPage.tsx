import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  internalTransferResource,
  orderResource,
  TRANSFERS_STATUS_LABELS,
  type TransferPlan,
  type TransferPlanResult,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import { formatMoney, padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { BlockTable } from '../../platform/kit/blocks';
import { resourceKey } from '../../platform/resources/keys';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordIdOf,
  recordStateOf,
} from '../../platform/resources/RecordPage';
import { notifySaved } from '../../platform/snackbar';
import { validationErrorsOf } from '../../platform/widgets';

type Need = TransferPlan['needs'][number];
type Choice = { senderFormId: number | null; recipientFormId: number | null };
const needKey = (need: Need) => `${need.legalEntityId}:${need.currencyId}`;
const STATUS_COLOR = { 'not-required': 'gray', 'not-ready': 'orange', ready: 'green' } as const;

/**
 * An order's transfer plan (`/finances/internal-transfers/from-transfer-plan/{orderId}`, spec §2): per
 * company of the group and currency, what the order's expenses there need, what its transfers cover and
 * what is still to transfer; the forms to send from and receive on (chosen where several fit), and the
 * action that creates every missing transfer at once. The order's transfers status follows.
 */
export function TransferPlanPage() {
  const { t, i18n } = useTranslation(['finance', 'common', 'resources']);
  const orderId = recordIdOf(useParams().orderId) ?? Number.NaN;
  const client = useQueryClient();
  const key = [...resourceKey(internalTransferResource), 'transfer-plan', orderId];
  const plan = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      // The page shows a failure itself, in place of the plan.
      api.get<TransferPlan>(`/finances/internal-transfers/transfer-plan/${orderId}`, {
        signal,
        ...RECORD_LOAD,
      }),
    enabled: !Number.isNaN(orderId),
  });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const create = useMutation({
    mutationFn: (needs: Need[]) =>
      api.post<TransferPlanResult>(`/finances/internal-transfers/transfer-plan/${orderId}`, {
        choices: needs.map((need) => ({
          legalEntityId: need.legalEntityId,
          currencyId: need.currencyId,
          ...chosen(need),
        })),
      }),
    onSuccess: (data) => {
      client.setQueryData(key, data.plan);
      void client.invalidateQueries({ queryKey: resourceKey(internalTransferResource) });
      void client.invalidateQueries({ queryKey: resourceKey(orderResource) });
      setChoices({});
      notifySaved(t('internalTransfers.plan.created', { count: data.createdIds.length }));
    },
  });
  const chosen = (need: Need): Choice => ({
    senderFormId: choices[needKey(need)]?.senderFormId ?? need.senderFormId,
    recipientFormId: choices[needKey(need)]?.recipientFormId ?? need.recipientFormId,
  });
  const language = i18n.language.startsWith('en') ? 'en' : 'ru';
  const data = plan.data;
  const state = recordStateOf([plan], Number.isNaN(orderId));
  if (state !== 'ready' || !data) {
    return (
      <RecordPlaceholder
        state={state}
        back={Number.isNaN(orderId) ? '/tms/orders' : `/tms/orders/${orderId}`}
        error={plan.error}
        onRetry={() => void plan.refetch()}
      />
    );
  }
  const errors = validationErrorsOf(create.error) ?? {};
  const fieldError = (index: number, field: keyof Choice) =>
    errors[`needs.${index}.${field}`]?.map((message) => translateServerMessage(message)).join(' ');
  const otherErrors = Object.entries(errors)
    .filter(([path]) => !path.startsWith('needs.'))
    .flatMap(([, messages]) => messages);
  const missing = data.needs.filter((need) => /[1-9]/.test(need.missing));
  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);

  const formCell = (need: Need, index: number, field: keyof Choice) => {
    const options = field === 'senderFormId' ? need.senderForms : need.recipientForms;
    const error = fieldError(index, field);
    const label = t(`internalTransfers.fields.${field}`);
    if (options.length === 0) {
      return (
        <Text size="sm" c="red.8" data-testid={`plan-${field}-${index}`}>
          {error ?? t('internalTransfers.plan.noForm')}
        </Text>
      );
    }
    if (options.length === 1 || !/[1-9]/.test(need.missing)) {
      const id = chosen(need)[field];
      return (
        <Stack gap={2}>
          <Text size="sm" data-testid={`plan-${field}-${index}`}>
            {options.find((form) => form.id === id)?.name ?? options[0]!.name}
          </Text>
          {error && (
            <Text size="xs" c="red.8">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
    return (
      <Select
        aria-label={`${label}: ${need.legalEntityName} ${need.currencyCode}`}
        data={options.map((form) => ({ value: String(form.id), label: form.name }))}
        value={chosen(need)[field] === null ? null : String(chosen(need)[field])}
        onChange={(value) =>
          setChoices({
            ...choices,
            [needKey(need)]: { ...chosen(need), [field]: value === null ? null : Number(value) },
          })
        }
        allowDeselect={false}
        error={error}
        miw={200}
        data-testid={`plan-${field}-${index}`}
      />
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="transfer-plan">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('internalTransfers.plan.title', { order: padId(data.orderNumber) })}
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to={`/tms/orders/${orderId}`} size="sm">
              {t('internalTransfers.plan.toOrder')}
            </Anchor>
            <Text size="sm" c="dimmed">
              ·
            </Text>
            <Anchor component={Link} to={`/finances/internal-transfers?orderId=${orderId}`} size="sm">
              {t('internalTransfers.plan.transfers')}
            </Anchor>
          </Group>
        </Stack>
        <Group gap="xs">
          <Text size="sm">{t('internalTransfers.plan.status')}</Text>
          <Badge
            color={STATUS_COLOR[data.transfersStatus]}
            variant="light"
            tt="none"
            data-testid="transfer-plan-status"
            data-status={data.transfersStatus}
          >
            {TRANSFERS_STATUS_LABELS[data.transfersStatus][language]}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {data.homeLegalEntityName
          ? t('internalTransfers.plan.intro', { company: data.homeLegalEntityName })
          : t('internalTransfers.plan.noIncome')}
      </Text>
      <BlockTable
        rows={data.needs}
        loading={false}
        none={t('internalTransfers.plan.none')}
        minWidth={900}
        verticalSpacing="sm"
        head={
          <>
            <Table.Th>{t('internalTransfers.plan.company')}</Table.Th>
            <Table.Th>{t('internalTransfers.fields.currencyId')}</Table.Th>
            <Table.Th ta="right">{t('internalTransfers.plan.needed')}</Table.Th>
            <Table.Th ta="right">{t('internalTransfers.plan.covered')}</Table.Th>
            <Table.Th ta="right">{t('internalTransfers.plan.missing')}</Table.Th>
            <Table.Th>{t('internalTransfers.fields.senderFormId')}</Table.Th>
            <Table.Th>{t('internalTransfers.fields.recipientFormId')}</Table.Th>
          </>
        }
      >
        {(need) => {
          const index = data.needs.indexOf(need);
          return (
            <Table.Tr key={needKey(need)} data-testid="transfer-plan-need">
              <Table.Td>{need.legalEntityName}</Table.Td>
              <Table.Td>{need.currencyCode}</Table.Td>
              <Table.Td ta="right">{money(need.needed, need.currencyCode)}</Table.Td>
              <Table.Td ta="right">{money(need.covered, need.currencyCode)}</Table.Td>
              <Table.Td ta="right" fw={600} data-testid="transfer-plan-missing">
                {money(need.missing, need.currencyCode)}
              </Table.Td>
              <Table.Td>{formCell(need, index, 'senderFormId')}</Table.Td>
              <Table.Td>{formCell(need, index, 'recipientFormId')}</Table.Td>
            </Table.Tr>
          );
        }}
      </BlockTable>
      {otherErrors.length > 0 && (
        <Alert color="red">{otherErrors.map((message) => translateServerMessage(message)).join(' ')}</Alert>
      )}
      {create.error && !validationErrorsOf(create.error) && (
        <Alert color="red">{translateServerMessage((create.error as ApiError).message)}</Alert>
      )}
      <Group>
        <Button
          leftSection={<IconArrowsLeftRight size={16} />}
          disabled={missing.length === 0}
          loading={create.isPending}
          onClick={() => create.mutate(missing)}
          data-testid="transfer-plan-create"
        >
          {missing.length
            ? t('internalTransfers.plan.create', { count: missing.length })
            : t('internalTransfers.plan.nothing')}
        </Button>
      </Group>
    </Stack>
  );
}
