import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LegalEntity,
  ListResult,
  Product,
  ShipmentDocumentKind,
  ShipmentTemplate,
  TemplateCheckResult,
  TemplateTagWarning,
} from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { resourceKey } from '../../platform/resources/keys';
import {
  RECORD_LOAD,
  RecordPlaceholder,
  recordIdOf,
  recordStateOf,
} from '../../platform/resources/RecordPage';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { notifySaved } from '../../platform/snackbar';
import { uploadTemporaryFile } from '../../platform/widgets/custom-fields/FileField';
import { TagWarnings } from './TagWarnings';

const KINDS: Record<string, ShipmentDocumentKind> = {
  transport_order_template: 'transport-order',
  forwarding_receipt_template: 'forwarding-receipt',
  customer_application_template: 'customer-application',
};

/**
 * A shipment document template (`/transport-orders/templates/{id}`, `/forwarding-receipt-templates/{id}`,
 * `/customer-application-templates/{id}`): its name, legal entity, (transport orders) product and Word file.
 * An uploaded file is checked at once: its unknown tags are listed with their place before saving.
 */
export function ShipmentTemplateForm({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('shipmentDocuments');
  const kind = KINDS[descriptor.name]!;
  const path = descriptor.path;
  const id = recordIdOf(useParams().id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const existing = useQuery({
    queryKey: [...resourceKey(descriptor), 'record', id],
    queryFn: ({ signal }) => api.get<ShipmentTemplate>(`${path}/${id}`, { signal, ...RECORD_LOAD }),
    enabled: id !== null && !Number.isNaN(id),
  });
  const entities = useQuery({
    queryKey: ['shipment-documents', 'legal-entities'],
    queryFn: ({ signal }) =>
      api.get<ListResult<LegalEntity>>('/settings/legal-entities', { signal, query: { itemsPerPage: 1000 } }),
  });
  const products = useQuery({
    queryKey: ['shipment-documents', 'products'],
    queryFn: ({ signal }) =>
      api.get<ListResult<Product>>('/tms/products', { signal, query: { itemsPerPage: 1000 } }),
    enabled: kind === 'transport-order',
  });
  const [name, setName] = useState('');
  const [legalEntityId, setLegalEntityId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [file, setFile] = useState<{ id: number; name: string } | null>(null);
  const [warnings, setWarnings] = useState<TemplateTagWarning[]>([]);
  const record = existing.data;
  useEffect(() => {
    if (!record) return;
    setName(record.name);
    setLegalEntityId(String(record.legalEntityId));
    setProductId(record.productId ? String(record.productId) : null);
    setFile({ id: record.fileId, name: record.fileName });
  }, [record]);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const uploaded = await uploadTemporaryFile(chosen);
      setFile({ id: uploaded.id, name: uploaded.description });
      const check = await api.post<TemplateCheckResult>(
        '/shipment-templates/check',
        { kind, fileId: uploaded.id },
        { suppressPopup: [400] },
      );
      setWarnings(check.warnings);
    },
  });
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        legalEntityId: legalEntityId ? Number(legalEntityId) : undefined,
        ...(kind === 'transport-order' ? { productId: productId ? Number(productId) : null } : {}),
        fileId: file?.id,
      };
      return record
        ? api.put<ShipmentTemplate>(
            `${path}/${record.id}`,
            { ...body, version: record.version },
            { suppressPopup: [400] },
          )
        : api.post<ShipmentTemplate>(path, body, { suppressPopup: [400] });
    },
    onSuccess: (saved) => {
      notifySaved(t('templates.saved'));
      client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      if (!record) navigate(`${path}/${saved.id}`, { replace: true });
    },
  });
  const refusal = refusalOf(save.error);
  const uploadRefusal = refusalOf(upload.error);
  const state = id !== null ? recordStateOf([existing], Number.isNaN(id)) : 'ready';
  if (id !== null && state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={path}
        error={existing.error}
        onRetry={() => void existing.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={720}>
      <Title order={2} size="h3">
        {record?.name ?? t(`templates.new.${kind}`)}
      </Title>
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Stack>
            {refusal.field('') && <FormRootError>{refusal.field('')}</FormRootError>}
            <TextInput
              label={t('templates.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={refusal.field('name')}
              required
              data-testid="template-name"
            />
            <Select
              label={t('templates.legalEntity')}
              data={(entities.data?.collection ?? []).map((one) => ({
                value: String(one.id),
                label: one.shortName,
              }))}
              value={legalEntityId}
              onChange={setLegalEntityId}
              error={refusal.field('legalEntityId')}
              searchable
              required
              data-testid="template-legal-entity"
            />
            {kind === 'transport-order' && (
              <Select
                label={t('templates.product')}
                description={t('templates.productHint')}
                data={(products.data?.collection ?? []).map((one) => ({
                  value: String(one.id),
                  label: one.name,
                }))}
                value={productId}
                onChange={setProductId}
                error={refusal.field('productId')}
                searchable
                clearable
              />
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('templates.file')}
              </Text>
              <Group gap="sm">
                <FileButton accept=".docx" onChange={(chosen) => chosen && upload.mutate(chosen)}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconUpload size={16} />}
                      loading={upload.isPending}
                      data-testid="template-upload"
                    >
                      {t(file ? 'templates.replaceFile' : 'templates.chooseFile')}
                    </Button>
                  )}
                </FileButton>
                <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="template-file-name">
                  {file?.name ?? t('templates.noFile')}
                </Text>
              </Group>
              {(uploadRefusal.all || refusal.field('fileId')) && (
                <Alert color="red" p="xs" data-testid="template-file-error">
                  {uploadRefusal.all ?? refusal.field('fileId')}
                </Alert>
              )}
            </Stack>
            <TagWarnings warnings={warnings} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={path}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="template-save">
                {t('common:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
