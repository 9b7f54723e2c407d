import { Alert, Button, Grid, Group, Stack, Switch } from '@mantine/core';
import { IconFileDescription, IconLock } from '@tabler/icons-react';
import {
  type Counterparty,
  counterpartyFieldRole,
  type FieldDescriptor,
  type ResourceDescriptor,
} from '@tms/domain';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { errorText } from '../../platform/kit/errorText';
import { FormSection } from '../../platform/kit/FormSection';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { accessOf, bodyOf, formValuesOf, isRequired, type Row } from '../../platform/resources/logic';
import { FormAlerts } from '../../platform/resources/RecordPage';
import { type ResourceFormValues, useResourceForm } from '../../platform/resources/ResourceFormFields';
import type { ResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { FieldInput } from '../../platform/resources/widgets';
import { CreditBlock } from './CreditBlock';
import { DuplicateInnDialog, DuplicateInnWarning, useDuplicateInn } from './DuplicateInn';
import { type FieldSize, fieldShown, MAIN_SECTIONS, SPANS } from './logic';

/** A new counterparty starts as a client that needs an application, like most of them. */
const newValues = (descriptor: ResourceDescriptor) => ({
  ...formValuesOf(descriptor, null),
  client: true,
  applicationRequired: true,
});

/**
 * The main form's state, kept by the page so that edits survive a visit to another tab (the tab's
 * inputs unmount, the values stay).
 */
export function useCounterpartyForm(descriptor: ResourceDescriptor, record: Row | null) {
  const form = useResourceForm(descriptor, record);
  const { reset } = form;
  const creating = record === null;
  // A new record starts from the defaults above, not the engine's empty values.
  useEffect(() => {
    if (creating) reset(newValues(descriptor));
  }, [creating, descriptor, reset]);
  return form;
}

interface MainFormProps {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Counterparty | null;
  form: UseFormReturn<ResourceFormValues>;
  reload: () => Promise<unknown>;
}

/**
 * The Main tab: every field of the counterparty in sections, inputs the user may not change disabled
 * (COUNTERPARTY_FIELD_ROLES, the management lock), server errors under their fields. An INN some other
 * counterparty already has is pointed out while typing and asked about at the save (branches share one).
 */
export function MainForm({ descriptor, texts, record, form, reload }: MainFormProps) {
  const { t } = useTranslation('counterparties');
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const { control, handleSubmit, formState } = form;
  const creating = record === null;
  const values = useWatch({ control });
  const duplicates = useDuplicateInn(values.inn, record?.inn ?? null, record?.id ?? null);
  // The save waiting for "save anyway", and the INN the user already said so for.
  const [pending, setPending] = useState<{
    values: Record<string, unknown>;
    records: Awaited<ReturnType<typeof duplicates.check>>;
  } | null>(null);
  const [acceptedInn, setAcceptedInn] = useState<string | null>(null);

  const lockedByManagement =
    record?.managementLock === true && !hasRole(system, 'ROLE_IGNORE_MANAGEMENT_LOCK');
  const canWrite = (creating ? access.create : access.edit) && !lockedByManagement;
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const disabled = (name: string) => {
    if (!canWrite) return true;
    const role = counterpartyFieldRole(name, creating);
    return role !== undefined && !hasRole(system, role);
  };

  const { save, remove, conflict, setConflict } = useRecordSave({ descriptor, t, record, form });

  const renderSwitch = (field: FieldDescriptor) => (
    <Controller
      key={field.name}
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => (
        <Switch
          id={`field-${field.name}`}
          name={field.name}
          label={texts.label(field)}
          checked={input.value === true}
          onChange={(e) => input.onChange(e.currentTarget.checked)}
          onBlur={input.onBlur}
          error={errorText(fieldState.error)}
          disabled={disabled(field.name)}
        />
      )}
    />
  );

  const renderField = (field: FieldDescriptor, size: FieldSize = 'third') => {
    const name = field.name;
    return (
      <Grid.Col key={name} span={SPANS[size]}>
        <Controller
          name={name}
          control={control}
          render={({ field: input, fieldState }) => (
            <FieldInput
              field={field}
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              label={texts.label(field)}
              error={errorText(fieldState.error)}
              required={isRequired(descriptor, name)}
              disabled={disabled(name)}
              texts={texts}
            />
          )}
        />
      </Grid.Col>
    );
  };

  const rootError = formState.errors.root?.server?.message;

  const submit = handleSubmit(async (formValues) => {
    if (duplicates.inn !== acceptedInn) {
      const records = await duplicates.check();
      if (records.length) {
        setPending({ values: formValues, records });
        return;
      }
    }
    save.mutate(bodyOf(descriptor, formValues));
  });

  return (
    <form onSubmit={submit} noValidate data-testid="resource-form">
      <Stack gap="md">
        <LeaveGuard dirty={formState.isDirty} />
        <FormAlerts
          texts={texts}
          conflict={conflict}
          rootError={rootError}
          onReload={async () => {
            await reload();
            setConflict(false);
          }}
        />
        {lockedByManagement && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="management-lock">
            {t('managementLocked')}
          </Alert>
        )}
        {MAIN_SECTIONS.map((section) => {
          const shown = section.fields
            .map(([name, size]) => [fields.get(name), size] as const)
            .filter((entry): entry is readonly [FieldDescriptor, FieldSize | undefined] =>
              Boolean(entry[0] && fieldShown(entry[0].name, values)),
            );
          // Inputs listed after the switches (the black list's reason) come below them.
          const firstSwitch = shown.findIndex(([field]) => field.type === 'boolean');
          const split = firstSwitch < 0 ? shown.length : firstSwitch;
          const before = shown.slice(0, split).filter(([field]) => field.type !== 'boolean');
          const switches = shown.filter(([field]) => field.type === 'boolean');
          const after = shown.slice(split).filter(([field]) => field.type !== 'boolean');
          return (
            <FormSection
              key={section.key}
              testId={`section-${section.key}`}
              // A section of one field (the comment) is named by the field's own label.
              title={section.fields.length > 1 ? t(`sections.${section.key}`) : undefined}
            >
              {section.key === 'credit' && record && <CreditBlock record={record} />}
              {before.length > 0 && (
                <Grid gap="md">{before.map(([field, size]) => renderField(field, size))}</Grid>
              )}
              {switches.length > 0 && (
                <Group gap="xl" mt={before.length > 0 ? 'lg' : 0} mb={after.length > 0 ? 'lg' : 0}>
                  {switches.map(([field]) => renderSwitch(field))}
                </Group>
              )}
              {after.length > 0 && (
                <Grid gap="md">{after.map(([field, size]) => renderField(field, size))}</Grid>
              )}
              {section.key === 'requisites' && (
                <DuplicateInnWarning inn={duplicates.inn} records={duplicates.shown} />
              )}
            </FormSection>
          );
        })}
        <DuplicateInnDialog
          inn={duplicates.inn}
          records={pending?.records ?? []}
          saving={save.isPending}
          onSave={() => {
            if (!pending) return;
            setAcceptedInn(duplicates.inn);
            setPending(null);
            save.mutate(bodyOf(descriptor, pending.values));
          }}
          onClose={() => setPending(null)}
        />
        <RecordActionBar
          texts={texts}
          listPath={descriptor.path}
          canWrite={canWrite}
          saving={save.isPending}
          sticky
          extra={
            record && (
              <Button
                variant="default"
                leftSection={<IconFileDescription size={16} />}
                component={Link}
                to={`/document-generator/initiator/counterparty/preview/${record.id}`}
                data-testid="counterparty-documents"
              >
                {t('documents')}
              </Button>
            )
          }
          remove={
            record && access.delete && !lockedByManagement
              ? { pending: remove.isPending, onDelete: () => remove.mutate(record.id) }
              : undefined
          }
        />
      </Stack>
    </form>
  );
}
