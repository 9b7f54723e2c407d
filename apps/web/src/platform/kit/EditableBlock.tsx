import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection } from './FormSection';

interface EditableBlockProps {
  /** The block's name: its buttons' test ids (`edit-{name}`). */
  name: string;
  title: ReactNode;
  testId?: string;
  /** The block shows its form instead of its values. */
  editing: boolean;
  /** The Edit button shows: the user may change the record and no other block is being edited. */
  canEdit: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** The values as read-only text. */
  view: ReactNode;
  /** The form's inputs of the block. */
  children: ReactNode;
}

/**
 * A block of a saved record read first (orders, jobs, requests): its values as text, turned into its part of the record's form by
 * "Edit", then saved (the surrounding form's submit) or cancelled (the button or Escape). Entering puts
 * the focus on the block's first input, leaving puts it back on "Edit".
 */
export function EditableBlock({
  name,
  title,
  testId,
  editing,
  canEdit,
  saving,
  onEdit,
  onCancel,
  view,
  children,
}: EditableBlockProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing && !wasEditing.current)
      panel.current?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])')?.focus();
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const cancelOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Escape in an open dropdown closes the dropdown, not the block.
    if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <Paper
      ref={panel}
      withBorder
      p="lg"
      data-testid={testId}
      data-editing={editing}
      onKeyDown={editing ? cancelOnEscape : undefined}
    >
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
        <Text fw={600} size="sm" component="h3" m={0}>
          {title}
        </Text>
        {!editing && canEdit && (
          <Button
            ref={editButton}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            data-testid={`edit-${name}`}
          >
            {t('block.edit')}
          </Button>
        )}
      </Group>
      {editing ? (
        <>
          {children}
          <Group gap="sm" mt="md">
            <Button type="submit" loading={saving} data-testid="resource-save">
              {t('block.save')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={saving} data-testid="block-cancel">
              {t('block.cancel')}
            </Button>
          </Group>
        </>
      ) : (
        view
      )}
    </Paper>
  );
}

interface RecordBlocksOptions {
  /** The record is saved: its blocks read first; a new one shows every block's inputs. */
  saved: boolean;
  canWrite: boolean;
  saving: boolean;
  /** The block being edited (null: the record reads). */
  editing: string | null;
  setEditing: (name: string | null) => void;
  /** Puts the form back to the record's values when an edit is cancelled. */
  reset: () => void;
}

/**
 * The blocks of a record's page (a request, a tender): on a new record each block's inputs under its heading,
 * on a saved one an `EditableBlock`, one at a time.
 */
export function recordBlocks({ saved, canWrite, saving, editing, setEditing, reset }: RecordBlocksOptions) {
  return (name: string, title: string, view: ReactNode, inputs: ReactNode) =>
    saved ? (
      <EditableBlock
        key={name}
        name={name}
        title={title}
        testId={`section-${name}`}
        editing={canWrite && editing === name}
        canEdit={canWrite && editing === null}
        saving={saving}
        onEdit={() => setEditing(name)}
        onCancel={() => {
          setEditing(null);
          reset();
        }}
        view={view}
      >
        {inputs}
      </EditableBlock>
    ) : (
      <FormSection key={name} title={title} testId={`section-${name}`}>
        {inputs}
      </FormSection>
    );
}
