import { Center, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult, ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { formatDateTime } from '../format';
import { ChangeActor, type ChangeEntry, HistoryActionBadge } from '../kit/history';
import { resourceKey } from './keys';
import { CHANGELOG_NS, changedFieldLabel } from './logic';
import { useReferenceLabels } from './references';
import classes from './resources.module.css';
import type { ResourceTexts } from './texts';
import { displayValue } from './widgets';

const PAGE_SIZE = 20;

/** The History tab: who changed the record, when, how, and each field's old and new value. */
export function ResourceHistory({
  descriptor,
  id,
  texts,
}: {
  descriptor: ResourceDescriptor;
  id: number;
  texts: ResourceTexts;
}) {
  const { t } = texts;
  // Field labels are the change log's, so both read alike; its dictionary loads without suspending the page.
  const { t: logT, ready } = useTranslation(CHANGELOG_NS, { useSuspense: false });
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: [...resourceKey(descriptor), 'history', id, page],
    queryFn: ({ signal }) =>
      api.get<ListResult<ChangeEntry>>(`${descriptor.path}/${id}/history`, {
        query: { page, itemsPerPage: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const values = (history.data?.collection ?? []).flatMap((entry) =>
    Object.entries(entry.changes).flatMap(([name, change]) => [
      { [name]: change.old },
      { [name]: change.new },
    ]),
  );
  const referenceLabel = useReferenceLabels(descriptor.fields, values);

  if (!history.data || !ready) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (history.data.total === 0) return <Text className={classes.muted}>{t('history.empty')}</Text>;

  const show = (name: string, value: unknown) => {
    const field = fields.get(name);
    const text =
      field?.type === 'reference' || field?.type === 'references'
        ? referenceLabel(field, value)
        : displayValue(field, value, texts);
    return text === '' ? (
      <Text span className={classes.muted}>
        —
      </Text>
    ) : (
      text
    );
  };

  return (
    <Stack gap="sm" data-testid="resource-history">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={160}>{t('history.when')}</Table.Th>
              <Table.Th w={200}>{t('history.who')}</Table.Th>
              <Table.Th w={130}>{t('history.action')}</Table.Th>
              <Table.Th>{t('history.changes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.collection.map((entry) => (
              <Table.Tr key={entry.id} data-testid="history-entry" style={{ verticalAlign: 'top' }}>
                <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                <Table.Td>
                  <ChangeActor entry={entry} t={logT} />
                </Table.Td>
                <Table.Td>
                  <HistoryActionBadge
                    action={entry.action}
                    label={t(`history.actions.${entry.action}`, { defaultValue: entry.action })}
                  />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    {Object.entries(entry.changes).map(([name, change]) => {
                      return (
                        <Group key={name} gap={6} wrap="wrap" fz="sm">
                          <Text span fw={500} size="sm">
                            {changedFieldLabel(fields.get(name), name, logT)}:
                          </Text>
                          {entry.action !== 'create' && (
                            <Text span size="sm" td="line-through" className={classes.muted}>
                              {show(name, change.old)}
                            </Text>
                          )}
                          {entry.action !== 'create' && entry.action !== 'delete' && (
                            <Text span size="sm" className={classes.muted}>
                              →
                            </Text>
                          )}
                          {entry.action !== 'delete' && (
                            <Text span size="sm">
                              {show(name, change.new)}
                            </Text>
                          )}
                        </Group>
                      );
                    })}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {history.data.total > PAGE_SIZE && (
        <Pagination
          size="sm"
          value={page}
          onChange={setPage}
          total={Math.ceil(history.data.total / PAGE_SIZE)}
        />
      )}
    </Stack>
  );
}
