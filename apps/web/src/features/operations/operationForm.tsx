import { Alert, Grid, Group, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type Job, type Order, operationEditLock, type ResourceDescriptor, type Role } from '@tms/domain';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { EditableBlock } from '../../platform/kit/EditableBlock';
import { FormSection } from '../../platform/kit/FormSection';
import { FieldsView } from '../../platform/kit/ReadOnlyValues';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { accessOf } from '../../platform/resources/logic';
import { FormAlerts } from '../../platform/resources/RecordPage';
import type { ResourceTexts } from '../../platform/resources/texts';
import { CustomFieldsBlock } from './CustomFieldsBlock';
import { DescribedField, type ReferenceSelectOptions } from './fields';
import type { OrderFormValues } from './logic';
import { CustomFieldsView, RouteView } from './ReadOnlyViews';
import { RouteEditor } from './RouteEditor';
import { useOperationSave } from './save';

/** Which part of an order or job the form shows: all of it (a new record), the main block or the route block. */
export type OperationFormPart = 'all' | 'main' | 'route';

/** The props of the order's and the job's form. */
export interface OperationFormProps<R extends Order | Job, V extends FieldValues> {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: R | null;
  form: UseFormReturn<V>;
  part: OperationFormPart;
  reload: () => Promise<unknown>;
  /** Told when a refused save has errors on the route, so the page can show the route block. */
  onRouteErrors?: () => void;
  /** Which block of a saved record is being edited, and how to enter and leave it. */
  editing: BlockEditing;
}

/** The one block of a saved record being edited (`null`: the page reads), entered and left. */
export interface BlockEditing {
  name: string | null;
  start: (name: string) => void;
  /** Leaves the block, dropping its edits. */
  cancel: () => void;
  /** Leaves the block after its save went through. */
  done: () => void;
}

/** The values both forms have: the route, the custom fields and the outcome. */
type SharedValues = Pick<
  OrderFormValues,
  'route' | 'customFieldGroupId' | 'customFields' | 'failure' | 'damaged' | 'completionDate'
>;

/** Column widths of the form's grids. */
export const COLUMN_SPAN = { third: { base: 12, sm: 6, md: 4 }, quarter: { base: 12, sm: 6, md: 3 } };

interface OperationFormOptions<R extends Order | Job, V extends SharedValues>
  extends OperationFormProps<R, V> {
  /** The role a field needs beyond editing the record (ORDER_FIELD_ROLES, JOB_FIELD_ROLES), if any. */
  fieldRole: (name: string) => Role | undefined;
}

/**
 * What the order and job forms share: who may write (the edit lock of an archived or accepted record, the
 * roles some fields need), the save and delete, and the input of a descriptor field.
 */
export function useOperationForm<R extends Order | Job, V extends SharedValues>({
  descriptor,
  texts,
  record,
  form,
  part,
  reload,
  onRouteErrors,
  editing,
  fieldRole,
}: OperationFormOptions<R, V>) {
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const lock = record ? operationEditLock(record) : null;
  const canWrite = (record === null ? access.create : access.edit) && lock === null;
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const disabled = (name: string) => {
    if (!canWrite) return true;
    const role = fieldRole(name);
    return role !== undefined && !hasRole(system, role);
  };
  const { save, remove, conflict, setConflict } = useOperationSave({
    descriptor,
    texts,
    record,
    form,
    onInvalid: (paths) => {
      if (part === 'main' && paths.some((path) => path === 'route' || path.startsWith('route.')))
        onRouteErrors?.();
    },
    onSaved: editing.done,
  });
  const field = (
    name: string,
    required = false,
    query?: Record<string, string>,
    select?: ReferenceSelectOptions,
  ) => (
    <DescribedField
      field={fields.get(name)}
      control={form.control}
      texts={texts}
      disabled={disabled(name)}
      required={required}
      query={query}
      select={select}
    />
  );
  return {
    descriptor,
    texts,
    record,
    form,
    reload,
    lock,
    canWrite,
    canDelete: record !== null && access.delete && lock === null,
    save,
    remove,
    conflict,
    setConflict,
    field,
    editing,
    showMain: part !== 'route',
    showRoute: part !== 'main',
  };
}

type OperationForm<V extends SharedValues> = ReturnType<typeof useOperationForm<Order | Job, V>>;

interface OperationFormFrameProps<V extends SharedValues> {
  operation: OperationForm<V>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why an archived record cannot be changed. */
  archivedText: string;
  /** The blocks of the form. */
  children: ReactNode;
}

