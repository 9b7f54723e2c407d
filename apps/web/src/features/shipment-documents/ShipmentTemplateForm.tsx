import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { resourceKey } from '../../platform/resources/keys';
import { WithRecord } from '../../platform/resources/RecordPage';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { notifySaved } from '../../platform/snackbar';
import { type TemplateFile, TemplateFileField } from '../documents/TemplateFileField';

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
  return (
    <WithRecord<ShipmentTemplate> descriptor={descriptor}>
      {({ record }) => <TemplateEditor descriptor={descriptor} record={record} />}
    </WithRecord>
  );
}

function TemplateEditor({
  descriptor,
  record,
}: Pick<ResourceScreenProps, 'descriptor'> & { record: ShipmentTemplate | null }) {
  const { t } = useTranslation('shipmentDocuments');
  const kind = KINDS[descriptor.name]!;
  const path = descriptor.path;
  const navigate = useNavigate();
  const client = useQueryClient();
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
  const [name, setName] = useState(record?.name ?? '');
  const [legalEntityId, setLegalEntityId] = useState<string | null>(
    record ? String(record.legalEntityId) : null,
  );
  const [productId, setProductId] = useState<string | null>(
    record?.productId ? String(record.productId) : null,
  );
  const [file, setFile] = useState<TemplateFile | null>(
    record ? { id: record.fileId, name: record.fileName } : null,
  );
  const [warnings, setWarnings] = useState<TemplateTagWarning[]>([]);
  const uploaded = async (chosen: TemplateFile) => {
    setFile(chosen);
    const check = await api.post<TemplateCheckResult>(
      '/shipment-templates/check',
      { kind, fileId: chosen.id },
      { suppressPopup: [400] },
    );
    setWarnings(check.warnings);
  };
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
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      if (!record) navigate(`${path}/${saved.id}`, { replace: true });
    },
  });
  const refusal = refusalOf(save.error);
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
            {refusal.field('root') && <FormRootError>{refusal.field('root')}</FormRootError>}
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
            <TemplateFileField
              file={file}
              onUploaded={uploaded}
              error={refusal.field('fileId')}
              warnings={warnings}
            />
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
