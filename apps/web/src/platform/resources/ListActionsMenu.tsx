import { ActionIcon, Badge, Checkbox, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconColumns3, IconDotsVertical, IconFileSpreadsheet, IconFilter } from '@tabler/icons-react';
import type { FieldDescriptor } from '@tms/domain';
import { useState } from 'react';
import classes from './resources.module.css';
import { type SavedFiltersProps, useSavedFilters } from './SavedFilters';

export interface ColumnChoice {
  fields: FieldDescriptor[];
  label: (field: FieldDescriptor) => string;
  shown: readonly string[];
  onChange: (name: string, shown: boolean) => void;
}

/** A checkbox a column; the last one shown stays, a list without columns shows nothing. */
export function ColumnCheckbox({ choice, field }: { choice: ColumnChoice; field: FieldDescriptor }) {
  const checked = choice.shown.includes(field.name);
  return (
    <Checkbox
      label={choice.label(field)}
      checked={checked}
      disabled={checked && choice.shown.length === 1}
      onChange={(event) => choice.onChange(field.name, event.currentTarget.checked)}
    />
  );
}

/**
 * The list toolbar's actions on a phone, where search takes the row: filters, column choice, export and
 * the saved filters in one menu. The column choice is long, so it opens a dialog of its own.
 */
export function ListActionsMenu({
  savedFilters,
  filters,
  columns,
  onExport,
}: {
  savedFilters: SavedFiltersProps;
  /** Absent when the list has no filters. */
  filters?: { active: number; open: boolean; onToggle: () => void };
  columns: ColumnChoice;
  onExport: () => void;
}) {
  const { t } = savedFilters.texts;
  const saved = useSavedFilters(savedFilters);
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <Menu
        position="bottom-end"
        withinPortal
        classNames={{ itemLabel: classes.menuItemLabel, itemSection: classes.menuItemSection }}
      >
        <Menu.Target>
          <ActionIcon
            variant={filters?.active || saved.active ? 'light' : 'default'}
            size={36}
            aria-label={t('listActions')}
            data-testid="list-actions"
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown w={280} maw="calc(100vw - 2rem)">
          {filters && (
            <Menu.Item
              leftSection={<IconFilter size={16} />}
              rightSection={
                filters.active > 0 ? (
                  <Badge size="sm" circle>
                    {filters.active}
                  </Badge>
                ) : null
              }
              onClick={filters.onToggle}
              aria-expanded={filters.open}
              data-testid="list-actions-filters"
            >
              {t('filters.title')}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconColumns3 size={16} />}
            onClick={() => setChoosing(true)}
            aria-haspopup="dialog"
            data-testid="list-actions-columns"
          >
            {t('columns')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={onExport}
            data-testid="list-actions-export"
          >
            {t('export')}
          </Menu.Item>
          <Menu.Divider />
          {saved.items}
        </Menu.Dropdown>
      </Menu>
      {saved.dialogs}
      <Modal opened={choosing} onClose={() => setChoosing(false)} title={t('columns')}>
        <Stack gap="sm" data-testid="column-choice">
          <Text size="sm" className={classes.muted}>
            {t('columnsHint')}
          </Text>
          {columns.fields.map((field) => (
            <ColumnCheckbox key={field.name} choice={columns} field={field} />
          ))}
        </Stack>
      </Modal>
    </>
  );
}
