import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowRight, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@tms/domain';
import * as domain from '@tms/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime, padId } from '../../platform/format';
import { ChangeActor, type ChangeEntry, HistoryActionBadge } from '../../platform/kit/history';
import { isExactTotal, pagerRecords, totalText, useExactTotal } from '../../platform/resources/totals';
import { DateInput, LazySelect } from '../../platform/widgets';
import { type Catalogue, catalogueOf, describeChange, descriptorNamespaces, shownChanges } from './logic';

const PAGE_SIZE = 40;
/** The dictionaries of every descriptor's field labels (after the log's own, which `t` reads). */
const DESCRIPTOR_NAMESPACES = descriptorNamespaces(domain);
const FILTERS = ['entityType', 'entityId', 'userId', 'dateFrom', 'dateTo'] as const;

/** The change log (/settings/entity-changelog): who changed what and when, across every entity. */
export function ChangeLogPage() {
  const { t, i18n } = useTranslation(['changelog', ...DESCRIPTOR_NAMESPACES]);
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const system = useSystemData();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const catalogue: Catalogue = useMemo(() => catalogueOf(domain, lang, t), [lang, t]);

  const [exactTotal, askExactTotal] = useExactTotal(JSON.stringify(filters));
  const entries = useQuery({
    queryKey: ['changelog', filters, page, exactTotal],
    queryFn: ({ signal }) =>
      api.get<ListResult<ChangeEntry & { entityType: string; entityId: number }>>(
        '/settings/entity-changelog',
        {
          query: { ...filters, page, itemsPerPage: PAGE_SIZE, ...(exactTotal ? { exactTotal: 'true' } : {}) },
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const setPage = (value: number) => {
    const next = new URLSearchParams(params);
    if (value > 1) next.set('page', String(value));
    else next.delete('page');
    setParams(next);
  };
  const anyFilter = FILTERS.some((name) => filters[name]);
  const canPickUser = hasRole(system, 'ROLE_USER_LIST') || hasRole(system, 'ROLE_USER_SHOW');

  return (
    <Stack gap="md" data-testid="changelog-screen">
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            id="filter-entityType"
            w={240}
            label={t('filters.entityType')}
            placeholder={t('filters.any')}
            data={catalogue.types}
            value={filters.entityType || null}
            onChange={(value) => setFilter('entityType', value ?? '')}
            searchable
            clearable
          />
          <NumberInput
            id="filter-entityId"
            w={130}
            label={t('filters.entityId')}
            value={filters.entityId}
            onChange={(value) => setFilter('entityId', value === '' ? '' : String(value))}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
          />
          {canPickUser ? (
            <div style={{ width: 240 }}>
              <LazySelect
                id="filter-userId"
                label={t('filters.user')}
                url="/settings/users"
                labelField="contactName"
                value={filters.userId ? Number(filters.userId) : null}
                onChange={(value) => setFilter('userId', value === null ? '' : String(value))}
              />
            </div>
          ) : (
            <NumberInput
              id="filter-userId"
              w={130}
              label={t('filters.userId')}
              value={filters.userId}
              onChange={(value) => setFilter('userId', value === '' ? '' : String(value))}
              min={1}
              allowDecimal={false}
              hideControls
            />
          )}
          <DateInput
            id="filter-dateFrom"
            w={140}
            label={t('filters.dateFrom')}
            value={filters.dateFrom || null}
            onChange={(value) => setFilter('dateFrom', value ?? '')}
          />
          <DateInput
            id="filter-dateTo"
            w={140}
            label={t('filters.dateTo')}
            value={filters.dateTo || null}
            onChange={(value) => setFilter('dateTo', value ?? '')}
          />
          {anyFilter && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={14} />}
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              {t('filters.reset')}
            </Button>
          )}
        </Group>
      </Paper>

      {!entries.data ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : entries.data.total === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" withTableBorder striped data-testid="changelog-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={140}>{t('columns.when')}</Table.Th>
                  <Table.Th w={200}>{t('columns.who')}</Table.Th>
                  <Table.Th w={220}>{t('columns.entity')}</Table.Th>
                  <Table.Th w={120}>{t('columns.action')}</Table.Th>
                  <Table.Th>{t('columns.changes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.data.collection.map((entry) => {
                  const type = catalogue.byName.get(entry.entityType);
                  return (
                    <Table.Tr key={entry.id} data-testid="changelog-entry" style={{ verticalAlign: 'top' }}>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <ChangeActor entry={entry} t={t} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{type?.label ?? entry.entityType}</Text>
                        {type?.path && entry.action !== 'delete' ? (
                          <Anchor component={Link} to={`${type.path}/${entry.entityId}`} size="xs">
                            {padId(entry.entityId)}
                          </Anchor>
                        ) : (
                          <Text size="xs" c="dimmed">
                            {padId(entry.entityId)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <HistoryActionBadge
                          action={entry.action}
                          label={t(`actions.${entry.action}`, { defaultValue: entry.action })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={6}>
                          {shownChanges(type, entry.changes, entry.action).map(([field, change]) => {
                            const shown = describeChange(type, field, change, entry.action, lang, t);
                            return (
                              <Group key={field} gap={6} wrap="wrap" align="baseline" data-testid="change">
                                <Text span size="sm" fw={500}>
                                  {shown.label}:
                                </Text>
                                {shown.kind === 'list' ? (
                                  <>
                                    {shown.added.map((item) => (
                                      <Badge
                                        key={`+${item}`}
                                        size="sm"
                                        color="teal"
                                        variant="light"
                                        tt="none"
                                      >
                                        + {item}
                                      </Badge>
                                    ))}
                                    {shown.removed.map((item) => (
                                      <Badge key={`-${item}`} size="sm" color="red" variant="light" tt="none">
                                        − {item}
                                      </Badge>
                                    ))}
                                  </>
                                ) : (
                                  <>
                                    {shown.old !== null && (
                                      <Text span size="sm" c="dimmed" td="line-through">
                                        {shown.old}
                                      </Text>
                                    )}
                                    {shown.old !== null && shown.new !== null && (
                                      <IconArrowRight size={12} color="var(--mantine-color-dimmed)" />
                                    )}
                                    {shown.new !== null && (
                                      <Text span size="sm">
                                        {shown.new}
                                      </Text>
                                    )}
                                  </>
                                )}
                              </Group>
                            );
                          })}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('total', { count: entries.data.total, total: totalText(entries.data, lang) })}
              {!isExactTotal(entries.data) && (
                <>
                  {' · '}
                  <Anchor component="button" type="button" size="sm" onClick={askExactTotal}>
                    {t('exactTotal')}
                  </Anchor>
                </>
              )}
            </Text>
            {pagerRecords(entries.data, page, PAGE_SIZE) > PAGE_SIZE && (
              <Pagination
                size="sm"
                value={page}
                onChange={setPage}
                total={Math.ceil(pagerRecords(entries.data, page, PAGE_SIZE) / PAGE_SIZE)}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
