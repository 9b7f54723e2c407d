import {
  Alert,
  Anchor,
  Box,
  Button,
  FileButton,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ListResult,
  OPERATION_ROLES,
  type OrderDocumentDefaults,
  type ShipmentDocument,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatDateTime, padId } from '../../platform/format';
import { BlockTable, refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { notifySaved } from '../../platform/snackbar';
import { LazySelect } from '../../platform/widgets';
import { uploadTemporaryFile } from '../../platform/widgets/custom-fields/FileField';
import { OPERATIONS_KEY } from '../operations/api';
import { SHIPMENT_DOCUMENTS_KEY } from './TransportOrdersBlock';

type OrderDocumentKind = 'forwarding-receipt' | 'customer-application';
const KINDS: readonly OrderDocumentKind[] = ['forwarding-receipt', 'customer-application'];

/** What a signed application may be: a scan as PDF or a picture. */
const SIGNED_ACCEPT = 'application/pdf,image/png,image/jpeg,image/tiff';

/**
 * The order page's forwarding receipts and customer applications (DOMAIN.md "Documents of a shipment"): each
 * with its issuing legal entity and its .docx and PDF to download; a customer application takes the client's
 * signed scan back ("application loaded"). Below, a document made from the template of the legal entity
 * chosen, by default that of the order's income bills; refusals ("legal entity has no application
 * template") under the field they concern.
 */
export function OrderDocumentsBlock({ orderId }: { orderId: number }) {
  const { t } = useTranslation('shipmentDocuments');
  const system = useSystemData();
  const canEdit = hasRole(system, OPERATION_ROLES.order.edit);
  const client = useQueryClient();
  const key = [...SHIPMENT_DOCUMENTS_KEY, 'order', orderId];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<ListResult<ShipmentDocument>>(`/tms/orders/${orderId}/shipment-documents`, { signal }),
  });
  const defaults = useQuery({
    queryKey: [...key, 'defaults'],
    queryFn: ({ signal }) =>
      api.get<OrderDocumentDefaults>(`/tms/orders/${orderId}/shipment-documents/defaults`, { signal }),
    enabled: canEdit,
  });
  const [kind, setKind] = useState<OrderDocumentKind>('forwarding-receipt');
  // Until the user picks one, the legal entity of the order's income bills.
  const [chosen, setChosen] = useState<{ id: number | null } | null>(null);
  const legalEntityId = chosen ? chosen.id : (defaults.data?.legalEntityId ?? null);
  /** The order's files hold the documents made and the signed scans. */
  const refresh = () => {
    client.invalidateQueries({ queryKey: key });
    client.invalidateQueries({ queryKey: [...OPERATIONS_KEY, '/tms/orders', orderId, 'files'] });
  };
  const make = useMutation({
    mutationFn: () =>
      api.post<ShipmentDocument>(
        `/tms/orders/${orderId}/shipment-documents`,
        { kind, ...(legalEntityId === null ? {} : { legalEntityId }) },
        { suppressPopup: [400] },
      ),
    onSuccess: () => {
      notifySaved(t('orderDocuments.made'));
      refresh();
    },
  });
  const refusal = refusalOf(make.error);
  const entityRefusal = refusal.field('legalEntityId');
  const otherRefusal = entityRefusal ? (refusal.field('root') ?? refusal.field('kind')) : refusal.all;
  const rows = list.data?.collection ?? [];
  return (
    <Stack gap="md" data-testid="order-documents">
      <BlockTable
        rows={rows}
        loading={list.isLoading}
        none={t('orderDocuments.none')}
        minWidth={720}
        head={
          <>
            <Table.Th>{t('fields.number')}</Table.Th>
            <Table.Th>{t('fields.kind')}</Table.Th>
            <Table.Th>{t('fields.legalEntity')}</Table.Th>
            <Table.Th>{t('fields.createdAt')}</Table.Th>
            <Table.Th>{t('fields.files')}</Table.Th>
            <Table.Th>{t('fields.signature')}</Table.Th>
          </>
        }
      >
        {(document) => (
          <Table.Tr key={document.id} data-testid="order-document-row">
            <Table.Td data-testid="order-document-number">{padId(document.id)}</Table.Td>
            <Table.Td>{t(`kinds.${document.kind}`)}</Table.Td>
            <Table.Td>{document.legalEntityName}</Table.Td>
            <Table.Td>{formatDate(document.createdAt)}</Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <FileLink file={document.file} label="DOCX" testId="order-document-docx" />
                <FileLink file={document.pdf} label="PDF" testId="order-document-pdf" />
              </Group>
            </Table.Td>
            <Table.Td>
              {document.kind === 'customer-application' ? (
                <SignedCopy document={document} canEdit={canEdit} onSigned={refresh} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('orderDocuments.notNeeded')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
      {make.data && make.data.emptyTags.length > 0 && (
        <Alert color="yellow" title={t('emptyTags.title')} data-testid="empty-tags">
          {make.data.emptyTags.map((tag) => `{${tag}}`).join(', ')}
        </Alert>
      )}
      {canEdit && (
        <Paper withBorder p="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              make.mutate();
            }}
          >
            <Stack gap="sm">
              <Text fw={500}>{t('orderDocuments.new')}</Text>
              {otherRefusal && <FormRootError>{otherRefusal}</FormRootError>}
              <Radio.Group
                label={t('fields.kind')}
                value={kind}
                onChange={(value) => setKind(value as OrderDocumentKind)}
                data-testid="order-document-kind"
              >
                <Group gap="lg" mt={4}>
                  {KINDS.map((one) => (
                    <Radio key={one} value={one} label={t(`kinds.${one}`)} data-testid={`kind-${one}`} />
                  ))}
                </Group>
              </Radio.Group>
              <Box maw={480}>
                <LazySelect
                  id="order-document-legal-entity"
                  url="/settings/legal-entities"
                  labelField="shortName"
                  cache
                  label={t('fields.legalEntity')}
                  description={t('orderDocuments.legalEntityHint')}
                  value={legalEntityId}
                  onChange={(value) => setChosen({ id: value === null ? null : Number(value) })}
                  error={entityRefusal}
                />
              </Box>
              <Group justify="flex-end">
                <Button type="submit" loading={make.isPending} data-testid="order-document-make">
                  {t('orderDocuments.make')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

/** A generated file to download by a signed address (the token never goes into a URL). */
function FileLink({
  file,
  label,
  testId,
}: {
  file: ShipmentDocument['file'];
  label: string;
  testId: string;
}) {
  if (!file) return null;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => void download(file.downloadLink)}
      title={file.description}
      aria-label={file.description}
      data-testid={testId}
    >
      <Group gap={4} wrap="nowrap">
        <IconDownload size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/**
 * Whether the client's signed application is back: when it was uploaded and the scan to download, or the
 * way to upload it (it goes to the order's files tagged as the application, the archive condition).
 */
function SignedCopy({
  document,
  canEdit,
  onSigned,
}: {
  document: ShipmentDocument;
  canEdit: boolean;
  onSigned: () => void;
}) {
  const { t } = useTranslation('shipmentDocuments');
  const sign = useMutation({
    mutationFn: async (chosen: File) => {
      const uploaded = await uploadTemporaryFile(chosen);
      return api.post<ShipmentDocument>(
        `/customer-applications/${document.id}/signed`,
        { fileId: uploaded.id, version: document.version },
        { suppressPopup: [400, 409] },
      );
    },
    onSuccess: () => {
      notifySaved(t('orderDocuments.uploaded'));
      onSigned();
    },
  });
  const refusal = refusalOf(sign.error).all;
  const signed = document.signedAt !== null;
  return (
    <Stack gap={4} align="flex-start" data-testid="order-document-signature">
      <Group gap="xs">
        {signed ? (
          <Text size="sm" c="green.9" data-testid="order-document-signed">
            {t('orderDocuments.signedAt', { at: formatDateTime(document.signedAt) })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="order-document-awaiting">
            {t('orderDocuments.awaiting')}
          </Text>
        )}
        {document.signedFile && (
          <FileLink
            file={document.signedFile}
            label={t('orderDocuments.scan')}
            testId="order-document-scan"
          />
        )}
      </Group>
      {canEdit && (
        <FileButton accept={SIGNED_ACCEPT} onChange={(file) => file && sign.mutate(file)}>
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="default"
              leftSection={<IconUpload size={14} />}
              loading={sign.isPending}
              data-testid="order-document-upload-signed"
            >
              {t(signed ? 'orderDocuments.replaceSigned' : 'orderDocuments.uploadSigned')}
            </Button>
          )}
        </FileButton>
      )}
      {refusal && (
        <Text size="sm" c="red.9" role="alert">
          {refusal}
        </Text>
      )}
    </Stack>
  );
}
