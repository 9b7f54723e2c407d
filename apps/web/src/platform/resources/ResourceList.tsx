import 'mantine-datatable/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Indicator,
  Menu,
  Paper,
  Progress,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconColumns3,
  IconFileSpreadsheet,
  IconFilter,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FieldDescriptor,
  type ListResult,
  type ListView,
  MAX_EXPORT_ROWS,
  type ResourceDescriptor,
} from '@tms/domain';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, api, download } from '../api/client';
import { useSystemData } from '../auth/system';
import { usePhone } from '../kit/phone';
import { notifyDeleted } from '../snackbar';
import { HoldToConfirm } from '../widgets';
import { SEARCH_DEBOUNCE_MS } from '../widgets/lazySelectLogic';
import { AccessDenied } from './AccessDenied';
import { BackgroundExportDialog, preparedExportQuery } from './BackgroundExportDialog';
import { resourceKey } from './keys';
import { ColumnCheckbox, type ColumnChoice, ListActionsMenu } from './ListActionsMenu';
import { ListFilters } from './ListFilters';
import { listPageQuery } from './listQueries';
import { isBareAddress, stateOfView } from './listViewsLogic';
import {
  accessOf,
  columnFields,
  exportQueryOf,
  filterParams,
  type ListState,
  listQueryOf,
  listStateOf,
  PAGE_SIZES,
  pageState,
  paramsOf,
  type Row,
  SELECTION_WARNING_THRESHOLD,
} from './logic';
import { PaginationTotal } from './PaginationTotal';
import { ResourceCards } from './ResourceCards';
import { ResourceCreateDialog } from './ResourceCreateDialog';
import classes from './ResourceList.module.css';
import { useReferenceLabels } from './references';
import muted from './resources.module.css';
import { SavedFilters } from './SavedFilters';
import { type ResourceTexts, useResourceTexts } from './texts';
import { pagerRecords, useExactTotal } from './totals';
import type { ResourceScreenProps } from './types';
import { useColumnChoice, useListViews } from './useListViews';
import { displayValue } from './widgets';

// Kept here for the feature screens that import it from the list.
export { resourceKey };

function downloadExport(descriptor: ResourceDescriptor, query: ReturnType<typeof exportQueryOf>) {
  void download(`${descriptor.path}/export`, query);
}

/**
 * The list screen of a resource: server paging and sorting, search, filters, column choice, XLSX export,
 * selection with its warning, enable/disable toggles, and rows that open the record. On a phone the rows are
 * cards and the toolbar keeps the search, the create button and one menu of the other actions.
 */
