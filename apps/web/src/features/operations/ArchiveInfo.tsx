import { Button, List, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ArchiveBlocker } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { OPERATIONS_KEY, type OperationPath } from './api';

/**
 * Why the archiver leaves an operation out, by the server's rule (`archive-blockers`): asked when `enabled`
 * or refetched by the caller, so the popover and the archive confirmation share one answer per version.
 */
export function useArchiveBlockers(path: OperationPath, id: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, path, id, 'archive-blockers', version],
    queryFn: ({ signal }) => api.get<ArchiveBlocker[]>(`${path}/${id}/archive-blockers`, { signal }),
    enabled,
  });
}

/** The blockers as a list in the forwarder's words. */
export function ArchiveBlockerList({ blockers }: { blockers: readonly ArchiveBlocker[] }) {
  const { t } = useTranslation('operations');
  return (
    <List size="sm" spacing={2}>
      {blockers.map((blocker) => (
        <List.Item key={blocker}>{t(`archiver.blockers.${blocker}`)}</List.Item>
      ))}
    </List>
  );
}

/** Why the automatic archiver leaves an operation out, asked when the user opens it. */
export function ArchiveInfo({ path, id, version }: { path: OperationPath; id: number; version: number }) {
  const { t } = useTranslation('operations');
  const blockers = useArchiveBlockers(path, id, version, false);
  return (
    <Popover position="bottom-start" withArrow shadow="md" onOpen={() => blockers.refetch()}>
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconInfoCircle size={16} />}
          data-testid="archive-info"
        >
          {t('archiver.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={360} data-testid="archive-blockers">
        {blockers.data &&
          (blockers.data.length === 0 ? (
            <Text size="sm">{t('archiver.ready')}</Text>
          ) : (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('archiver.title')}:
              </Text>
              <ArchiveBlockerList blockers={blockers.data} />
            </Stack>
          ))}
        {blockers.isFetching && !blockers.data && <Text size="sm">{t('loading')}</Text>}
      </Popover.Dropdown>
    </Popover>
  );
}
