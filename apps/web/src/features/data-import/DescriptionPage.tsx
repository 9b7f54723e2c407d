import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/api/client';
import { useSystemData } from '../../platform/auth/system';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, bodyOf, formValuesOf, type Row } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, WithRecord } from '../../platform/resources/RecordPage';
import { ResourceFormFields, useResourceForm } from '../../platform/resources/ResourceFormFields';
import { type ResourceTexts, useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { ColumnsEditor } from './ColumnsEditor';
import { ImportWizard, type WizardDescription } from './ImportWizard';
import { useFieldLabel } from './useFieldLabel';

/** A new description imports counterparties by INN, inserting or updating, with the usual parse options. */
const START: Row = {
  target: 'counterparties',
  mode: 'upsert',
  matchKey: null,
  resource: null,
  columns: [],
  encoding: 'auto',
  delimiter: 'auto',
  dateFormat: 'DD.MM.YYYY',
  decimalComma: true,
  maxRows: 100_000,
} as unknown as Row;

/**
 * `/data-import/descriptions/new` and `/{id}`: the description's settings and its mapping, saved as a whole
 * (the server checks the columns against the target); a saved one has its template and the import of a file.
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
  const { t: own } = useTranslation('dataImport');
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const canWrite = record ? access.edit : access.create;
  const form = useResourceForm(descriptor, record, START);
  const { control, handleSubmit, reset, formState } = form;
  const { save, remove, conflict, setConflict } = useRecordSave({ descriptor, t, record, form });
  const fieldLabel = useFieldLabel(record?.target as string | undefined, record?.resource as string | null);
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
        <ColumnsEditor form={form} canWrite={canWrite} />
        {record && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void download(`/data-import/descriptions/${record.id}/template`)}
              data-testid="import-template"
            >
              {own('editor.template')}
            </Button>
          </Group>
        )}
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

  const importTab =
    record && record.target !== 'orderCargo' ? (
      <ImportWizard description={record as unknown as WizardDescription} fieldLabel={fieldLabel} />
    ) : (
      <Alert color="gray">{record ? own('editor.fromOrder') : own('editor.saveFirst')}</Alert>
    );

  return (
    <RecordPage
      descriptor={descriptor}
      texts={texts}
      record={record}
      title={heading}
      tabs={[
        { value: 'main', label: t('tabs.main'), content: main },
        ...(record ? [{ value: 'import', label: own('editor.tabImport'), content: importTab }] : []),
      ]}
    />
  );
}