/** The frame of an order or job form: the alerts of a refused save and of the edit lock, then save and delete. */
export function OperationFormFrame<V extends SharedValues>({
  operation,
  onSubmit,
  archivedText,
  children,
}: OperationFormFrameProps<V>) {
  const { descriptor, texts, record, form, lock, save, remove } = operation;
  const deletable = operation.canDelete ? record : null;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="resource-form">
      <Stack gap="md">
        <FormAlerts
          texts={texts}
          conflict={operation.conflict}
          rootError={form.formState.errors.root?.server?.message}
          onReload={async () => {
            await operation.reload();
            operation.setConflict(false);
          }}
        />
        {lock && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="edit-lock">
            {record?.archived ? archivedText : translateServerMessage(lock)}
          </Alert>
        )}
        {children}
        {/* A saved record is saved block by block; below it only its delete remains. */}
        {(record === null || deletable) && (
          <RecordActionBar
            texts={texts}
            listPath={descriptor.path}
            canWrite={operation.canWrite && record === null}
            saving={save.isPending}
            remove={
              deletable
                ? { pending: remove.isPending, onDelete: () => remove.mutate(deletable.id) }
                : undefined
            }
          />
        )}
      </Stack>
    </form>
  );
}

interface OperationBlockProps<V extends SharedValues> {
  operation: OperationForm<V>;
  /** The block's name, as `BlockEditing` knows it. */
  name: string;
  title: ReactNode;
  testId: string;
  /** The saved values as text. */
  view: (record: Order | Job) => ReactNode;
  /** The block's inputs. */
  children: ReactNode;
}

/**
 * A block of the form: on a new record its inputs under the heading; on a saved one its values as text,
 * edited one block at a time (`EditableBlock`) and saved through the record's one save.
 */
export function OperationBlock<V extends SharedValues>({
  operation,
  name,
  title,
  testId,
  view,
  children,
}: OperationBlockProps<V>) {
  const { record, editing } = operation;
  if (record === null)
    return (
      <FormSection testId={testId} title={title}>
        {children}
      </FormSection>
    );
  return (
    <EditableBlock
      name={name}
      title={title}
      testId={testId}
      // A record locked meanwhile (archived elsewhere, say) reads again.
      editing={operation.canWrite && editing.name === name}
      canEdit={operation.canWrite && editing.name === null}
      saving={operation.save.isPending}
      onEdit={() => editing.start(name)}
      onCancel={editing.cancel}
      view={view(record)}
    >
      {children}
    </EditableBlock>
  );
}

/** The route block: the points of the route. */
export function RouteSection<V extends SharedValues>({ operation }: { operation: OperationForm<V> }) {
  const { t } = useTranslation('operations');
  return (
    <OperationBlock
      operation={operation}
      name="route"
      testId="section-route"
      title={t('sections.route')}
      view={(record) => <RouteView route={record.route} />}
    >
      <RouteEditor
        control={operation.form.control as unknown as Control<Pick<SharedValues, 'route'>>}
        disabled={!operation.canWrite}
      />
    </OperationBlock>
  );
}

/** The custom fields of the record. */
export function CustomFieldsSection<V extends SharedValues>({ operation }: { operation: OperationForm<V> }) {
  const { t } = useTranslation('operations');
  return (
    <OperationBlock
      operation={operation}
      name="customFields"
      testId="section-custom-fields"
      title={t('sections.customFields')}
      view={(record) => <CustomFieldsView groupId={record.customFieldGroupId} values={record.customFields} />}
    >
      <CustomFieldsBlock
        control={
          operation.form.control as unknown as Control<
            Pick<SharedValues, 'customFieldGroupId' | 'customFields'>
          >
        }
        disabled={!operation.canWrite}
      />
    </OperationBlock>
  );
}

/** How a saved record ended: its completion date, failure and damage. */
export function OutcomeSection<V extends SharedValues>({ operation }: { operation: OperationForm<V> }) {
  const { t } = useTranslation('operations');
  const { field } = operation;
  return (
    <OperationBlock
      operation={operation}
      name="outcome"
      testId="section-outcome"
      title={t('sections.outcome')}
      view={(record) => (
        <FieldsView
          descriptor={operation.descriptor}
          texts={operation.texts}
          record={record}
          names={['completionDate', 'failure', 'damaged']}
        />
      )}
    >
      <Grid gap="md" align="flex-end">
        <Grid.Col span={COLUMN_SPAN.third}>{field('completionDate')}</Grid.Col>
        <Grid.Col span={COLUMN_SPAN.third}>
          <Group gap="xl">
            {field('failure')}
            {field('damaged')}
          </Group>
        </Grid.Col>
      </Grid>
    </OperationBlock>
  );
}
