import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalEntityRule, LegalEntityRulesView } from '@tms/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { refusalOf } from '../../platform/kit/blocks';
import { notifySaved } from '../../platform/snackbar';

const KEY = ['finance', 'automatic-transfer-legal-entity-rules'];
const pairKey = (rule: Pick<LegalEntityRule, 'senderLegalEntityId' | 'recipientLegalEntityId'>) =>
  `${rule.senderLegalEntityId}:${rule.recipientLegalEntityId}`;

/** Every ordered pair of our companies, with its stored rule or an empty one (off, no default forms). */
function tableOf(view: LegalEntityRulesView): LegalEntityRule[] {
  const stored = new Map(view.rules.map((rule) => [pairKey(rule), rule]));
  return view.companies.flatMap((sender) =>
    view.companies
      .filter((recipient) => recipient.id !== sender.id)
      .map(
        (recipient) =>
          stored.get(`${sender.id}:${recipient.id}`) ?? {
            senderLegalEntityId: sender.id,
            recipientLegalEntityId: recipient.id,
            enabled: false,
            senderFormId: null,
            recipientFormId: null,
          },
      ),
  );
}

/**
 * Legal-entity transfer rules (`/finances/automatic-transfers/legal-entity-rules`): one editable table of the
 * pairs of our companies, whether automatic transfers run from one to the other and the payment forms they
 * use when a rule names none; saved whole.
 */
export function LegalEntityTransferRules() {
  const { t } = useTranslation(['finance', 'common']);
  const system = useSystemData();
  const editable = hasRole(system, ['ROLE_AUTOMATIC_TRANSFER_RULES']);
  const client = useQueryClient();
  const view = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api.get<LegalEntityRulesView>('/finances/automatic-transfers/legal-entity-rules', { signal }),
  });
  const [rows, setRows] = useState<LegalEntityRule[]>([]);
  useEffect(() => {
    if (view.data) setRows(tableOf(view.data));
  }, [view.data]);
  const save = useMutation({
    mutationFn: (rules: LegalEntityRule[]) =>
      api.put<LegalEntityRulesView>('/finances/automatic-transfers/legal-entity-rules', { rules }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      notifySaved(String(t('common:saved')));
    },
  });
  const names = useMemo(
    () => new Map((view.data?.companies ?? []).map((company) => [company.id, company.name])),
    [view.data],
  );
  const formsOf = (legalEntityId: number) =>
    (view.data?.forms ?? [])
      .filter((form) => form.legalEntityId === legalEntityId)
      .map((form) => ({ value: String(form.id), label: `${form.name} (${form.currencyCode})` }));
  const change = (index: number, values: Partial<LegalEntityRule>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...values } : row)));
  // Only the pairs that say something are stored; their index in the request is their refusals' path.
  const stored = rows.filter((row) => row.enabled || row.senderFormId || row.recipientFormId);
  const refusal = refusalOf(save.error);
  const rowError = (row: LegalEntityRule) => {
    const at = stored.indexOf(row);
    return at < 0 ? undefined : refusal.field(`rules.${at}`);
  };
  return (
    <Stack gap="md" maw={1200}>
      <Title order={2} size="h3">
        {t('automaticTransfers.legalEntityRules.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('automaticTransfers.legalEntityRules.intro')}
      </Text>
      {view.data && view.data.companies.length < 2 && (
        <Text size="sm">{t('automaticTransfers.legalEntityRules.noCompanies')}</Text>
      )}
      {refusal.other && <Alert color="red">{refusal.other}</Alert>}
      <Table.ScrollContainer minWidth={1000}>
        <Table striped verticalSpacing="xs" data-testid="legal-entity-rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('automaticTransfers.legalEntityRules.sender')}</Table.Th>
              <Table.Th>{t('automaticTransfers.legalEntityRules.recipient')}</Table.Th>
              <Table.Th>{t('automaticTransfers.legalEntityRules.enabled')}</Table.Th>
              <Table.Th>{t('automaticTransfers.legalEntityRules.senderForm')}</Table.Th>
              <Table.Th>{t('automaticTransfers.legalEntityRules.recipientForm')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const sender = names.get(row.senderLegalEntityId) ?? '';
              const recipient = names.get(row.recipientLegalEntityId) ?? '';
              const pair = `${sender} → ${recipient}`;
              const error = rowError(row);
              return (
                <Table.Tr key={pairKey(row)}>
                  <Table.Td>{sender}</Table.Td>
                  <Table.Td>
                    {recipient}
                    {error && (
                      <Text size="xs" c="red.8">
                        {error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${t('automaticTransfers.legalEntityRules.enabled')}: ${pair}`}
                      checked={row.enabled}
                      disabled={!editable}
                      onChange={(event) => change(index, { enabled: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      miw={240}
                      aria-label={`${t('automaticTransfers.legalEntityRules.senderForm')}: ${pair}`}
                      placeholder={t('automaticTransfers.legalEntityRules.none')}
                      data={formsOf(row.senderLegalEntityId)}
                      value={row.senderFormId ? String(row.senderFormId) : null}
                      onChange={(value) => change(index, { senderFormId: value ? Number(value) : null })}
                      disabled={!editable}
                      clearable
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      miw={240}
                      aria-label={`${t('automaticTransfers.legalEntityRules.recipientForm')}: ${pair}`}
                      placeholder={t('automaticTransfers.legalEntityRules.none')}
                      data={formsOf(row.recipientLegalEntityId)}
                      value={row.recipientFormId ? String(row.recipientFormId) : null}
                      onChange={(value) => change(index, { recipientFormId: value ? Number(value) : null })}
                      disabled={!editable}
                      clearable
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable && (
        <Group>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            onClick={() => save.mutate(stored)}
            data-testid="legal-entity-rules-save"
          >
            {t('automaticTransfers.legalEntityRules.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
