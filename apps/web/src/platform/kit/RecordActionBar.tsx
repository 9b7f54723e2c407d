import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HoldToConfirm } from '../widgets';
import classes from './kit.module.css';

/** The generic texts the bar reads (`save`, `cancel`, `backToList`, `delete`, `enable`, `disable`). */
type Texts = { t: (key: string) => string };

export interface RecordActionBarProps {
  texts: Texts;
  /** The list the cancel button goes back to. */
  listPath: string;
  /** The user may save: the save button shows and "cancel" stands for "back to the list". */
  canWrite: boolean;
  saving: boolean;
  /** Save by a click instead of submitting the surrounding form. */
  onSave?: () => void;
  /** The bar sticks to the bottom of the window below a long form. */
  sticky?: boolean;
  /** The enable/disable button of a record that can be switched off. */
  toggle?: { enabled: boolean; pending: boolean; onToggle: () => void };
  /** The hold-to-confirm delete of a saved record. */
  remove?: { pending: boolean; onDelete: () => void };
  /** More actions on the right, before the toggle and delete. */
  extra?: ReactNode;
}

/**
 * The actions under a record's form: save and cancel (or back to the list) on the left; more actions, the
 * enable/disable switch and the delete held to confirm on the right. The delete is white on the darkest
 * red (red.9), which keeps its text above the WCAG AA 4.5:1 contrast in both themes.
 */
export function RecordActionBar({
  texts,
  listPath,
  canWrite,
  saving,
  onSave,
  sticky = false,
  toggle,
  remove,
  extra,
}: RecordActionBarProps) {
  const { t } = texts;
  const right = extra || toggle || remove;
  return (
    <Group justify="space-between" gap="sm" className={sticky ? classes.stickyActions : undefined}>
      <Group gap="sm">
        {canWrite && (
          <Button
            type={onSave ? 'button' : 'submit'}
            onClick={onSave}
            loading={saving}
            data-testid="resource-save"
          >
            {t('save')}
          </Button>
        )}
        <Button variant="default" component={Link} to={listPath}>
          {canWrite ? t('cancel') : t('backToList')}
        </Button>
      </Group>
      {right && (
        <Group gap="sm">
          {extra}
          {toggle && (
            <Button
              variant="default"
              loading={toggle.pending}
              onClick={toggle.onToggle}
              data-testid="resource-toggle"
            >
              {t(toggle.enabled ? 'disable' : 'enable')}
            </Button>
          )}
          {remove && (
            <HoldToConfirm
              color="red.9"
              onConfirm={remove.onDelete}
              loading={remove.pending}
              data-testid="resource-delete"
            >
              {t('delete')}
            </HoldToConfirm>
          )}
        </Group>
      )}
    </Group>
  );
}
