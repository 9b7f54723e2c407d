import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type BackgroundJob, MAX_EXPORT_ROWS, type PreparedExportRequest } from '@tms/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { applyJobChange } from '../jobs/api';
import { notify } from '../snackbar';
import type { ResourceTexts } from './texts';

/** A list's export query as `POST /api/prepared-exports` carries it: every value text, lists of ids as lists. */
export function preparedExportQuery(
  query: Record<string, string | number | readonly number[]>,
): PreparedExportRequest['query'] {
  const { lang: _lang, ...rest } = query;
  return Object.fromEntries(
    Object.entries(rest).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(String) : String(value),
    ]),
  );
}

/**
 * A list's export over `MAX_EXPORT_ROWS` rows is not written in the request: this dialog offers to prepare
 * it in the background (`POST /api/prepared-exports`, the same query), and leads to `/prepared-exports`.
 */
export function BackgroundExportDialog({
  texts,
  resource,
  rows,
  query,
  onClose,
}: {
  texts: ResourceTexts;
  resource: string;
  /** The list's rows (null: closed). */
  rows: number | null;
  query: PreparedExportRequest['query'];
  onClose: () => void;
}) {
  const { t } = texts;
  const number = new Intl.NumberFormat(texts.lang === 'ru' ? 'ru-RU' : 'en-US');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const prepare = async () => {
    setBusy(true);
    try {
      const job = await api.post<BackgroundJob>('/prepared-exports', { resource, query, lang: texts.lang });
      applyJobChange(client, job);
      notify({ text: t('backgroundExport.queued'), color: 'success' });
      onClose();
      navigate('/prepared-exports');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={rows !== null}
      onClose={onClose}
      title={t('backgroundExport.title')}
      data-testid="background-export"
    >
      <Text size="sm">
        {t('backgroundExport.text', {
          count: number.format(rows ?? 0),
          max: number.format(MAX_EXPORT_ROWS),
        })}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('backgroundExport.cancel')}
        </Button>
        <Button onClick={prepare} loading={busy} data-autofocus data-testid="background-export-prepare">
          {t('backgroundExport.prepare')}
        </Button>
      </Group>
    </Modal>
  );
}