export function ResourceList({ descriptor, options }: ResourceScreenProps) {
  const texts = useResourceTexts(descriptor);
  const { t } = texts;
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  // A record made only from another's screen (a printable bill from a bill) has no create button here.
  const offersCreate = (access.create && descriptor.screens?.create !== 'elsewhere') || access.createInDialog;
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => listStateOf(descriptor, params), [descriptor, params]);
  const listViews = useListViews(descriptor);
  const [columns, setColumns] = useColumnChoice(descriptor, system.user.id, listViews.answer.data);
  const filterFields = descriptor.fields.filter((f) => f.filterable);
  const activeFilters = filterFields.filter((f) => filterParams(f).some((p) => state.filters[p])).length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const [selected, setSelected] = useState<Row[]>([]);
  const [creating, setCreating] = useState(false);
  const editable = descriptor.screens?.edit !== false;
  const phone = usePhone();

  // Any change of what the list shows starts again from its first page.
  const update = (change: Partial<ListState>) =>
    setParams(paramsOf(descriptor, { ...pageState(state, 1, undefined), ...change }), { replace: true });

  const [search, setSearch] = useState(state.search);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Set when a row opens: a search settling during that navigation must not write onto the record's address.
  const leaving = useRef(false);
  // Only a settled search text changes the list; the list state follows the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the debounced text alone
  useEffect(() => {
    if (leaving.current) return;
    if (debouncedSearch.trim() !== state.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const applyView = (view: ListView) => {
    const next = stateOfView(descriptor, view.query, state);
    setSearch(next.search);
    if (Object.keys(next.filters).length) setFiltersOpen(true);
    setParams(paramsOf(descriptor, next), { replace: true });
  };

  // Opened without any state in its address: the user's default saved filter applies, and the list waits
  // for it rather than loading everything first.
  const [awaitingDefault, setAwaitingDefault] = useState(() => isBareAddress(params));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the saved filters arrive
  useEffect(() => {
    if (!awaitingDefault || listViews.answer.isPending) return;
    setAwaitingDefault(false);
    const preferred = listViews.views.find((view) => view.isDefault);
    if (preferred && isBareAddress(params)) applyView(preferred);
  }, [awaitingDefault, listViews.answer.isPending]);

  const [exactTotal, askExactTotal] = useExactTotal(JSON.stringify([state.search, state.filters]));
  const query = { ...listQueryOf(state), ...(exactTotal ? { exactTotal: 'true' } : {}) };
  const list = useQuery({
    ...listPageQuery(descriptor, query),
    placeholderData: keepPreviousData,
    enabled: !awaitingDefault,
  });

  const referenceLabel = useReferenceLabels(columnFields(descriptor), list.data?.collection ?? [], list.data);

  const toggle = useMutation({
    mutationFn: ({ row, enabled }: { row: Row; enabled: boolean }) =>
      api.post<Row>(`${descriptor.path}/${row.id}/${enabled ? 'enable' : 'disable'}`),
    onSettled: () => client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
  });
  const bulkToggle = useMutation({
    mutationFn: async (enabled: boolean) => {
      for (const row of selected) {
        await api.post(`${descriptor.path}/${row.id}/${enabled ? 'enable' : 'disable'}`);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
  });

  const bulkDelete = useMutation({
    mutationFn: async () => {
      for (const row of selected) await api.delete(`${descriptor.path}/${row.id}`);
    },
    onSuccess: () => {
      notifyDeleted(t('common:deleted'));
      setSelected([]);
    },
    onSettled: () => client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
  });

  const open = (row: Row) => {
    if (!editable) return;
    leaving.current = true;
    navigate(`${descriptor.path}/${row.id}`);
  };

  const fieldsByName = new Map(columnFields(descriptor).map((f) => [f.name, f]));
  const tableColumns: DataTableColumn<Row>[] = columnFields(descriptor).map((field) => ({
    accessor: field.name,
    title: texts.label(field),
    sortable: field.sortable,
    hidden: !columns.includes(field.name),
    textAlign: ['integer', 'number', 'money'].includes(field.type) ? 'right' : undefined,
    // Short values (codes) read better on one line; a one-line list cuts long ones (whole on hover).
    noWrap: options.oneLine || field.filterWidth === 'short',
    render: (row) => (options.oneLine ? oneLine(field, renderCell(field, row)) : renderCell(field, row)),
  }));

  function oneLine(field: FieldDescriptor, content: ReactNode) {
    if (typeof content !== 'string') return content;
    return <OneLine wide={field.filterWidth === 'wide'}>{content}</OneLine>;
  }

  function renderCell(field: FieldDescriptor, row: Row) {
    const custom = options.cells?.[field.name];
    if (custom) return custom(row);
    const value = row[field.name];
    if (field.name === 'enabled' && descriptor.toggle) {
      // While a toggle is under way the switch shows where it is going.
      const pending =
        toggle.isPending && toggle.variables?.row.id === row.id ? toggle.variables.enabled : null;
      return access.edit ? (
        <Switch
          size="sm"
          checked={pending ?? value === true}
          aria-label={t(value ? 'disable' : 'enable')}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
          onChange={(event) => toggle.mutate({ row, enabled: event.currentTarget.checked })}
          data-testid="row-toggle"
        />
      ) : (
        <Badge size="sm" variant="dot" tt="none" color={value ? 'teal' : 'gray'}>
          {t(value ? 'enabled' : 'disabled')}
        </Badge>
      );
    }
    if (field.type === 'boolean') {
      return (
        <Badge size="sm" variant="dot" tt="none" color={value ? 'teal' : 'gray'}>
          {t(value ? 'yes' : 'no')}
        </Badge>
      );
    }
    if (field.type === 'tags' && Array.isArray(value)) {
      return (
        <Group gap={4}>
          {value.map((tag) => (
            <Badge key={String(tag)} size="sm" variant="outline" color="gray" tt="none" title={String(tag)}>
              {field.options?.length ? texts.option(field, String(tag)) : String(tag)}
            </Badge>
          ))}
        </Group>
      );
    }
    if (field.type === 'reference' || field.type === 'references') return referenceLabel(field, value);
    return displayValue(field, value, texts);
  }

  const columnChoice: ColumnChoice = {
    fields: columnFields(descriptor),
    label: texts.label,
    shown: columns,
    // A column shown again takes its place in the descriptor's order.
    onChange: (name, shown) =>
      setColumns(
        shown
          ? columnFields(descriptor)
              .map((f) => f.name)
              .filter((n) => n === name || columns.includes(n))
          : columns.filter((n) => n !== name),
      ),
  };
  const create = () =>
    access.create ? navigate(`${descriptor.path}/${options.newPath ?? 'new'}`) : setCreating(true);
  // The cursors of a page still showing while another loads belong to that other page's neighbours.
  const goToPage = (page: number) =>
    setParams(paramsOf(descriptor, pageState(state, page, list.isPlaceholderData ? undefined : data)), {
      replace: true,
    });
  const selectLabel = (record: Row) =>
    t('selectRecord', { label: String(record[descriptor.labelField] ?? record.id) });
  const savedFiltersProps = { descriptor, texts, state, listViews, onApply: applyView };

  const sortStatus: DataTableSortStatus<Row> = { columnAccessor: state.sort, direction: state.order };
  const data = list.data;
  const selectedIds = selected.map((row) => row.id);
  const visibleColumns = columns.filter((name) => fieldsByName.has(name));
  // A structured value has a cell of its own on screen but no text of its own in a spreadsheet.
  // A json column is exported only as the text its field gives (an order's route), never as raw JSON.
  const exported = visibleColumns.filter((name) => {
    const field = fieldsByName.get(name);
    return field?.type !== 'json' || field.exportText !== undefined;
  });
  // Over MAX_EXPORT_ROWS the request would refuse it: the export is offered in the background instead. A
  // total that is a lower bound or an estimate is counted exactly first.
  const [overCap, setOverCap] = useState<number | null>(null);
  const exportCurrent = async () => {
    let total = data?.totalKind === 'exact' || data?.totalKind === undefined ? (data?.total ?? 0) : null;
    if (total === null) {
      const counted = await api.get<ListResult<Row>>(descriptor.path, {
        query: {
          ...listQueryOf({ ...state, page: 1, after: undefined, before: undefined }),
          itemsPerPage: 1,
          exactTotal: 'true',
        },
      });
      total = counted.total;
    }
    if (total > MAX_EXPORT_ROWS) setOverCap(total);
    else downloadExport(descriptor, exportQueryOf(state, exported, texts.lang));
  };
  const exportSelected = () =>
    downloadExport(descriptor, exportQueryOf(state, exported, texts.lang, selectedIds));

  const searchInput = (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={t('search')}
      aria-label={t('search')}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      rightSection={
        search ? (
          <IconX
            size={14}
            style={{ cursor: 'pointer' }}
            aria-label={t('clearSearch')}
            onClick={() => setSearch('')}
          />
        ) : null
      }
      w={phone ? undefined : { base: '100%', xs: 320 }}
      flex={phone ? 1 : undefined}
      miw={0}
      data-testid="resource-search"
    />
  );

  if (list.error instanceof ApiError && list.error.status === 403) return <AccessDenied texts={texts} />;

  return (
    <Stack gap="md" data-testid="resource-list" data-resource={descriptor.name}>
      <Paper withBorder p="sm">
        {phone ? (
          <Group gap="xs" wrap="nowrap">
            {searchInput}
            <ListActionsMenu
              savedFilters={savedFiltersProps}
              filters={
                filterFields.length > 0
                  ? { active: activeFilters, open: filtersOpen, onToggle: () => setFiltersOpen((o) => !o) }
                  : undefined
              }
              columns={columnChoice}
              onExport={exportCurrent}
            />
            {options.toolbar}
            {offersCreate && (
              <ActionIcon
                size={36}
                onClick={create}
                aria-label={t('new')}
                aria-haspopup={access.create ? undefined : 'dialog'}
                data-testid="list-create"
              >
                <IconPlus size={18} />
              </ActionIcon>
            )}
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            {searchInput}
            <Group gap="xs">
              {filterFields.length > 0 && (
                <Indicator label={activeFilters} size={16} disabled={activeFilters === 0} offset={4}>
                  <Button
                    variant={filtersOpen ? 'light' : 'default'}
                    leftSection={<IconFilter size={16} />}
                    onClick={() => setFiltersOpen((o) => !o)}
                    aria-expanded={filtersOpen}
                  >
                    {t('filters.title')}
                  </Button>
                </Indicator>
              )}
              <SavedFilters {...savedFiltersProps} />
              <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconColumns3 size={16} />}>
                    {t('columns')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('columnsHint')}</Menu.Label>
                  {columnChoice.fields.map((field) => (
                    <Menu.Item key={field.name} component="div">
                      <ColumnCheckbox choice={columnChoice} field={field} />
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                onClick={exportCurrent}
              >
                {t('export')}
              </Button>
              {options.toolbar}
              {offersCreate && (
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={create}
                  aria-haspopup={access.create ? undefined : 'dialog'}
                >
                  {t('new')}
                </Button>
              )}
            </Group>
          </Group>
        )}
        {filterFields.length > 0 && (
          <Collapse expanded={filtersOpen}>
            <Stack
              gap="xs"
              mt="sm"
              pt="sm"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <ListFilters
                fields={filterFields}
                values={state.filters}
                texts={texts}
                groups={options.filterGroups}
                onChange={(name, value) => update({ filters: { ...state.filters, [name]: value } })}
              />
              {activeFilters > 0 && (
                <Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconAdjustmentsHorizontal size={14} />}
                    onClick={() => update({ filters: {} })}
                  >
                    {t('filters.reset')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Collapse>
        )}
      </Paper>

      <BackgroundExportDialog
        texts={texts}
        resource={descriptor.name}
        rows={overCap}
        query={preparedExportQuery(exportQueryOf(state, exported, texts.lang))}
        onClose={() => setOverCap(null)}
      />

      {selected.length > 0 && (
        <SelectionBar
          texts={texts}
          count={selected.length}
          toggle={descriptor.toggle === true && access.edit}
          busy={bulkToggle.isPending || bulkDelete.isPending}
          onDelete={access.delete ? () => bulkDelete.mutate() : undefined}
          onExport={exportSelected}
          onToggle={(enabled) => bulkToggle.mutate(enabled)}
          onClear={() => setSelected([])}
        />
      )}

      <Box pos="relative">
        <Progress
          value={100}
          animated
          size={2}
          radius={0}
          pos="absolute"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 3, visibility: list.isFetching && data ? 'visible' : 'hidden' }}
          aria-hidden
        />
        {phone ? (
          <ResourceCards
            records={data?.collection ?? []}
            fields={visibleColumns.flatMap((name) => fieldsByName.get(name) ?? [])}
            cell={renderCell}
            label={texts.label}
            onOpen={editable ? open : undefined}
            selected={selected}
            onSelectedChange={setSelected}
            selectLabel={selectLabel}
            title={texts.title}
            loading={!data && (list.isFetching || awaitingDefault)}
            emptyText={t('empty')}
            loadingText={t('loading')}
            page={state.page}
            pages={Math.max(
              1,
              Math.ceil(pagerRecords(data, state.page, state.itemsPerPage) / state.itemsPerPage),
            )}
            onPage={goToPage}
            pageLabel={(control) => t(control === 'previous' ? 'previousPage' : 'nextPage')}
            total={
              <PaginationTotal
                result={data}
                from={data?.collection.length ? (state.page - 1) * state.itemsPerPage + 1 : 0}
                to={(state.page - 1) * state.itemsPerPage + (data?.collection.length ?? 0)}
                texts={texts}
                onExact={askExactTotal}
              />
            }
          />
        ) : (
          <DataTable<Row>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            horizontalSpacing={options.oneLine ? 8 : undefined}
            verticalAlign="center"
            minHeight={data?.collection.length ? undefined : 200}
            records={data?.collection ?? []}
            columns={tableColumns}
            fetching={!data && (list.isFetching || awaitingDefault)}
            totalRecords={pagerRecords(data, state.page, state.itemsPerPage)}
            recordsPerPage={state.itemsPerPage}
            page={state.page}
            onPageChange={goToPage}
            recordsPerPageOptions={[...PAGE_SIZES]}
            onRecordsPerPageChange={(itemsPerPage) => update({ itemsPerPage })}
            recordsPerPageLabel={t('perPage')}
            paginationText={({ from, to }) => (
              <PaginationTotal result={data} from={from} to={to} texts={texts} onExact={askExactTotal} />
            )}
            noRecordsText={t('empty')}
            loadingText={t('loading')}
            allRecordsSelectionCheckboxProps={{ 'aria-label': t('selectAll') }}
            getRecordSelectionCheckboxProps={(record) => ({ 'aria-label': selectLabel(record) })}
            getPaginationControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('nextPage') }
                  : {}
            }
            sortStatus={sortStatus}
            onSortStatusChange={(status) =>
              update({ sort: String(status.columnAccessor), order: status.direction })
            }
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
            onRowClick={editable ? ({ record }) => open(record) : undefined}
            customRowAttributes={(record) => ({
              tabIndex: editable ? 0 : undefined,
              'data-testid': 'resource-row',
              'data-id': record.id,
              'data-disabled': record.enabled === false ? true : undefined,
              onKeyDown: (event: React.KeyboardEvent) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) open(record);
              },
            })}
            rowClassName={(record) =>
              record.enabled === false ? `${classes.row} ${muted.muted}` : classes.row
            }
          />
        )}
      </Box>
      {access.createInDialog && (
        <ResourceCreateDialog
          descriptor={descriptor}
          options={options}
          texts={texts}
          opened={creating}
          onClose={() => setCreating(false)}
        />
      )}
    </Stack>
  );
}

function SelectionBar({
  texts,
  count,
  toggle,
  busy,
  onExport,
  onToggle,
  onClear,
  onDelete,
}: {
  texts: ResourceTexts;
  count: number;
  toggle: boolean;
  busy: boolean;
  onExport: () => void;
  onToggle: (enabled: boolean) => void;
  onClear: () => void;
  /** Present when the user may delete records. */
  onDelete?: () => void;
}) {
  const { t } = texts;
  return (
    <Stack gap="xs">
      {count > SELECTION_WARNING_THRESHOLD && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="selection-warning"
        >
          {t('selectionWarning', { count: SELECTION_WARNING_THRESHOLD })}
        </Alert>
      )}
      <Paper withBorder p="xs" px="sm" bg="var(--mantine-color-default-hover)">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500} data-testid="selection-count">
            {t('selected', { count })}
          </Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={onExport}>
              {t('exportSelected')}
            </Button>
            {toggle && (
              <>
                <Button size="compact-sm" variant="default" loading={busy} onClick={() => onToggle(true)}>
                  {t('enable')}
                </Button>
                <Button size="compact-sm" variant="default" loading={busy} onClick={() => onToggle(false)}>
                  {t('disable')}
                </Button>
              </>
            )}
            {onDelete && (
              <HoldToConfirm
                size="compact-sm"
                color="red.9"
                onConfirm={onDelete}
                loading={busy}
                data-testid="bulk-delete"
              >
                {t('deleteSelected')}
              </HoldToConfirm>
            )}
            <Button size="compact-sm" variant="subtle" onClick={onClear}>
              {t('clearSelection')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

/** A text of a one-line list: cut with an ellipsis past its width, whole on hover (`title`). */
export function OneLine({ children, title, wide }: { children: ReactNode; title?: string; wide?: boolean }) {
  return (
    <span
      className={classes.oneLine}
      data-wide={wide || undefined}
      title={title ?? (typeof children === 'string' ? children : undefined)}
    >
      {children}
    </span>
  );
}
