import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { applyJobChange } from '../../platform/jobs/api';
import { preparedExportQuery } from '../../platform/resources/BackgroundExportDialog';
import { ListFilters } from '../../platform/resources/ListFilters';
import {
  columnFields,
  defaultColumns,
  exportQueryOf,
  listStateOf,
  paramsOf,
} from '../../platform/resources/logic';
import { loadResourceTexts, useResourceTexts } from '../../platform/resources/texts';
import { notify } from '../../platform/snackbar';
import { descriptorNamed, fetchExportables, PREPARED_EXPORTS_PATH, prepareExport } from './api';

/**
 * `/export`: the user chooses a list he may read, its columns and filters (kept in the address, as a list
 * keeps them), and queues its export; it is prepared in the background and lands in `/prepared-exports`.
 */
export function ExportPage() {
  const { t, i18n } = useTranslation('exports');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const [params, setParams] = useSearchParams();
  const name = params.get('resource');
  const exportables = useQuery({
    queryKey: ['prepared-exports', 'resources'],
    queryFn: ({ signal }) => fetchExportables(signal),
  });
  const descriptor = useQuery({
    queryKey: ['prepared-exports', 'descriptor', name],
    queryFn: async () => {
      const found = await descriptorNamed(name!);
      if (found) await loadResourceTexts(found);
      return found;
    },
    enabled: name !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const choices = (exportables.data ?? [])
    .map((found) => ({ value: found.name, label: found.title[lang] }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));

  return (
    <Stack gap="md" maw={960} data-testid="export-page">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Paper withBorder p="md">
        <Select
          label={t('entity')}
          placeholder={t('entityPlaceholder')}
          data={choices}
          value={name}
          searchable
          nothingFoundMessage={t('nothingFound')}
          onChange={(value) => setParams(value ? { resource: value } : {}, { replace: true })}
          disabled={exportables.isPending}
          maw={420}
          data-testid="export-entity"
        />
      </Paper>
      {name !== null && descriptor.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {descriptor.data && <ExportForm key={descriptor.data.name} descriptor={descriptor.data} />}
    </Stack>
  );
}

function ExportForm({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { t } = useTranslation('exports');
  const texts = useResourceTexts(descriptor);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = listStateOf(descriptor, params);
  // A structured value has no text of its own in a spreadsheet unless its field gives one (a route).
  const offered = columnFields(descriptor).filter((f) => f.type !== 'json' || f.exportText !== undefined);
  const [columns, setColumns] = useState<string[]>(() =>
    defaultColumns(descriptor).filter((c) => offered.some((f) => f.name === c)),
  );
  const [busy, setBusy] = useState(false);
  // Typed freely (a list trims its search in the address): it joins the query when the export is asked.
  const [search, setSearch] = useState(state.search);
  const filterFields = descriptor.fields.filter((f) => f.filterable);
  const sortFields = descriptor.fields.filter((f) => f.sortable);

  const change = (next: Partial<typeof state>) => {
    const updated = paramsOf(descriptor, { ...state, ...next, page: 1 });
    updated.set('resource', descriptor.name);
    setParams(updated, { replace: true });
  };
  const submit = async () => {
    setBusy(true);
    try {
      const job = await prepareExport({
        resource: descriptor.name,
        query: preparedExportQuery(
          exportQueryOf(
            { ...state, search: search.trim() },
            offered.filter((f) => columns.includes(f.name)).map((f) => f.name),
            texts.lang,
          ),
        ),
        lang: texts.lang,
      });
      applyJobChange(client, job);
      notify({ text: t('queued'), color: 'success' });
      navigate(PREPARED_EXPORTS_PATH);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('rows')}
          </Title>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={texts.t('search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={280}
              data-testid="export-search"
            />
            {sortFields.length > 0 && (
              <Select
                label={t('sort')}
                data={[
                  ...(sortFields.some((f) => f.name === 'id') ? [] : [{ value: 'id', label: t('byId') }]),
                  ...sortFields.map((f) => ({ value: f.name, label: texts.label(f) })),
                ]}
                value={state.sort}
                allowDeselect={false}
                onChange={(value) => value && change({ sort: value })}
                w={220}
              />
            )}
            <SegmentedControl
              value={state.order}
              onChange={(value) => change({ order: value as 'asc' | 'desc' })}
              data={[
                { value: 'asc', label: t('ascending') },
                { value: 'desc', label: t('descending') },
              ]}
              aria-label={t('order')}
            />
          </Group>
          {filterFields.length > 0 && (
            <ListFilters
              fields={filterFields}
              values={state.filters}
              texts={texts}
              onChange={(field, value) => change({ filters: { ...state.filters, [field]: value } })}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t('columns')}
            </Title>
            <Group gap="xs">
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setColumns(offered.map((f) => f.name))}
              >
                {t('allColumns')}
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setColumns(defaultColumns(descriptor))}
              >
                {t('defaultColumns')}
              </Button>
            </Group>
          </Group>
          <Checkbox.Group value={columns} onChange={setColumns} aria-label={t('columns')}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" data-testid="export-columns">
              {offered.map((field) => (
                <Checkbox key={field.name} value={field.name} label={texts.label(field)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        {columns.length === 0 && (
          <Text size="sm" c="red">
            {t('noColumns')}
          </Text>
        )}
        <Button
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={submit}
          loading={busy}
          disabled={columns.length === 0}
          data-testid="export-submit"
        >
          {t('prepare')}
        </Button>
      </Group>
    </>
  );
}
