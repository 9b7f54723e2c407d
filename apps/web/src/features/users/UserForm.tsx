import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconLock, IconUserShare } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FieldDescriptor,
  holdsAll,
  mayGrant,
  roleLabel,
  USER_MESSAGES,
  type User,
  updateSchemaOf,
} from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_COUNTER, PasswordFields, usePasswordForm } from '../../app/shell/PasswordChangeDialog';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { impersonate } from '../../platform/auth/actions';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { errorText } from '../../platform/kit/errorText';
import { FormSection } from '../../platform/kit/FormSection';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, bodyOf, formValuesOf } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, WithRecord } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { FieldInput } from '../../platform/resources/widgets';
import { notifySaved } from '../../platform/snackbar';
import { LazySelect } from '../../platform/widgets';

type Values = Record<string, unknown>;

/** Fields of the form's account and sign-in sections; the access section is laid out by hand. */
const ACCOUNT_FIELDS = ['username', 'contactName', 'email', 'phone', 'serviceOfficeId', 'locale'];
const SIGN_IN_FIELDS = [
  'active',
  'changePasswordRequired',
  'nextUi',
  'remoteAccess',
  'ipRestriction',
  'allowedIpAddresses',
];
const WIDE = new Set(['roles', 'allowedIpAddresses', 'accessGroupIds']);

/**
 * The form's starting values; a new user starts active, in Russian, with two empty password entries, and
 * must change the password at the first sign-in (the server's rule: someone else chose it).
 */
function initialValues(descriptor: ResourceScreenProps['descriptor'], user: User | null): Values {
  return {
    ...formValuesOf(descriptor, user),
    ...(user
      ? {}
      : {
          cleartextPassword: { first: '', second: '' },
          locale: 'ru-RU',
          active: true,
          ipRestriction: 'none',
          changePasswordRequired: true,
        }),
  };
}

/** The user screen (/settings/users/new, /settings/users/{id}): every field of the user, and the actions. */
export function UserForm(props: ResourceScreenProps) {
  const { descriptor } = props;
  return (
    <WithRecord<User> descriptor={descriptor}>{(loaded) => <UserScreen {...props} {...loaded} />}</WithRecord>
  );
}

