import { Stack } from '@mantine/core';
import { useSystemData } from '../../platform/auth/system';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, bodyOf, formValuesOf, type Row } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, WithRecord } from '../../platform/resources/RecordPage';
import { ResourceFormFields, useResourceForm } from '../../platform/resources/ResourceFormFields';
import { type ResourceTexts, useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { GraphEditor } from './GraphEditor';

/** A new description starts as an order workflow without states. */
const START: Row = {
  initiatorType: 'order',
  initialState: null,
  states: [],
  transitions: [],
} as unknown as Row;

/**
 * `/workflow-descriptions/new` and `/{id}`: the generic fields (name, record kind, description) and the
 * graph editor for the rest, one form saved as a whole (the server validates the whole graph).
 */
export function DescriptionPage(props: ResourceScreenProps) {
  const { descriptor } = props;
  const texts = useResourceTexts(descriptor);
  return (
    <WithRecord descriptor={descriptor}>
      {(loaded) => <Editor {...props} texts={texts} {...loaded} />}
    </WithRecord>
  );
}

function Editor({
  descriptor,
  options,
  texts,
  record,
  reload,
}: ResourceScreenProps & { texts: ResourceTexts; record: Row | null; reload: () => Promise<Row | null> }) {
  const { t } = texts;
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const canWrite = record ? access.edit : access.create;
  const form = useResourceForm(descriptor, record, START);
  const { control, handleSubmit, reset, formState } = form;
  const { save, remove, conflict, setConflict } = useRecordSave({ descriptor, t, record, form });
  const reloadRecord = async () => {
    const fresh = await reload();
    if (fresh) reset(formValuesOf(descriptor, fresh));
    setConflict(false);
  };
  const heading = `${texts.itemTitle}: ${record ? String(record.name ?? record.id) : t('newRecord')}`;

  const main = (
    <form
      onSubmit={handleSubmit((values) => save.mutate(bodyOf(descriptor, values)))}
      noValidate
      data-testid="resource-form"
    >
      <Stack gap="md">
        <LeaveGuard dirty={formState.isDirty} />
        <FormAlerts
          texts={texts}
          conflict={conflict}
          rootError={formState.errors.root?.server?.message}
          onReload={reloadRecord}
        />
        <ResourceFormFields
          descriptor={descriptor}
          options={options}
          texts={texts}
          control={control}
          record={record}
          canWrite={canWrite}
          framed
        />
        <GraphEditor form={form} canWrite={canWrite} />
        <RecordActionBar
          texts={texts}
          listPath={descriptor.path}
          canWrite={canWrite}
          saving={save.isPending}
          sticky
          remove={
            record && access.delete
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
      tabs={[{ value: 'main', label: t('tabs.main'), content: main }]}
    />
  );
}
