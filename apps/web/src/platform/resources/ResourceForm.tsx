import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../api/client';
import { useSystemData } from '../auth/system';
import { padId } from '../format';
import { LeaveGuard } from '../kit/LeaveGuard';
import { RecordActionBar } from '../kit/RecordActionBar';
import { notifySaved } from '../snackbar';
import { resourceKey } from './keys';
import { accessOf, bodyOf, formValuesOf, type Row } from './logic';
import { FormAlerts, RecordPage, WithRecord } from './RecordPage';
import { ResourceFormFields, useResourceForm } from './ResourceFormFields';
import { type ResourceTexts, useResourceTexts } from './texts';
import type { ResourceScreenProps } from './types';
import { useRecordSave } from './useRecordSave';

/**
 * What a feature adds to the generic form: the values a new record starts with, actions beside the title,
 * content under the form (a record's ledger, its links).
 */
export interface ResourceFormExtras {
  start?: Row | null;
  actions?: (record: Row | null) => ReactNode;
  below?: (record: Row) => ReactNode;
  /**
   * Why the record does not change now, as the server says it (a bill of an order finance control
   * accepted): shown above the form; `whole` turns its fields, save and delete off, else it only warns.
   */
  frozen?: { message: string; whole: boolean } | null;
}

/** The create (`/new`) and edit (`/:id`) screen of a resource, with the History tab on a record. */
export function ResourceForm(props: ResourceScreenProps & ResourceFormExtras) {
  const { descriptor } = props;
  const texts = useResourceTexts(descriptor);
  return (
    <WithRecord descriptor={descriptor}>
      {(loaded) => <FormScreen {...props} texts={texts} {...loaded} />}
    </WithRecord>
  );
}

function FormScreen({
  descriptor,
  options,
  texts,
  record,
  reload,
  start,
  actions,
  below,
  frozen,
}: ResourceScreenProps &
  ResourceFormExtras & { texts: ResourceTexts; record: Row | null; reload: () => Promise<Row | null> }) {
  const { t } = texts;
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const client = useQueryClient();
  const existing = record !== null;
  const locked = existing && frozen?.whole === true;
  const canWrite = !locked && (existing ? access.edit : access.create);

  const form = useResourceForm(descriptor, record, start);
  const { control, handleSubmit, reset, formState } = form;
  const { save, remove, conflict, setConflict } = useRecordSave({ descriptor, t, record, form });

  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      api.post<Row>(`${descriptor.path}/${record?.id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: async (saved) => {
      notifySaved(String(t('common:saved')));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    },
  });

  const reloadRecord = async () => {
    const fresh = await reload();
    if (fresh) reset(formValuesOf(descriptor, fresh));
    setConflict(false);
  };

  const heading = record
    ? `${texts.itemTitle}: ${String(record[descriptor.labelField] ?? padId(record.id))}`
    : `${texts.itemTitle}: ${t('newRecord')}`;
  const rootError = formState.errors.root?.server?.message;

  const main = (
    <form
      onSubmit={handleSubmit((values) => save.mutate(bodyOf(descriptor, values)))}
      noValidate
      data-testid="resource-form"
    >
      <Stack gap="md">
        <LeaveGuard dirty={formState.isDirty} />
        {existing && frozen && (
          <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} data-testid="record-frozen">
            {frozen.message}
          </Alert>
        )}
        <FormAlerts texts={texts} conflict={conflict} rootError={rootError} onReload={reloadRecord} />
        <ResourceFormFields
          descriptor={descriptor}
          options={options}
          texts={texts}
          control={control}
          record={record}
          canWrite={canWrite}
          framed
        />
        <RecordActionBar
          texts={texts}
          listPath={descriptor.path}
          canWrite={canWrite}
          saving={save.isPending}
          toggle={
            record && descriptor.toggle && access.edit
              ? {
                  enabled: record.enabled === true,
                  pending: toggle.isPending,
                  onToggle: () => toggle.mutate(record.enabled !== true),
                }
              : undefined
          }
          remove={
            record && access.delete && !locked
              ? { pending: remove.isPending, onDelete: () => remove.mutate(record.id) }
              : undefined
          }
        />
      </Stack>
    </form>
  );

  return (
    <RecordPage
      descriptor={descriptor}
      texts={texts}
      record={record}
      title={heading}
      actions={actions?.(record)}
      tabs={[
        {
          value: 'main',
          label: t('tabs.main'),
          content: (
            <Stack gap="md">
              {main}
              {record && below?.(record)}
            </Stack>
          ),
        },
        ...(record && options.recordTabs ? options.recordTabs(record) : []),
      ]}
    />
  );
}