function UserScreen({
  descriptor,
  record,
  reload,
}: ResourceScreenProps & { record: User | null; reload: () => Promise<User | null> }) {
  const { t } = useTranslation(['users', 'resources']);
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const client = useQueryClient();
  // A user is managed only by whoever holds every role he holds (the server's rule, assertMayManage).
  const manageable = !record || holdsAll(system.roles, record.effectiveRoles);
  const mayEdit = access.edit && manageable;
  const canWrite = record ? mayEdit : access.create;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));

  const schema = record ? updateSchemaOf(descriptor.create).omit({ version: true }) : descriptor.create;
  const zod = zodResolver(schema as never) as unknown as Resolver<Values>;
  const resolver: Resolver<Values> = (values, context, options) =>
    zod(bodyOf(descriptor, values), context, options);
  const form = useForm<Values>({ defaultValues: initialValues(descriptor, record), resolver });
  useRevealErrors(form);
  const { control, handleSubmit, reset, formState } = form;
  useEffect(() => {
    reset(initialValues(descriptor, record));
  }, [descriptor, record, reset]);

  const key = resourceKey(descriptor);
  const remember = async (saved: User) => {
    client.setQueryData([...key, 'record', saved.id], saved);
    await client.invalidateQueries({ queryKey: key });
  };

  const { save, conflict, setConflict } = useRecordSave({ descriptor, t, record, form });

  const issueKey = useMutation({
    mutationFn: () => api.post<{ apiKey: string }>(`${descriptor.path}/${record?.id}/api-key`),
    onSuccess: async ({ apiKey: issued }) => {
      setApiKey(issued);
      const fresh = await reload();
      if (fresh) await remember(fresh);
    },
  });
  const revokeKey = useMutation({
    mutationFn: () => api.delete<User>(`${descriptor.path}/${record?.id}/api-key`),
    onSuccess: async (saved) => {
      notifySaved(t('common:saved'));
      await remember(saved);
    },
  });

  const renderField = (name: string) => {
    const field = fields.get(name) as FieldDescriptor;
    return (
      <div key={name} style={WIDE.has(name) ? { gridColumn: '1 / -1' } : undefined}>
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
              required={name === 'username' || name === 'contactName'}
              // Once on, only the user's own new password clears the flag (the server refuses it).
              disabled={!canWrite || (name === 'changePasswordRequired' && !!record?.changePasswordRequired)}
              texts={texts}
            />
          )}
        />
      </div>
    );
  };

  // Groups are offered only when the signed-in user may grant every role they give (the server's rule).
  const renderGroups = () => {
    const field = fields.get('accessGroupIds') as FieldDescriptor;
    return (
      <div style={{ gridColumn: '1 / -1' }}>
        <Controller
          name="accessGroupIds"
          control={control}
          render={({ field: input, fieldState }) => (
            <LazySelect
              multiple
              id="field-accessGroupIds"
              url={field.reference?.path ?? ''}
              labelField={field.reference?.labelField}
              label={texts.label(field)}
              value={Array.isArray(input.value) ? (input.value as number[]) : []}
              onChange={(next) => input.onChange(next)}
              optionDisabled={(group) =>
                !((group.roles as string[] | undefined) ?? []).every((role) => mayGrant(system.roles, role))
              }
              error={errorText(fieldState.error)}
              disabled={!canWrite}
            />
          )}
        />
      </div>
    );
  };

  const canImpersonate =
    record?.active && record.id !== system.user.id && manageable && hasRole(system, 'ROLE_ALLOWED_TO_SWITCH');
  const rootError = formState.errors.root?.server?.message;
  const groupRoles =
    record?.effectiveRoles
      .filter((role) => !record.roles.includes(role))
      .map((r) => roleLabel(r, texts.lang)) ?? [];

  const main = (
    <form
      onSubmit={handleSubmit((values) => save.mutate(bodyOf(descriptor, values)))}
      noValidate
      data-testid="resource-form"
    >
      <Stack gap="md">
        <LeaveGuard dirty={form.formState.isDirty} />
        {access.edit && !manageable && (
          <Alert color="gray" data-testid="not-manageable">
            {translateServerMessage(USER_MESSAGES.manageHeldOnly)}
          </Alert>
        )}
        <FormAlerts
          texts={texts}
          conflict={conflict}
          rootError={rootError}
          onReload={async () => {
            const fresh = await reload();
            if (fresh) reset(initialValues(descriptor, fresh));
            setConflict(false);
          }}
        />
        <FormSection title={t('sections.account')} columns>
          {ACCOUNT_FIELDS.map(renderField)}
          {!record &&
            (['first', 'second'] as const).map((part) => (
              <Controller
                key={part}
                name={`cleartextPassword.${part}`}
                control={control}
                render={({ field: input, fieldState }) => (
                  <PasswordInput
                    id={`field-password-${part}`}
                    label={t(part === 'first' ? 'password.new' : 'password.repeat')}
                    autoComplete="new-password"
                    required
                    value={String(input.value ?? '')}
                    maxLength={PASSWORD_COUNTER}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    error={errorText(fieldState.error)}
                    description={`${String(input.value ?? '').length} / ${PASSWORD_COUNTER}`}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                )}
              />
            ))}
        </FormSection>
        <FormSection title={t('sections.signIn')} columns>
          {/* A new user must change the password anyway: the switch is for existing users. */}
          {SIGN_IN_FIELDS.filter((name) => record || name !== 'changePasswordRequired').map(renderField)}
        </FormSection>
        <FormSection title={t('sections.access')} columns>
          {renderGroups()}
          {groupRoles.length > 0 && (
            <Stack gap={4} style={{ gridColumn: '1 / -1' }} data-testid="group-roles">
              <Text size="xs" c="dimmed">
                {t('groupRoles')}
              </Text>
              <Group gap={6}>
                {groupRoles.map((label) => (
                  <Badge key={label} variant="light" color="gray" tt="none" fw={400}>
                    {label}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
          {renderField('roles')}
        </FormSection>
        {record && (
          <Group gap="xl" px="lg" data-testid="resource-info">
            <Info label={texts.label(fields.get('lastLoginAt')!)}>
              {formatDateTime(record.lastLoginAt) || t('never')}
            </Info>
            <Info label={t('apiKey.title')}>
              <Badge variant="light" color={record.hasApiKey ? 'teal' : 'gray'}>
                {t(record.hasApiKey ? 'apiKey.issued' : 'apiKey.none')}
              </Badge>
            </Info>
            <Info label={texts.label(fields.get('updatedAt')!)}>{formatDateTime(record.updatedAt)}</Info>
          </Group>
        )}
        <RecordActionBar
          texts={{ t: (key) => t(`resources:${key}`) }}
          listPath={descriptor.path}
          canWrite={canWrite}
          saving={save.isPending}
          sticky
          extra={
            record && (
              <>
                {/* One's own password is changed on the profile, giving the current one. */}
                {mayEdit && record.id !== system.user.id && (
                  <Button
                    variant="default"
                    leftSection={<IconLock size={16} />}
                    onClick={() => setPasswordOpen(true)}
                    data-testid="set-password"
                  >
                    {t('password.set')}
                  </Button>
                )}
                {mayEdit && (
                  <Button
                    variant="default"
                    leftSection={<IconKey size={16} />}
                    loading={issueKey.isPending}
                    onClick={() => issueKey.mutate()}
                    data-testid="issue-api-key"
                  >
                    {t(record.hasApiKey ? 'apiKey.regenerate' : 'apiKey.generate')}
                  </Button>
                )}
                {mayEdit && record.hasApiKey && (
                  <Button
                    variant="subtle"
                    // red.9 keeps the text above 4.5:1 on the white form
                    color="red.9"
                    loading={revokeKey.isPending}
                    onClick={() => revokeKey.mutate()}
                    data-testid="revoke-api-key"
                  >
                    {t('apiKey.revoke')}
                  </Button>
                )}
                {canImpersonate && (
                  <Button
                    variant="light"
                    leftSection={<IconUserShare size={16} />}
                    onClick={() => impersonate(record.username)}
                    data-testid="impersonate"
                  >
                    {t('impersonate')}
                  </Button>
                )}
              </>
            )
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
      title={
        record
          ? `${record.contactName} (${record.username})`
          : `${texts.itemTitle}: ${t('resources:newRecord')}`
      }
      badges={
        record &&
        !record.active && (
          <Badge color="gray" variant="light">
            {t('inactive')}
          </Badge>
        )
      }
      tabs={[{ value: 'main', label: t('resources:tabs.main'), content: main }]}
    >
      {record && (
        <SetPasswordDialog
          userId={record.id}
          opened={passwordOpen}
          onClose={() => setPasswordOpen(false)}
          onSaved={async () => {
            setPasswordOpen(false);
            const fresh = await reload();
            if (fresh) await remember(fresh);
          }}
        />
      )}
      <Modal
        opened={apiKey !== null}
        onClose={() => setApiKey(null)}
        title={t('apiKey.shownOnceTitle')}
        centered
        size="lg"
      >
        <Stack>
          <Text size="sm">{t('apiKey.shownOnce')}</Text>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="api-key-value">
              {apiKey}
            </Code>
            <CopyButton value={apiKey ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {t(copied ? 'apiKey.copied' : 'apiKey.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => setApiKey(null)}>{t('common:close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </RecordPage>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** An administrator's "set password" (POST /api/users/{id}/password): the user's sessions end. */
function SetPasswordDialog({
  userId,
  opened,
  onClose,
  onSaved,
}: {
  userId: number;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('users');
  const { form, submit } = usePasswordForm(userId, onSaved);
  const rootError = form.formState.errors.root?.server?.message;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('password.set')}
      centered
      data-testid="set-password-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('password.setHint')}
          </Text>
          {rootError && <Alert color="red">{rootError}</Alert>}
          <PasswordFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('resources:cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
