import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { manualArchiveWarnings } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { padId } from '../../platform/format';
import { ArchiveBlockerList, useArchiveBlockers } from './ArchiveInfo';
import type { OperationPath } from './api';

interface ArchiveConfirmProps {
  path: OperationPath;
  operation: { id: number; version: number; number: number };
  opened: boolean;
  /** The archive call is under way. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before archiving an order or job by hand, naming what is still unfinished by the server's archive
 * rule (open stages, jobs not archived, ...), so the user archives knowingly or cancels. The blockers are
 * read afresh on every opening (a job archived elsewhere changes an order's without changing its version),
 * and the archive waits for them.
 */
export function ArchiveConfirm({ path, operation, opened, busy, onCancel, onConfirm }: ArchiveConfirmProps) {
  const { t } = useTranslation('operations');
  const type = path === '/tms/orders' ? 'order' : 'job';
  const blockers = useArchiveBlockers(path, operation.id, operation.version, opened);
  const checking = blockers.isFetching || (!blockers.data && !blockers.isError);
  const warnings = blockers.data && !blockers.isFetching ? manualArchiveWarnings(blockers.data) : [];
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t(`archive.confirmTitle.${type}`, { number: padId(operation.number) })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="md" data-testid="archive-confirm">
        {checking ? (
          <Text size="sm">{t('archive.checking')}</Text>
        ) : blockers.isError ? (
          <Text size="sm">{t('archive.unknown')}</Text>
        ) : (
          warnings.length > 0 && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="archive-warnings"
            >
              {/* A heading in the text's colour: the alert's orange title is below 4.5:1 on its background. */}
              <Text size="sm" fw={600} mb={4}>
                {t(`archive.unfinished.${type}`)}
              </Text>
              <ArchiveBlockerList blockers={warnings} />
            </Alert>
          )
        )}
        <Text size="sm">{t(`archive.locks.${type}`)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus data-testid="archive-cancel">
            {t('actions.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy} disabled={checking} data-testid="archive-confirm-submit">
            {t(warnings.length > 0 ? 'archive.anyway' : 'actions.archive')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
