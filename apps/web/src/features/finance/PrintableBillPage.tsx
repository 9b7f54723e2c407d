import { Alert, Badge, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconChevronDown, IconDownload, IconFileCode, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { FilesBlock } from '../../platform/kit/FilesBlock';
import { resourceKey } from '../../platform/resources/keys';
import type { Row } from '../../platform/resources/logic';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordStateOf,
  useRecord,
} from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { notifySaved } from '../../platform/snackbar';
import { HoldToConfirm } from '../../platform/widgets';
import { PrintableBillLines } from './PrintableBillLines';

/** PDF in either language, the XML export, finalize and the processed mark of a saved printable bill. */
function PrintableBillActions({ descriptor, record }: { descriptor: ResourceDescriptor; record: Row }) {
  const { t } = useTranslation(['finance', 'common']);
  const system = useSystemData();
  const client = useQueryClient();
  const path = `${descriptor.path}/${record.id}`;
  const saved = async (row: Row) => {
    notifySaved(String(t('common:saved')));
    client.setQueryData([...resourceKey(descriptor), 'record', row.id], row);
    await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
  };
  const finalize = useMutation({
    mutationFn: () => api.post<Row>(`${path}/finalize`, { version: record.version }),
    onSuccess: saved,
  });
  const processed = useMutation({
    mutationFn: (value: boolean) =>
      api.post<Row>(`${path}/processed`, { processed: value, version: record.version }),
    onSuccess: saved,
  });
  const finalized = record.finalized === true;
  return (
    <Group gap="xs">
      {finalized && (
        <Badge color="gray" leftSection={<IconLock size={12} />} data-testid="printable-bill-finalized">
          {t('printableBills.fields.finalized')}
        </Badge>
      )}
      {record.processed === true && (
        <Badge color="green" data-testid="printable-bill-processed">
          {t('printableBills.processed')}
        </Badge>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            data-testid="printable-bill-pdf"
          >
            {t('printableBills.pdf')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => download(`${path}/pdf`, { language: 'ru' })} data-testid="pdf-ru">
            {t('printableBills.pdfRu')}
          </Menu.Item>
          <Menu.Item onClick={() => download(`${path}/pdf`, { language: 'en' })} data-testid="pdf-en">
            {t('printableBills.pdfEn')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {hasRole(system, 'ROLE_PRINTABLE_BILL_XML_EXPORT') && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconFileCode size={16} />}
          onClick={() => download(`${path}/xml`)}
          data-testid="printable-bill-xml"
        >
          {t('printableBills.xml')}
        </Button>
      )}
      {!finalized && hasRole(system, 'ROLE_PRINTABLE_BILL_EDIT') && (
        <Tooltip label={t('printableBills.finalizeConfirm')} multiline w={280}>
          <HoldToConfirm
            size="sm"
            onConfirm={() => finalize.mutate()}
            loading={finalize.isPending}
            data-testid="printable-bill-finalize"
          >
            {t('printableBills.finalize')}
          </HoldToConfirm>
        </Tooltip>
      )}
      {finalized && hasRole(system, 'ROLE_PRINTABLE_BILL_PROCESSED') && (
        <Button
          variant={record.processed ? 'default' : 'light'}
          size="sm"
          leftSection={<IconCheck size={16} />}
          loading={processed.isPending}
          onClick={() => processed.mutate(record.processed !== true)}
          data-testid="printable-bill-mark-processed"
        >
          {record.processed ? t('printableBills.markUnprocessed') : t('printableBills.markProcessed')}
        </Button>
      )}
    </Group>
  );
}

/**
 * A printable bill (`/finances/printable-bills/{id}`) and a new one of a bill (`/from-bill/{billId}`: the
 * server answers the body it starts from, its template and a line for the bill's amount): the resource's
 * form with the service lines' editor, the document's actions and its files.
 */
export function PrintableBillPage(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const { billId } = useParams();
  // A finalized printable bill is frozen: its form is read-only and it has no delete (the server refuses both).
  const frozen = useRecord(props.descriptor).record.data?.finalized === true;
  const descriptor = useMemo(
    () =>
      frozen
        ? { ...props.descriptor, roles: { ...props.descriptor.roles, edit: [], delete: [] } }
        : props.descriptor,
    [frozen, props.descriptor],
  );
  const startUrl = billId ? `/finances/printable-bills/from-bill/${billId}` : null;
  const start = useQuery({
    queryKey: ['printable-bill-start', startUrl],
    queryFn: ({ signal }) => api.get<Row>(startUrl!, { signal, ...RECORD_LOAD }),
    enabled: startUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const state = startUrl ? recordStateOf([start]) : 'ready';
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={props.descriptor.path}
        error={start.error}
        onRetry={() => void start.refetch()}
      />
    );
  }
  const options = { ...props.options, fields: { ...props.options.fields, lines: PrintableBillLines } };
  return (
    <ResourceForm
      {...props}
      descriptor={descriptor}
      options={options}
      start={start.data ?? null}
      actions={(record) => record && <PrintableBillActions descriptor={props.descriptor} record={record} />}
      below={(record) => (
        <>
          {record.finalized === true && (
            <Alert color="gray" icon={<IconLock size={16} />}>
              {t('printableBills.finalizedNote')}
            </Alert>
          )}
          <FilesBlock
            url={`${props.descriptor.path}/${record.id}/files`}
            queryKey={[...resourceKey(props.descriptor), 'files', record.id]}
            canEdit={hasRole(system, 'ROLE_PRINTABLE_BILL_EDIT')}
            testId="printable-bill-files"
          />
        </>
      )}
    />
  );
}
