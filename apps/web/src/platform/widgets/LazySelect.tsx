import {
  Button,
  Checkbox,
  Combobox,
  Group,
  InputBase,
  Loader,
  type MantineSize,
  Pill,
  PillsInput,
  ScrollArea,
  Switch,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, SELECT_CACHE_TTL_SECONDS } from '../api/client';
import { labelOfRow } from '../format';
import {
  allSelected,
  canLoadMore,
  FULL_LOAD_PAGE_SIZE,
  initialWindow,
  LAZY_PAGE_SIZE,
  loadMore,
  readPage,
  SEARCH_DEBOUNCE_MS,
  selectedEntriesOf,
  selectedUrlOf,
  toggleAll,
  type WindowState,
} from './lazySelectLogic';

type Id = number | string;
type Row = Record<string, unknown> & { id: Id };

interface BaseProps {
  /** The input's size (`xs` in a list's filter panel, like the other filters). */
  size?: MantineSize;
  /** List address, e.g. `/settings/currencies` (the contract's list) or a `lazy-select/...` address. */
  url: string;
  /**
   * Address loading the chosen entries whose labels are not loaded yet (spec §7), `{value}` replaced by
   * the values joined by '-'; without it each one is read at `{url}/{id}`.
   */
  selectedUrl?: string;
  /** Field of a row shown as its label. */
  labelField?: string;
  /** Labels are numbers shown padded to 6 digits. */
  padLabel?: boolean;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Fetch everything at once (page size 10000) and page only on screen. */
  fullLoad?: boolean;
  /** Keep answers for an hour (cached select). */
  cache?: boolean;
  /** The list has enabled/disabled records: offers "Show disabled"; only enabled ones by default. */
  toggle?: boolean;
  /**
   * A record that may not be chosen (it stays removable when already chosen): `true`, or the reason shown
   * under its label, so that a record the user searches for is seen and understood rather than missing.
   */
  optionDisabled?: (row: Row) => boolean | string;
  /** Extra query parameters (filters). */
  query?: Record<string, string | number | boolean | undefined>;
  id?: string;
  /**
   * Its list opens in a portal (default); false inside a popover, which would take a click on a list in a
   * portal for a click outside and close.
   */
  withinPortal?: boolean;
}

export interface LazySelectProps extends BaseProps {
  multiple?: false;
  value: Id | null;
  onChange: (value: Id | null, row: Row | null) => void;
}

export interface LazyMultiSelectProps extends BaseProps {
  multiple: true;
  value: Id[];
  onChange: (value: Id[], rows: Row[]) => void;
}

/**
 * The select of records from a server list (spec §4 "Lazy select"): loads the first page when opened,
 * searches 500 ms after typing stops, "Load more" shows 20 more, "Show disabled" lists disabled records too.
 */
