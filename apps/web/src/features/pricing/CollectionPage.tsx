import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PriceRow } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import type { ResourceScreenProps } from '../../platform/resources';
import { resourceKey } from '../../platform/resources/keys';
import { ResourceForm } from '../../platform/resources/ResourceForm';

/** A rate table's page: the generated form of the collection, and its rows as imported. */
export function CollectionPage(props: ResourceScreenProps) {
  const { t } = useTranslation('pricing');
  return (
    <ResourceForm
      {...props}
      options={{
        ...props.options,
        recordTabs: (record) => [
          {
            value: 'rows',
            label: t('rows.tab'),
            testId: 'tab-rows',
            content: (
              <CollectionRows
                collectionId={record.id}
                queryKey={[...resourceKey(props.descriptor), 'rows', record.id]}
              />
            ),
          },
        ],
      }}
    />
  );
}

/** The rows in the sheet's order: where they came from, the destination, the breaks and the price. */
function CollectionRows({ collectionId, queryKey }: { collectionId: number; queryKey: readonly unknown[] }) {
  const { t } = useTranslation('pricing');
  const rows = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get<PriceRow[]>(`/request-offers/rate-tables/${collectionId}/rows`, { signal }),
  });
  if (!rows.data) return null;
  if (rows.data.length === 0) return <Text c="dimmed">{t('rows.none')}</Text>;
  const any = t('rows.any');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder data-testid="collection-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('rows.sourceRow')}</Table.Th>
            <Table.Th>{t('rows.toRegion')}</Table.Th>
            <Table.Th ta="right">{t('rows.weightBreak')}</Table.Th>
            <Table.Th ta="right">{t('rows.volumeBreak')}</Table.Th>
            <Table.Th ta="right">{t('rows.price')}</Table.Th>
            <Table.Th>{t('rows.currency')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td ta="right">{row.sourceRow}</Table.Td>
              <Table.Td>{row.toRegionName}</Table.Td>
              <Table.Td ta="right">{row.weightBreak ?? any}</Table.Td>
              <Table.Td ta="right">{row.volumeBreak ?? any}</Table.Td>
              <Table.Td ta="right">{row.price}</Table.Td>
              <Table.Td>{row.currency}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
