import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CounterpartySimilarMatch, ListResult } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';

type Existing = CounterpartySimilarMatch['counterparty'];

/** How long the INN rests before it is looked up, so typing it asks once. */
const LOOKUP_DEBOUNCE_MS = 400;

/**
 * Live counterparties that already have this INN, by the similar search's exact INN match (the user's
 * read scope, `excludeId` the record being edited). `null` when nothing is to be asked: no INN, the
 * saved record's own INN, or a user without the similar search.
 */
function lookup(inn: string, excludeId: number | null) {
  const query = { inn, ...(excludeId !== null ? { excludeId } : {}) };
  return {
    queryKey: ['counterparty-similar', query],
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const answer = await api.get<ListResult<CounterpartySimilarMatch>>('/counterparties/similar', {
        query,
        signal,
        // A check beside the form: when it fails the save goes on as it would without it.
        suppressPopup: true,
      });
      return answer.collection.filter((m) => m.reasons.includes('inn')).map((m) => m.counterparty);
    },
  };
}

/**
 * The duplicate INN check of the counterparty form: `shown` are the records already holding the INN being
 * typed (for the warning under the requisites); `check()` asks for the INN as it is at the save, so the
 * warning comes before a save even when the save is quicker than the lookup.
 */
export function useDuplicateInn(value: unknown, savedInn: string | null, excludeId: number | null) {
  const system = useSystemData();
  const client = useQueryClient();
  const inn = typeof value === 'string' ? value.trim() : '';
  // A record keeping the INN it was saved with warns no more: duplicates there were accepted already.
  const asked = hasRole(system, 'ROLE_COUNTERPARTY_SIMILAR_SEARCH') && inn !== '' && inn !== savedInn;
  const [settled] = useDebouncedValue(asked ? inn : '', LOOKUP_DEBOUNCE_MS);
  const found = useQuery({ ...lookup(settled, excludeId), enabled: asked && settled === inn });
  return {
    inn,
    shown: asked && settled === inn ? (found.data ?? []) : [],
    check: async (): Promise<Existing[]> =>
      asked ? client.fetchQuery(lookup(inn, excludeId)).catch(() => []) : [],
  };
}

/** The existing records, each a link that opens it in a new tab (the form being filled stays). */
function ExistingList({ records }: { records: readonly Existing[] }) {
  const { t } = useTranslation('counterparties');
  return (
    <List size="sm" spacing={2}>
      {records.map((record) => (
        <List.Item key={record.id} data-testid="duplicate-inn-record">
          <Anchor component={Link} to={`/counterparties/${record.id}`} target="_blank" size="sm">
            {record.name}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            {[padId(record.id), record.kpp ? t('duplicates.kpp', { kpp: record.kpp }) : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Under the requisites: the INN being typed is already some counterparty's. */
export function DuplicateInnWarning({ inn, records }: { inn: string; records: readonly Existing[] }) {
  const { t } = useTranslation('counterparties');
  if (!records.length) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      mt="md"
      // A warning the user reads while typing, not an error of the save.
      role="status"
      title={t('duplicates.warning', { inn, count: records.length })}
      data-testid="duplicate-inn"
    >
      <Stack gap={6}>
        <ExistingList records={records} />
        <Text size="sm">{t('duplicates.hint')}</Text>
      </Stack>
    </Alert>
  );
}

/** Asked at the save when the INN is already some counterparty's: save anyway, or go back to the form. */
export function DuplicateInnDialog({
  inn,
  records,
  saving,
  onSave,
  onClose,
}: {
  inn: string;
  records: readonly Existing[];
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('counterparties');
  return (
    <Modal
      opened={records.length > 0}
      onClose={onClose}
      title={t('duplicates.confirmTitle')}
      data-testid="duplicate-inn-dialog"
    >
      <Stack gap="md">
        <Text size="sm">{t('duplicates.warning', { inn, count: records.length })}</Text>
        <ExistingList records={records} />
        <Text size="sm">{t('duplicates.hint')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('duplicates.back')}
          </Button>
          <Button color="orange.9" loading={saving} onClick={onSave} data-testid="duplicate-inn-save">
            {t('duplicates.saveAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
