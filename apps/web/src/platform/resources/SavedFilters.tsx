import { Badge, Button, Menu } from '@mantine/core';
import { IconBookmark, IconCheck, IconDeviceFloppy, IconSettings } from '@tabler/icons-react';
import type { ListView, ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { matchingView, viewQueryOf } from './listViewsLogic';
import type { ListState } from './logic';
import classes from './resources.module.css';
import { ManageViewsDialog, ViewNameDialog } from './SavedFilterDialogs';
import type { ResourceTexts } from './texts';
import type { ListViews } from './useListViews';

export interface SavedFiltersProps {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  state: ListState;
  listViews: ListViews;
  onApply: (view: ListView) => void;
}

type Dialog = { kind: 'save' } | { kind: 'rename'; view: ListView } | { kind: 'manage' } | null;

/**
 * The toolbar's saved filters: apply one (the button names the one shown), save the current filter, and
 * manage them (rename, default, delete). Kept per user on the server.
 */
export function SavedFilters(props: SavedFiltersProps) {
  const { active, title, items, dialogs } = useSavedFilters(props);
  return (
    <>
      <Menu
        position="bottom-end"
        withinPortal
        classNames={{ itemLabel: classes.menuItemLabel, itemSection: classes.menuItemSection }}
      >
        <Menu.Target>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconBookmark size={16} />}
            aria-label={active ? `${title}: ${active.name}` : title}
            title={active?.name}
            maw={260}
            data-testid="saved-filters"
          >
            {active?.name ?? title}
          </Button>
        </Menu.Target>
        {/* As wide as its texts (never narrower than its button), within the screen; long names wrap. */}
        <Menu.Dropdown miw={240} maw="min(400px, calc(100vw - 2rem))">
          {items}
        </Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}

/**
 * The saved filters as menu items (under their label) and their dialogs, for a menu of their own or a part
 * of another (the phone's toolbar menu). The dialogs live outside any menu, which closes as they open.
 */
export function useSavedFilters({ descriptor, texts, state, listViews, onApply }: SavedFiltersProps) {
  const { t } = texts;
  const { views } = listViews;
  const [dialog, setDialog] = useState<Dialog>(null);
  const active = matchingView(descriptor, views, state);
  const title = t('savedFilters.title');

  const items = (
    <>
      <Menu.Label>{views.length ? title : t('savedFilters.none')}</Menu.Label>
      {views.map((view) => (
        <Menu.Item
          key={view.id}
          onClick={() => onApply(view)}
          leftSection={<IconCheck size={14} style={{ visibility: view === active ? 'visible' : 'hidden' }} />}
          rightSection={
            view.isDefault ? (
              <Badge size="xs" variant="light" tt="none">
                {t('savedFilters.default')}
              </Badge>
            ) : null
          }
          aria-current={view === active ? 'true' : undefined}
          data-testid="saved-filter"
        >
          {view.name}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item
        leftSection={<IconDeviceFloppy size={14} />}
        onClick={() => setDialog({ kind: 'save' })}
        data-testid="save-filter"
      >
        {t('savedFilters.save')}
      </Menu.Item>
      {views.length > 0 && (
        <Menu.Item
          leftSection={<IconSettings size={14} />}
          onClick={() => setDialog({ kind: 'manage' })}
          data-testid="manage-filters"
        >
          {t('savedFilters.manage')}
        </Menu.Item>
      )}
    </>
  );

  const dialogs = (
    <>
      <ViewNameDialog
        texts={texts}
        listViews={listViews}
        opened={dialog?.kind === 'save' || dialog?.kind === 'rename'}
        view={dialog?.kind === 'rename' ? dialog.view : null}
        query={viewQueryOf(state)}
        onClose={() => setDialog(null)}
      />
      <ManageViewsDialog
        texts={texts}
        listViews={listViews}
        opened={dialog?.kind === 'manage'}
        onRename={(view) => setDialog({ kind: 'rename', view })}
        onClose={() => setDialog(null)}
      />
    </>
  );

  return { active, title, items, dialogs };
}
