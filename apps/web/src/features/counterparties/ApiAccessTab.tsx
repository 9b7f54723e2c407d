import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Counterparty, ResourceDescriptor } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { joinErrorLines } from '../../platform/kit/errorText';
import { resourceKey } from '../../platform/resources/ResourceList';
import { notifySaved } from '../../platform/snackbar';
import { HoldToConfirm, validationErrorsOf } from '../../platform/widgets';
import classes from './CounterpartyPage.module.css';

/**
 * The cabinet's API access: generate (shown once, with a copy button) or revoke the key, and the
 * addresses the key is accepted from.
 */
export function ApiAccessTab({
  descriptor,
  record,
  canEdit,
}: {
  descriptor: ResourceDescriptor;
  record: Counterparty;
  canEdit: boolean;
}) {
  const { t } = useTranslation('counterparties');
  const system = useSystemData();
  const client = useQueryClient();
  const allowed = canEdit && hasRole(system, 'ROLE_COUNTERPARTY_API_KEYS');
  const [issued, setIssued] = useState<string | null>(null);
  const [ips, setIps] = useState<string[]>(record.apiAllowedIps);
  const [ipsError, setIpsError] = useState<string | null>(null);
  useEffect(() => setIps(record.apiAllowedIps), [record.apiAllowedIps]);
  const path = `${descriptor.path}/${record.id}`;
  const refresh = () => client.invalidateQueries({ queryKey: resourceKey(descriptor) });

  const generate = useMutation({
    mutationFn: () => api.post<{ apiKey: string }>(`${path}/api-key`),
    onSuccess: async ({ apiKey }) => {
      setIssued(apiKey);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: () => api.delete(`${path}/api-key`),
    onSuccess: async () => {
      notifySaved(t('common:saved'));
      await refresh();
    },
  });
  const saveIps = useMutation({
    mutationFn: () => api.put<Counterparty>(path, { apiAllowedIps: ips, version: record.version }),
    onSuccess: async (saved) => {
      setIpsError(null);
      notifySaved(t('common:saved'));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await refresh();
    },
    onError: (error) => {
      // Every message of the refused save goes under the one input (an address's, or the record's).
      const messages = Object.values(validationErrorsOf(error) ?? {}).flat();
      if (messages.length) setIpsError(joinErrorLines(messages));
      else if (error instanceof ApiError && error.status === 409) setIpsError(t('apiAccess.stale'));
    },
  });

  return (
    <Stack gap="md" maw={820} data-testid="api-access">
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} size="sm" component="h3" m={0}>
              {t('apiAccess.key')}
            </Text>
            <Badge
              variant="dot"
              tt="none"
              color={record.hasApiKey ? 'teal' : 'gray'}
              data-testid="api-key-state"
            >
              {record.hasApiKey ? t('apiAccess.issued') : t('apiAccess.none')}
            </Badge>
          </Group>
          <Text size="sm" className={classes.muted}>
            {record.hasApiKey && record.apiKeyCreatedAt
              ? t('apiAccess.issuedAt', { date: formatDateTime(record.apiKeyCreatedAt) })
              : t('apiAccess.hint')}
          </Text>
          {allowed && (
            <Group gap="sm">
              <Button
                leftSection={<IconKey size={16} />}
                loading={generate.isPending}
                onClick={() => generate.mutate()}
                data-testid="generate-api-key"
              >
                {record.hasApiKey ? t('apiAccess.regenerate') : t('apiAccess.generate')}
              </Button>
              {record.hasApiKey && (
                <HoldToConfirm
                  color="red.9"
                  onConfirm={() => revoke.mutate()}
                  loading={revoke.isPending}
                  data-testid="revoke-api-key"
                >
                  {t('apiAccess.revoke')}
                </HoldToConfirm>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <TagsInput
            id="field-apiAllowedIps"
            label={t('apiAccess.allowedIps')}
            description={t('apiAccess.allowedIpsHint')}
            value={ips}
            onChange={(next) => {
              setIps(next);
              setIpsError(null);
            }}
            error={ipsError}
            disabled={!allowed}
            clearable
            splitChars={[',', ' ', ';']}
          />
          {allowed && (
            <Group>
              <Button
                variant="default"
                loading={saveIps.isPending}
                onClick={() => saveIps.mutate()}
                data-testid="save-allowed-ips"
              >
                {t('apiAccess.saveIps')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Modal
        opened={issued !== null}
        onClose={() => setIssued(null)}
        title={t('apiAccess.shownOnceTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('apiAccess.shownOnce')}
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="api-key-value">
              {issued}
            </Code>
            <CopyButton value={issued ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? t('apiAccess.copied') : t('apiAccess.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => setIssued(null)} data-testid="api-key-done">
              {t('common:close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
