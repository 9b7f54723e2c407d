import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconList, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FieldDescriptor, updateSchemaOf } from '@tms/domain';
import { useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, api } from '../api/client';
import { useSystemData } from '../auth/system';
import { padId } from '../format';
import { translateServerMessage } from '../i18n';
import { notifyDeleted, notifySaved } from '../snackbar';
import { applyServerErrors, HoldToConfirm } from '../widgets';
import { accessOf, bodyOf, formFields, formValuesOf, isRequired, type Row } from './logic';
import { ResourceHistory } from './ResourceHistory';
import { resourceKey } from './ResourceList';
import classes from './resources.module.css';
import type { ResourceScreenProps } from './routes';
import { type ResourceTexts, useResourceTexts } from './texts';
import { displayValue, FieldInput } from './widgets';

type Values = Record<string, unknown>;

/**
 * The message of a field's error; a list or object field shows the first message of its items
 * (`ipAddresses.0`), from the schema or from the server.
 */
function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return translateServerMessage(message);
  for (const item of Object.values(error)) {
    const nested =
      item && typeof item === 'object' && item !== (error as { ref?: unknown }).ref
        ? errorText(item)
        : undefined;
    if (nested) return nested;
  }
  return undefined;
}

/** Fields that take a whole row of the form. */
const WIDE_TYPES = new Set(['textarea', 'tags', 'references', 'roles']);

/** The create (`/new`) and edit (`/:id`) screen of a resource, with the History tab on a record. */
export function ResourceForm(props: ResourceScreenProps) {
  const { descriptor } = props;
  const texts = useResourceTexts(descriptor);
  const { id: idParam } = useParams();
  const id = idParam === undefined ? null : /^\d+$/.test(idParam) ? Number(idParam) : Number.NaN;
  const record = useQuery({
    queryKey: [...resourceKey(descriptor), 'record', id],
    queryFn: ({ signal }) => api.get<Row>(`${descriptor.path}/${id}`, { signal }),
    enabled: id !== null && !Number.isNaN(id),
  });

  if (Number.isNaN(id) || (record.error as ApiError | null)?.status === 404) {
    return <NotFound texts={texts} path={descriptor.path} />;
  }
  if (id !== null && !record.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
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

function NotFound({ texts, path }: { texts: ResourceTexts; path: string }) {
  return (
    <Stack align="flex-start">
      <Alert color="gray" icon={<IconAlertTriangle size={18} />}>
        {texts.t('notFound')}
      </Alert>
      <Button component={Link} to={path} variant="default" leftSection={<IconList size={16} />}>
        {texts.t('backToList')}
      </Button>
    </Stack>
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
  const [tab, setTab] = useState<string | null>('main');
  const [conflict, setConflict] = useState(false);

  const schema = existing ? updateSchemaOf(descriptor.create).omit({ version: true }) : descriptor.create;
  const zod = zodResolver(schema as never) as unknown as Resolver<Values>;
  // The schema sees what will be sent: emptied optional inputs as null.
  const resolver: Resolver<Values> = (values, context, opts) =>
    zod(bodyOf(descriptor, values), context, opts);
  const form = useForm<Values>({ defaultValues: formValuesOf(descriptor, record), resolver });
  const { control, handleSubmit, reset, setError, formState } = form;

  useEffect(() => {
    reset(formValuesOf(descriptor, record));
  }, [record, descriptor, reset]);

  const invalidate = () => client.invalidateQueries({ queryKey: resourceKey(descriptor) });

  const save = useMutation({
    mutationFn: (values: Values) => {
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

  const renderField = (field: FieldDescriptor) => {
    const custom = options.fields?.[field.name];
    const Widget = custom ?? FieldInput;
    if (field.type === 'json' && !custom) return null;
    const span = WIDE_TYPES.has(field.type) ? { gridColumn: '1 / -1' } : undefined;
    const value = record?.[field.name];
    if (field.readOnly && custom) {
      return (
        <div key={field.name} style={span}>
          <Widget
            field={field}
            value={value ?? null}
            onChange={() => undefined}
            onBlur={() => undefined}
            label={texts.label(field)}
            required={false}
            disabled
            texts={texts}
          />
        </div>
      );
    }
    if (field.readOnly) {
      // Server-set values read as facts about the record, not as inputs.
      return (
        <Stack key={field.name} gap={2} data-testid={`info-${field.name}`}>
          <Text size="xs" className={classes.muted}>
            {texts.label(field)}
          </Text>
          {field.type === 'boolean' ? (
            <Badge variant="dot" tt="none" color={value ? 'teal' : 'gray'} w="fit-content">
              {t(field.name === 'enabled' ? (value ? 'enabled' : 'disabled') : value ? 'yes' : 'no')}
            </Badge>
          ) : (
            <Text size="sm">{displayValue(field, value, texts) || '—'}</Text>
          )}
        </Stack>
      );
    }
    return (
      <div key={field.name} style={span}>
        <Controller
          name={field.name}
          control={control}
          render={({ field: input, fieldState }) => (
            <Widget
              field={field}
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              label={texts.label(field)}
              error={errorText(fieldState.error)}
              required={isRequired(descriptor, field.name)}
              disabled={!canWrite}
              texts={texts}
            />
          )}
        />
      </div>
    );
  };

  const fields = formFields(descriptor, existing);
  const editFields = fields.filter((f) => !f.readOnly);
  const infoFields = fields.filter((f) => f.readOnly);

  const main = (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate data-testid="resource-form">
      <Stack gap="md">
        {conflict && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t('conflict.title')}
            data-testid="conflict-alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {translateServerMessage('The record was changed by someone else. Reload it and try again.')}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={reloadRecord}
              >
                {t('conflict.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {rootError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="form-root-error">
            {rootError}
          </Alert>
        )}
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            {editFields.map(renderField)}
          </SimpleGrid>
        </Paper>
        {infoFields.length > 0 && (
          <Group gap="xl" px="lg" data-testid="resource-info">
            {infoFields.map(renderField)}
          </Group>
        )}
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
    <Stack gap="md" maw={1100} data-testid="resource-form-screen" data-resource={descriptor.name}>
      <Breadcrumbs>
        <Anchor component={Link} to={descriptor.path} size="sm">
          {texts.title}
        </Anchor>
        <Text size="sm" className={classes.muted}>
          {record ? padId(record.id) : t('newRecord')}
        </Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        {heading}
      </Title>
      {record ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="main">{t('tabs.main')}</Tabs.Tab>
            <Tabs.Tab value="history" leftSection={<IconHistory size={14} />} data-testid="history-tab">
              {t('tabs.history')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="main">{main}</Tabs.Panel>
          <Tabs.Panel value="history">
            <ResourceHistory descriptor={descriptor} id={record.id} texts={texts} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        main
      )}
    </Stack>
  );
}
