import { Badge, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldDescriptor, ListResult, ResourceDescriptor } from '@tms/domain';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client';
import { translateServerMessage } from '../i18n';
import { ERROR_LINE_BREAK } from '../kit/errorText';
import { FormRootError } from '../kit/FormRootError';
import { notifyDeleted, notifySaved } from '../snackbar';
import { applyServerErrors, HoldToConfirm } from '../widgets';
import { bodyOf, columnFields, type Row } from './logic';
import { PaginationTotal } from './PaginationTotal';
import { ConflictAlert } from './RecordPage';
import { ResourceFormFields, useResourceForm } from './ResourceFormFields';
import { resourceKey } from './ResourceList';
import { useReferenceLabels } from './references';
import type { ResourceRouteOptions } from './routes';
import { type ResourceTexts, useResourceTexts } from './texts';
import { pagerRecords, useExactTotal } from './totals';
import { displayValue } from './widgets';

const PAGE_SIZE = 20;

interface SubResourceListProps {
  /** A resource kept under a parent record (its list filters by `parent.field`). */
  descriptor: ResourceDescriptor;
  /** The field naming the parent (it has no input: a new record belongs to this parent) and its id. */
  parent: { field: string; id: number };
  /** May add, change and delete (the parent is in the user's edit scope). */
  canEdit: boolean;
  /** Custom widgets of fields (a `json` field needs one to be edited). */
  fields?: ResourceRouteOptions['fields'];
  /** Starting values of a new record beyond the engine's empty ones (a list field starts as []). */
  defaults?: Record<string, unknown>;
  /** Shown above the list when a tab holds more than one list. */
  heading?: string;
  /** A field's own cell (a status as a coloured badge), on the table row. */
  cells?: Readonly<Record<string, (row: Row) => React.ReactNode>>;
  /**
   * What the dialog of a saved record shows above its fields (a driver's verification with its steps):
   * `close` ends the dialog after such a step changed the record, the list being refreshed.
   */
  recordExtra?: (record: Row, close: () => void) => React.ReactNode;
}

/**
 * A child list inside a record (a counterparty's contacts, accounts, agreements, drivers or vehicles): the
 * records of this parent, sortable and paged; a row (click or Enter) opens it in a dialog, "Add" a new one.
 */
