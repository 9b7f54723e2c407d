import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '../api/client';
import { useSystemData } from '../auth/system';
import { padId } from '../format';
import { notifyDeleted, notifySaved } from '../snackbar';
import { applyServerErrors, HoldToConfirm } from '../widgets';
import { resourceKey } from './keys';
import { accessOf, bodyOf, formValuesOf, type Row } from './logic';
import { ConflictAlert, RecordPage, RecordPlaceholder, useRecord } from './RecordPage';
import { ResourceFormFields, type ResourceFormValues, useResourceForm } from './ResourceFormFields';
import { type ResourceTexts, useResourceTexts } from './texts';
import type { ResourceScreenProps } from './types';

/** The create (`/new`) and edit (`/:id`) screen of a resource, with the History tab on a record. */
export function ResourceForm(props: ResourceScreenProps) {
  const { descriptor } = props;
  const texts = useResourceTexts(descriptor);
  const { id, record } = useRecord(descriptor);
  const notFound = Number.isNaN(id) || (record.error as ApiError | null)?.status === 404;
  if (notFound || (id !== null && !record.data)) {
    return <RecordPlaceholder notFound={notFound} texts={texts} path={descriptor.path} />;
  }
  return (
    <FormScreen
      {...props}
      texts={texts}
      record={record.data ?? null}
      reload={async () => (await record.refetch()).data ?? null}
    />
  );
}

function FormScreen({
  descriptor,
  options,
  texts,
  record,
  reload,
}: ResourceScreenProps & { texts: ResourceTexts; record: Row | null; reload: () => Promise<Row | null> }) {
  const { t } = texts;
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const navigate = useNavigate();
  const client = useQueryClient();
  const existing = record !== null;
  const canWrite = existing ? access.edit : access.create;
  const [conflict, setConflict] = useState(false);

  const { control, handleSubmit, reset, setError, formState } = useResourceForm(descriptor, record);

  const invalidate = () => client.invalidateQueries({ queryKey: resourceKey(descriptor) });

  const save = useMutation({
    mutationFn: (values: ResourceFormValues) => {
      const body = bodyOf(descriptor, values);
      return record
        ? api.put<Row>(`${descriptor.path}/${record.id}`, { ...body, version: record.version })
        : api.post<Row>(descriptor.path, body);
    },
    onSuccess: async (saved) => {
      notifySaved(String(t('common:saved')));
      setConflict(false);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await invalidate();
      if (!record) {
        navigate(descriptor.screens?.edit === false ? descriptor.path : `${descriptor.path}/${saved.id}`, {
          replace: true,
        });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else applyServerErrors(error, setError);
    },
  });

  const remove = useMutation({
    mutationFn: () => api.delete<Row>(`${descriptor.path}/${record?.id}`),
    onSuccess: async () => {
      notifyDeleted(String(t('common:deleted')));
      client.removeQueries({ queryKey: [...resourceKey(descriptor), 'record', record?.id] });
      await invalidate();
      navigate(descriptor.path, { replace: true });
    },
  });

  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      api.post<Row>(`${descriptor.path}/${record?.id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: async (saved) => {
      notifySaved(String(t('common:saved')));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await invalidate();
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
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate data-testid="resource-form">
      <Stack gap="md">
        {conflict && <ConflictAlert texts={texts} onReload={reloadRecord} />}
        {rootError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="form-root-error">
            {rootError}
          </Alert>
        )}
        <ResourceFormFields
          descriptor={descriptor}
          options={options}
          texts={texts}
          control={control}
          record={record}
          canWrite={canWrite}
          framed
        />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {canWrite && (
              <Button type="submit" loading={save.isPending} data-testid="resource-save">
                {t('save')}
              </Button>
            )}
            <Button variant="default" component={Link} to={descriptor.path}>
              {canWrite ? t('cancel') : t('backToList')}
            </Button>
          </Group>
          <Group gap="sm">
            {record && descriptor.toggle && access.edit && (
              <Button
                variant="default"
                loading={toggle.isPending}
                onClick={() => toggle.mutate(record.enabled !== true)}
                data-testid="resource-toggle"
              >
                {t(record.enabled === true ? 'disable' : 'enable')}
              </Button>
            )}
            {record && access.delete && (
              <HoldToConfirm
                // The theme's red under white text reads below 4.5:1; the darkest red passes.
                color="red.9"
                onConfirm={() => remove.mutate()}
                loading={remove.isPending}
                data-testid="resource-delete"
              >
                {t('delete')}
              </HoldToConfirm>
            )}
          </Group>
        </Group>
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
