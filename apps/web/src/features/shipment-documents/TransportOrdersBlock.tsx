import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, ShipmentDocument } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { formatDate, padId } from '../../platform/format';
import { BlockTable, refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { notifySaved } from '../../platform/snackbar';

export const SHIPMENT_DOCUMENTS_KEY = ['shipment-documents'] as const;

/** Where a transport order stands: made, mailed (asked or taken by the mail server), accepted. */
export function TransportOrderStatus({ document }: { document: ShipmentDocument }) {
  const { t } = useTranslation('shipmentDocuments');
  if (document.acceptedAt) return <Badge color="green">{t('status.accepted')}</Badge>;
  if (document.sentAt) return <Badge color="blue">{t('status.sent')}</Badge>;
  if (document.sendRequestedAt) return <Badge color="yellow">{t('status.sending')}</Badge>;
  return <Badge color="gray">{t('status.made')}</Badge>;
}

const DETAIL_FIELDS = ['vehicle', 'trailer', 'driverName', 'driverPhone', 'driverPassport', 'rate'] as const;

/**
 * The job page's transport orders: those made, each opening its page, and a form to make one from the
 * legal entity's template with the vehicle, the driver, the rate and the terms (spec §5 refusals shown).
 */
export function TransportOrdersBlock({ jobId }: { jobId: number }) {
  const { t } = useTranslation('shipmentDocuments');
  const client = useQueryClient();
  const key = [...SHIPMENT_DOCUMENTS_KEY, 'job', jobId];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<ListResult<ShipmentDocument>>(`/tms/jobs/${jobId}/transport-orders`, { signal }),
  });
  const [details, setDetails] = useState<Record<string, string>>({});
  const make = useMutation({
    mutationFn: () => {
      const filled = Object.fromEntries(Object.entries(details).filter(([, value]) => value.trim() !== ''));
      return api.post<ShipmentDocument>(
        `/tms/jobs/${jobId}/transport-orders`,
        { details: filled },
        { suppressPopup: [400] },
      );
    },
    onSuccess: () => {
      notifySaved(t('transportOrders.made'));
      setDetails({});
      client.invalidateQueries({ queryKey: key });
    },
  });
  const refusal = refusalOf(make.error);
  const rows = list.data?.collection ?? [];
  return (
    <Stack gap="md" data-testid="transport-orders">
      <BlockTable
        rows={rows}
        loading={list.isLoading}
        none={t('transportOrders.none')}
        head={
          <>
            <Table.Th>{t('fields.number')}</Table.Th>
            <Table.Th>{t('fields.template')}</Table.Th>
            <Table.Th>{t('fields.legalEntity')}</Table.Th>
            <Table.Th>{t('fields.createdAt')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
          </>
        }
      >
        {(document) => (
          <Table.Tr key={document.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/transport-orders/${document.id}`}
                data-testid="transport-order-link"
              >
                {padId(document.id)}
              </Anchor>
            </Table.Td>
            <Table.Td>{document.templateName}</Table.Td>
            <Table.Td>{document.legalEntityName}</Table.Td>
            <Table.Td>{formatDate(document.createdAt)}</Table.Td>
            <Table.Td>
              <TransportOrderStatus document={document} />
            </Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            make.mutate();
          }}
        >
          <Stack gap="sm">
            <Text fw={500}>{t('transportOrders.new')}</Text>
            {refusal.all && <FormRootError>{refusal.all}</FormRootError>}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {DETAIL_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`details.${field}`)}
                  value={details[field] ?? ''}
                  onChange={(event) => setDetails({ ...details, [field]: event.currentTarget.value })}
                  data-testid={`transport-order-${field}`}
                />
              ))}
            </SimpleGrid>
            <Textarea
              label={t('details.terms')}
              value={details.terms ?? ''}
              onChange={(event) => setDetails({ ...details, terms: event.currentTarget.value })}
              autosize
              minRows={2}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={make.isPending} data-testid="transport-order-make">
                {t('transportOrders.make')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
