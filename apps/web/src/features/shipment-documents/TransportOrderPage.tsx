import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipmentDocument } from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, download } from '../../platform/api/client';
import { formatDate, formatDateTime, padId } from '../../platform/format';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordIdOf,
  recordStateOf,
} from '../../platform/resources/RecordPage';
import { notifySaved } from '../../platform/snackbar';
import { SHIPMENT_DOCUMENTS_KEY, TransportOrderStatus } from './TransportOrdersBlock';

/**
 * `/transport-orders/{id}`: the transport order with its job, files and details for the carrier; sending it
 * to the contractor by mail (the contractor's address offered) and recording its acceptance.
 */
export function TransportOrderPage() {
  const { t } = useTranslation('shipmentDocuments');
  const id = recordIdOf(useParams().id);
  const client = useQueryClient();
  const key = [...SHIPMENT_DOCUMENTS_KEY, 'transport-order', id];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ShipmentDocument>(`/transport-orders/${id}`, { signal, ...RECORD_LOAD }),
    enabled: id !== null && !Number.isNaN(id),
  });
  const document = query.data;
  const [to, setTo] = useState('');
  useEffect(() => {
    if (document) setTo(document.sentTo ?? document.contractorEmail ?? '');
  }, [document]);
  const onDone = (message: string) => (saved: ShipmentDocument) => {
    notifySaved(t(message));
    client.setQueryData(key, saved);
    client.invalidateQueries({ queryKey: SHIPMENT_DOCUMENTS_KEY });
  };
  const send = useMutation({
    mutationFn: () =>
      api.post<ShipmentDocument>(
        `/transport-orders/${id}/send`,
        { to, version: document?.version },
        { suppressPopup: [400, 503] },
      ),
    onSuccess: onDone('transportOrders.sending'),
  });
  const accept = useMutation({
    mutationFn: () =>
      api.post<ShipmentDocument>(
        `/transport-orders/${id}/accept`,
        { version: document?.version },
        { suppressPopup: [400] },
      ),
    onSuccess: onDone('transportOrders.accepted'),
  });
  const state = recordStateOf([query], id === null || Number.isNaN(id));
  if (state !== 'ready' || !document) {
    return (
      <RecordPlaceholder
        state={state}
        back="/tms/jobs"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const sendRefusal = refusalOf(send.error);
  const acceptRefusal = refusalOf(accept.error);
  const details = document.details;
  const facts: [string, string | null | undefined][] = [
    ['fields.legalEntity', document.legalEntityName],
    ['fields.template', document.templateName],
    ['fields.createdAt', formatDateTime(document.createdAt)],
    ['details.vehicle', details.vehicle],
    ['details.trailer', details.trailer],
    ['details.driverName', details.driverName],
    ['details.driverPhone', details.driverPhone],
    ['details.loadingDate', details.loadingDate && formatDate(details.loadingDate)],
    ['details.unloadingDate', details.unloadingDate && formatDate(details.unloadingDate)],
    ['details.rate', details.rate && `${details.rate} ${details.currencyCode ?? ''}`],
    ['details.terms', details.terms],
  ];
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('transportOrders.item')} <span data-testid="transport-order-number">{padId(document.id)}</span>
        </Title>
        <TransportOrderStatus document={document} />
      </Group>
      <Text>
        {t('fields.job')}{' '}
        <Anchor component={Link} to={`/tms/jobs/${document.operationId}`}>
          {padId(document.operationId)}
        </Anchor>
      </Text>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" w={160}>
                  {t(label)}
                </Text>
                <Text size="sm">{value}</Text>
              </Group>
            ))}
        </SimpleGrid>
        <Group mt="md" gap="md">
          {[document.pdf, document.file].map(
            (file, index) =>
              file && (
                // A download goes by a signed address: a plain link would carry no token.
                <Anchor
                  key={file.id}
                  component="button"
                  type="button"
                  onClick={() => void download(file.downloadLink)}
                  data-testid={index === 0 ? 'transport-order-pdf' : 'transport-order-docx'}
                >
                  {file.description}
                </Anchor>
              ),
          )}
        </Group>
      </Paper>
      {document.emptyTags.length > 0 && (
        <Alert color="yellow" title={t('emptyTags.title')} data-testid="empty-tags">
          {document.emptyTags.map((tag) => `{${tag}}`).join(', ')}
        </Alert>
      )}
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <Stack gap="sm">
            <Text fw={500}>{t('transportOrders.send')}</Text>
            {sendRefusal.field('') && <FormRootError>{sendRefusal.field('')}</FormRootError>}
            {sendRefusal.other && <FormRootError>{sendRefusal.other}</FormRootError>}
            <Group align="flex-end">
              <TextInput
                label={t('fields.email')}
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
                error={sendRefusal.field('to')}
                w={320}
                required
                data-testid="transport-order-email"
              />
              <Button type="submit" loading={send.isPending} data-testid="transport-order-send">
                {t('transportOrders.sendAction')}
              </Button>
            </Group>
            {document.sendRequestedAt && (
              <Text size="sm" c="dimmed" data-testid="transport-order-sent">
                {document.sentAt
                  ? t('transportOrders.sentAt', { to: document.sentTo, at: formatDateTime(document.sentAt) })
                  : t('transportOrders.sendingTo', {
                      to: document.sentTo,
                      at: formatDateTime(document.sendRequestedAt),
                    })}
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
      <Group>
        {acceptRefusal.all && <FormRootError>{acceptRefusal.all}</FormRootError>}
        {document.acceptedAt ? (
          <Text size="sm">
            {t('transportOrders.acceptedAt', { at: formatDateTime(document.acceptedAt) })}
          </Text>
        ) : (
          <Button
            variant="default"
            onClick={() => accept.mutate()}
            loading={accept.isPending}
            disabled={!document.sentAt}
            data-testid="transport-order-accept"
          >
            {t('transportOrders.acceptAction')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