export function SubResourceList({
  descriptor,
  parent,
  canEdit,
  fields,
  defaults,
  heading,
  cells,
  recordExtra,
}: SubResourceListProps) {
  const texts = useResourceTexts(descriptor);
  const { t } = texts;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<Row>>({
    columnAccessor: descriptor.defaultSort.field,
    direction: descriptor.defaultSort.order,
  });
  // The record in the dialog: a saved one, 'new', or none (closed).
  const [open, setOpen] = useState<Row | 'new' | null>(null);
  const [exactTotal, askExactTotal] = useExactTotal(`${parent.field}=${parent.id}`);
  const query = {
    [parent.field]: parent.id,
    ...(exactTotal ? { exactTotal: 'true' } : {}),
    page,
    itemsPerPage: PAGE_SIZE,
    sort: String(sort.columnAccessor),
    order: sort.direction,
  };
  const list = useQuery({
    queryKey: [...resourceKey(descriptor), 'list', query],
    queryFn: ({ signal }) => api.get<ListResult<Row>>(descriptor.path, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const shown = columnFields(descriptor).filter((f) => f.listed && f.name !== parent.field);
  const referenceLabel = useReferenceLabels(shown, list.data?.collection ?? [], list.data);
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ row, enabled }: { row: Row; enabled: boolean }) =>
      api.post<Row>(`${descriptor.path}/${row.id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: () => notifySaved(t('common:saved')),
    onSettled: () => client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
  });

  const cell = (field: FieldDescriptor, row: Row) => {
    const own = cells?.[field.name];
    if (own) return own(row);
    const value = row[field.name];
    if (field.name === 'enabled' && descriptor.toggle && canEdit) {
      // While a toggle is under way the switch shows where it is going.
      const pending =
        toggle.isPending && toggle.variables?.row.id === row.id ? toggle.variables.enabled : null;
      return (
        <Switch
          size="sm"
          checked={pending ?? value === true}
          aria-label={t(value ? 'disable' : 'enable')}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
          onChange={(event) => toggle.mutate({ row, enabled: event.currentTarget.checked })}
          data-testid="row-toggle"
        />
      );
    }
    if (field.type === 'boolean') {
      const key = field.name === 'enabled' ? (value ? 'enabled' : 'disabled') : value ? 'yes' : 'no';
      return (
        <Badge size="sm" variant="dot" tt="none" color={value ? 'teal' : 'gray'}>
          {t(key)}
        </Badge>
      );
    }
    if (field.type === 'reference' || field.type === 'references') return referenceLabel(field, value);
    return displayValue(field, value, texts);
  };

  return (
    <Stack gap="sm" data-testid={`sub-${descriptor.name}`}>
      <Group justify="space-between" gap="sm">
        {heading ? (
          <Text fw={600} size="sm" component="h3" m={0}>
            {heading}
          </Text>
        ) : (
          <span />
        )}
        {canEdit && (
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            onClick={() => setOpen('new')}
            data-testid={`add-${descriptor.name}`}
          >
            {t('new')}
          </Button>
        )}
      </Group>
      <DataTable<Row>
        withTableBorder
        borderRadius="md"
        highlightOnHover
        minHeight={list.data?.collection.length ? undefined : 140}
        records={list.data?.collection ?? []}
        columns={shown.map((field) => ({
          accessor: field.name,
          title: texts.label(field),
          sortable: field.sortable,
          textAlign: ['integer', 'number', 'money'].includes(field.type) ? 'right' : undefined,
          render: (row: Row) => cell(field, row),
        }))}
        fetching={!list.data && list.isFetching}
        totalRecords={pagerRecords(list.data, page, PAGE_SIZE)}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to }) => (
          <PaginationTotal result={list.data} from={from} to={to} texts={texts} onExact={askExactTotal} />
        )}
        noRecordsText={t('empty')}
        loadingText={t('loading')}
        sortStatus={sort}
        onSortStatusChange={(status) => {
          setSort(status);
          setPage(1);
        }}
        getPaginationControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('previousPage') }
            : control === 'next'
              ? { 'aria-label': t('nextPage') }
              : {}
        }
        onRowClick={({ record }) => setOpen(record)}
        customRowAttributes={(record) => ({
          tabIndex: 0,
          'data-testid': 'sub-row',
          'data-id': record.id,
          style: { cursor: 'pointer' },
          onKeyDown: (event: React.KeyboardEvent) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) setOpen(record);
          },
        })}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={`${texts.itemTitle}: ${open === 'new' ? t('newRecord') : String(open?.[descriptor.labelField] ?? '')}`}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {open !== null && open !== 'new' && recordExtra?.(open, () => setOpen(null))}
        {open !== null && (
          <SubResourceDialog
            descriptor={descriptor}
            texts={texts}
            parent={parent}
            record={open === 'new' ? null : open}
            canEdit={canEdit}
            fields={fields}
            defaults={defaults}
            onClose={() => setOpen(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function SubResourceDialog({
  descriptor,
  texts,
  parent,
  record,
  canEdit,
  fields,
  defaults,
  onClose,
}: {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  parent: { field: string; id: number };
  record: Row | null;
  canEdit: boolean;
  fields?: ResourceRouteOptions['fields'];
  defaults?: Record<string, unknown>;
  onClose: () => void;
}) {
  const { t } = texts;
  const client = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, setError, setValue, formState } = useResourceForm(descriptor, record);
  // A new record belongs to this parent (the field has no input) and starts from the defaults.
  const { field: parentField, id: parentId } = parent;
  useEffect(() => {
    if (record) return;
    setValue(parentField, parentId);
    for (const [name, value] of Object.entries(defaults ?? {})) setValue(name, value);
  }, [record, parentField, parentId, defaults, setValue]);
  const done = async (message: string) => {
    await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    onClose();
    return message;
  };

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const body = bodyOf(descriptor, values);
      return record
        ? api.put<Row>(`${descriptor.path}/${record.id}`, { ...body, version: record.version })
        : api.post<Row>(descriptor.path, { ...body, [parentField]: parentId });
    },
    onSuccess: async () => notifySaved(await done(t('common:saved'))),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else applyServerErrors(error, setError);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`${descriptor.path}/${record?.id}`),
    onSuccess: async () => notifyDeleted(await done(t('common:deleted'))),
    onError: (error) => applyServerErrors(error, setError),
  });

  // Errors no input shows: the whole record's, and the parent's (e.g. "only a contractor has ...").
  const hidden = [formState.errors.root?.server?.message, formState.errors[parentField]?.message]
    .filter((m): m is string => typeof m === 'string' && m !== '')
    .map((m) => translateServerMessage(m));

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate data-testid="sub-form">
      <Stack gap="md">
        {conflict && (
          <ConflictAlert
            texts={texts}
            onReload={async () => {
              await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
              onClose();
            }}
          />
        )}
        {hidden.length > 0 && <FormRootError>{hidden.join(ERROR_LINE_BREAK)}</FormRootError>}
        <ResourceFormFields
          descriptor={descriptor}
          options={{ fields }}
          texts={texts}
          control={control}
          record={record}
          canWrite={canEdit}
        />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {canEdit && (
              <Button type="submit" loading={save.isPending} data-testid="sub-save">
                {t('save')}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              {canEdit ? t('cancel') : t('common:close')}
            </Button>
          </Group>
          {record && canEdit && (
            <HoldToConfirm
              color="red.9"
              onConfirm={() => remove.mutate()}
              loading={remove.isPending}
              data-testid="sub-delete"
            >
              {t('delete')}
            </HoldToConfirm>
          )}
        </Group>
      </Stack>
    </form>
  );
}
