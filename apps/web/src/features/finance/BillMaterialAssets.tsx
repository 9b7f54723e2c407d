import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type ListResult,
  MATERIAL_ASSET_ROLES,
  MATERIAL_ASSET_STATUSES,
  materialAssetResource,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { BlockTable } from '../../platform/kit/blocks';
import { resourceKey } from '../../platform/resources/keys';

interface Asset {
  id: number;
  name: string;
  inventoryNumber: string;
  status: keyof typeof MATERIAL_ASSET_STATUSES;
  acquisitionDate: string | null;
  amount: string | null;
}

/**
 * An expense bill's material assets tab: the assets it bought (each costs the bill's amount, spec §8) and the
 * way to a new one, filled from the bill, for those who link assets to bills.
 */
export default function BillMaterialAssets({ bill }: { bill: { id: number; direction: string } }) {
  const { t, i18n } = useTranslation(['finance', 'settings']);
  const system = useSystemData();
  const language = i18n.language.startsWith('en') ? 'en' : 'ru';
  const assets = useQuery({
    queryKey: [...resourceKey(materialAssetResource), 'of-bill', bill.id],
    queryFn: ({ signal }) =>
      api.get<ListResult<Asset>>('/material-assets', {
        query: { billId: String(bill.id), itemsPerPage: 100 },
        signal,
      }),
  });
  const mayAdd = bill.direction === 'EXPENSE' && hasRole(system, MATERIAL_ASSET_ROLES.edit);
  return (
    <Stack gap="md" data-testid="bill-material-assets">
      {mayAdd && (
        <Group justify="flex-end">
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            component={Link}
            to={`/material-assets/new?billId=${bill.id}`}
            data-testid="bill-material-asset-add"
          >
            {t('finance:bills.addMaterialAsset')}
          </Button>
        </Group>
      )}
      <BlockTable
        rows={assets.data?.collection ?? []}
        loading={assets.isPending}
        none={t('finance:bills.noMaterialAssets')}
        head={
          <>
            <Table.Th>{t('settings:materialAssets.inventoryNumber')}</Table.Th>
            <Table.Th>{t('finance:bills.materialAssetName')}</Table.Th>
            <Table.Th>{t('settings:materialAssets.status')}</Table.Th>
            <Table.Th>{t('settings:materialAssets.acquisitionDate')}</Table.Th>
            <Table.Th>{t('settings:materialAssets.amount')}</Table.Th>
          </>
        }
      >
        {(row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor component={Link} to={`/material-assets/${row.id}`}>
                {row.inventoryNumber}
              </Anchor>
            </Table.Td>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={row.status === 'in_use' ? 'teal' : 'gray'}>
                {MATERIAL_ASSET_STATUSES[row.status][language]}
              </Badge>
            </Table.Td>
            <Table.Td>{row.acquisitionDate ? formatDate(row.acquisitionDate) : ''}</Table.Td>
            <Table.Td>{row.amount ? formatMoney(row.amount, '', i18n.language) : ''}</Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
    </Stack>
  );
}
