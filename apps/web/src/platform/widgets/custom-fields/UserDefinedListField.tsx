import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UserDefinedList, UserDefinedListItem } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, CACHE_TTL_SECONDS } from '../../api/client';
import { LazySelect } from '../LazySelect';
import { AddToListDialog } from './AddToListDialog';

type Stored = string | { id: string; fields: Record<string, string | null> };

interface UserDefinedListFieldProps {
  listId: number;
  label: string;
  required: boolean;
  disabled: boolean;
  error?: string;
  placeholder?: string;
  multiple: boolean;
  /** Keep the row itself ({id, fields}) rather than its id. */
  storeAsObject: boolean;
  value: Stored | Stored[] | null;
  onChange: (value: Stored | Stored[] | null) => void;
  testId: string;
}

const idOf = (value: Stored) => (typeof value === 'string' ? value : value.id);

/**
 * A field picking rows of a user-defined list (spec §3, §7): rows come from the list's lazy-select content;
 * the plus button opens the add-to-list dialog, and the added row is chosen at once.
 */
export function UserDefinedListField(props: UserDefinedListFieldProps) {
  const {
    listId,
    label,
    required,
    disabled,
    error,
    placeholder,
    multiple,
    storeAsObject,
    value,
    onChange,
    testId,
  } = props;
  const { t } = useTranslation('customFields');
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: ['user-defined-list', listId],
    queryFn: ({ signal }) =>
      api.get<UserDefinedList>(`/user-defined-lists/${listId}`, { signal, cache: CACHE_TTL_SECONDS }),
    staleTime: CACHE_TTL_SECONDS * 1000,
    // A definition still being written may have no list yet.
    enabled: listId > 0,
  });
  const url = `/user-defined-lists/${listId}/content/lazy-select`;
  const toStored = (row: { id: string | number; fields?: unknown } | null, id: string): Stored =>
    storeAsObject ? { id, fields: (row?.fields as Record<string, string | null>) ?? {} } : id;

  const chosen: Stored[] = value === null ? [] : Array.isArray(value) ? value : [value];
  const added = (row: UserDefinedListItem) => {
    const stored = toStored(row, row.id);
    onChange(multiple ? [...chosen, stored] : stored);
  };

  const common = {
    url,
    labelField: 'label',
    label,
    required,
    disabled: disabled || listId <= 0,
    error,
    placeholder,
    id: testId,
  };
  return (
    <Group gap={6} align="flex-end" wrap="nowrap" data-testid={testId}>
      <div style={{ flex: 1 }}>
        {multiple ? (
          <LazySelect
            {...common}
            multiple
            value={chosen.map(idOf)}
            onChange={(ids, rows) =>
              onChange(
                ids.map((id) => {
                  const row = rows.find((r) => r.id === id);
                  const kept = chosen.find((c) => idOf(c) === String(id));
                  return !row && kept ? kept : toStored(row ?? null, String(id));
                }),
              )
            }
          />
        ) : (
          <LazySelect
            {...common}
            value={chosen[0] ? idOf(chosen[0]) : null}
            onChange={(id, row) => onChange(id === null ? null : toStored(row, String(id)))}
          />
        )}
      </div>
      {!disabled && list.data && (
        <Tooltip label={t('addToList.open')}>
          <ActionIcon
            variant="light"
            size={36}
            mb={error ? 22 : 0}
            onClick={() => setAdding(true)}
            aria-label={t('addToList.open')}
            data-testid={`${testId}-add`}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {list.data && (
        <AddToListDialog opened={adding} list={list.data} onClose={() => setAdding(false)} onAdded={added} />
      )}
    </Group>
  );
}