export function LazySelect(props: LazySelectProps | LazyMultiSelectProps) {
  const { t, i18n } = useTranslation();
  const { url, selectedUrl, labelField = 'name', padLabel, fullLoad, cache, toggle, query } = props;
  const combobox = useCombobox({
    // The combobox opens itself on an arrow key; the first page loads whenever it opens.
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      // Closed: the input shows the chosen record's label again instead of the search text.
      setOpened(false);
    },
  });
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [showDisabled, setShowDisabled] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [view, setView] = useState<WindowState>({ loaded: 0, visible: 0, hasMore: false });
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const known = useRef(new Map<Id, Row>());

  const labelOf = useCallback(
    (row: Row | undefined) => (row ? labelOfRow(row, labelField, padLabel, i18n.language) : ''),
    [labelField, padLabel, i18n.language],
  );
  const pageSize = fullLoad ? FULL_LOAD_PAGE_SIZE : LAZY_PAGE_SIZE;

  const fetchPage = useCallback(
    async (pageNumber: number, signal?: AbortSignal) => {
      const answer = await api.get<Row[] | { collection: Row[]; total: number }>(url, {
        query: {
          ...query,
          page: pageNumber,
          itemsPerPage: pageSize,
          search: fullLoad ? undefined : debounced || undefined,
          enabled: toggle && !showDisabled ? true : undefined,
        },
        signal,
        cache: cache ? SELECT_CACHE_TTL_SECONDS : undefined,
      });
      const { items, total } = readPage(answer);
      for (const row of items) known.current.set(row.id, row);
      return { items, total: total ?? (items.length < pageSize ? items.length : Number.POSITIVE_INFINITY) };
    },
    [url, query, pageSize, fullLoad, debounced, toggle, showDisabled, cache],
  );

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    setLoading(true);
    fetchPage(1, controller.signal)
      .then(({ items, total }) => {
        setRows(items);
        setPage(1);
        setView(initialWindow(items.length, total));
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [opened, fetchPage]);

  // The label of a chosen record that is not on a loaded page comes from the record itself.
  const selectedIds: Id[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const missing = selectedIds.filter((id) => !known.current.has(id));
  const missingKey = missing.join(',');
  const [, forceRender] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the missing values change with their key
  useEffect(() => {
    if (!missingKey) return;
    const controller = new AbortController();
    const ids = missing;
    const read = { signal: controller.signal, suppressPopup: true };
    const loading = selectedUrl
      ? api.get<unknown>(selectedUrlOf(selectedUrl, ids), read).then((answer) => {
          // The entries answer with their own ids, possibly typed otherwise than the stored values.
          const entries = selectedEntriesOf<Row>(answer);
          for (const id of ids) {
            const entry = entries.find((row) => String(row.id) === String(id));
            if (entry) known.current.set(id, entry);
          }
        })
      : Promise.all(
          ids.map((id) =>
            api
              .get<Row>(`${url}/${id}`, read)
              .then((row) => known.current.set(row.id, row))
              .catch(() => undefined),
          ),
        );
    loading.catch(() => undefined).then(() => forceRender((n) => n + 1));
    return () => controller.abort();
  }, [missingKey, url, selectedUrl]);

  const filtered =
    fullLoad && debounced
      ? rows.filter((row) => labelOf(row).toLowerCase().includes(debounced.toLowerCase()))
      : rows;
  const visibleRows = filtered.slice(0, view.visible);

  const onLoadMore = async () => {
    const next = loadMore(view);
    setView(next.state);
    if (next.fetchNextPage) {
      setLoading(true);
      try {
        const { items, total } = await fetchPage(page + 1);
        const merged = [...rows, ...items];
        setRows(merged);
        setPage(page + 1);
        setView({ loaded: merged.length, visible: next.state.visible, hasMore: merged.length < total });
      } finally {
        setLoading(false);
      }
    }
  };

  // Focus alone leaves the list shut (a form moving focus to its first error must not cover the message
  // with a dropdown): a click, typing or an arrow key opens it.
  const open = () => {
    setOpened(true);
    combobox.openDropdown();
  };

  const choose = (id: Id) => {
    if (props.multiple) {
      const next = props.value.includes(id) ? props.value.filter((v) => v !== id) : [...props.value, id];
      props.onChange(
        next,
        next.map((v) => known.current.get(v)).filter((r): r is Row => !!r),
      );
    } else {
      props.onChange(id, known.current.get(id) ?? null);
      setSearch('');
      combobox.closeDropdown();
    }
  };

  const refusalOf = (row: Row) =>
    selectedIds.includes(row.id) ? false : (props.optionDisabled?.(row) ?? false);
  const listedIds = visibleRows.filter((row) => !refusalOf(row)).map((row) => row.id);
  const options = visibleRows.map((row) => {
    const refusal = refusalOf(row);
    return (
      <Combobox.Option
        value={String(row.id)}
        key={String(row.id)}
        active={selectedIds.includes(row.id)}
        disabled={refusal !== false}
        // A refused record with its reason stays legible: only the label is dimmed, not the whole option.
        style={typeof refusal === 'string' ? { opacity: 1 } : undefined}
      >
        <Group gap="xs" wrap="nowrap">
          {props.multiple && (
            <Checkbox checked={selectedIds.includes(row.id)} readOnly tabIndex={-1} aria-hidden />
          )}
          <div>
            <Text size="sm" c={row.enabled === false || refusal !== false ? 'dimmed' : undefined}>
              {labelOf(row)}
            </Text>
            {typeof refusal === 'string' && (
              <Text size="xs" c="red.8" data-testid="option-refusal">
                {refusal}
              </Text>
            )}
          </div>
        </Group>
      </Combobox.Option>
    );
  });

  const dropdown = (
    <Combobox.Dropdown>
      {props.multiple && listedIds.length > 0 && (
        <Combobox.Header>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => {
              const next = toggleAll(props.value, listedIds);
              props.onChange(
                next,
                next.map((v) => known.current.get(v)).filter((r): r is Row => !!r),
              );
            }}
          >
            {allSelected(props.value, listedIds) ? t('common:select.clearAll') : t('common:select.selectAll')}
          </Button>
        </Combobox.Header>
      )}
      <Combobox.Options>
        <ScrollArea.Autosize mah={280} type="scroll">
          {options.length > 0
            ? options
            : !loading && <Combobox.Empty>{t('common:select.nothingFound')}</Combobox.Empty>}
        </ScrollArea.Autosize>
      </Combobox.Options>
      <Combobox.Footer>
        <Group justify="space-between" gap="xs">
          {toggle ? (
            <Switch
              size="xs"
              label={t('common:select.showDisabled')}
              checked={showDisabled}
              onChange={(event) => setShowDisabled(event.currentTarget.checked)}
            />
          ) : (
            <span />
          )}
          {loading ? (
            <Loader size="xs" />
          ) : (
            canLoadMore({ ...view, loaded: filtered.length }) && (
              <Button variant="subtle" size="compact-xs" onClick={onLoadMore}>
                {t('common:select.loadMore')}
              </Button>
            )
          )}
        </Group>
      </Combobox.Footer>
    </Combobox.Dropdown>
  );

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const row = rows.find((r) => String(r.id) === value);
        if (row) choose(row.id);
      }}
      onClose={() => setOpened(false)}
      withinPortal={props.withinPortal ?? true}
    >
      <Combobox.Target>
        {props.multiple ? (
          <PillsInput
            size={props.size}
            label={props.label}
            description={props.description}
            error={props.error}
            required={props.required}
            disabled={props.disabled}
            onClick={props.disabled ? undefined : open}
          >
            <Pill.Group>
              {props.value.map((id) => (
                <Pill
                  key={String(id)}
                  // A read-only field shows its values, not a way to drop them.
                  withRemoveButton={!props.disabled}
                  onRemove={() => choose(id)}
                  removeButtonProps={{ 'aria-label': t('common:select.remove') }}
                >
                  {labelOf(known.current.get(id)) || String(id)}
                </Pill>
              ))}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  id={props.id}
                  value={search}
                  disabled={props.disabled}
                  placeholder={props.disabled ? undefined : (props.placeholder ?? t('common:select.search'))}
                  onChange={(event) => {
                    setSearch(event.currentTarget.value);
                    open();
                  }}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        ) : (
          <InputBase
            size={props.size}
            id={props.id}
            label={props.label}
            description={props.description}
            error={props.error}
            required={props.required}
            disabled={props.disabled}
            placeholder={props.placeholder ?? t('common:select.search')}
            value={
              opened ? search : labelOf(props.value === null ? undefined : known.current.get(props.value))
            }
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onClick={open}
            onBlur={() => {
              combobox.closeDropdown();
              setSearch('');
            }}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              open();
            }}
          />
        )}
      </Combobox.Target>
      {dropdown}
    </Combobox>
  );
}
