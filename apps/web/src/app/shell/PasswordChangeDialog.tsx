import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_MAX_LENGTH } from '@tms/domain/users/password-length';
import { type BaseSyntheticEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { type SystemUser, useReplaceUser } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { notifySaved } from '../../platform/snackbar';
import { applyServerErrors } from '../../platform/widgets/serverErrors';

/** The longest password the rule takes: the counter's limit, and where the input stops taking characters. */
export const PASSWORD_COUNTER = PASSWORD_MAX_LENGTH;

interface PasswordForm {
  /** Asked when a user changes their own password, except in the forced change after signing in. */
  currentPassword?: string;
  cleartextPassword: { first: string; second: string };
}

/**
 * The two password inputs with their counters and server errors, after the current password when the
 * form asks for it; used by the dialogs and the profile.
 */
export function PasswordFields({ form }: { form: ReturnType<typeof useForm<PasswordForm>> }) {
  const { t } = useTranslation('shell');
  const { control, formState } = form;
  const errors = formState.errors.cleartextPassword;
  return (
    <>
      {form.formState.defaultValues?.currentPassword !== undefined && (
        <Controller
          control={control}
          name="currentPassword"
          render={({ field: input }) => (
            <PasswordInput
              {...input}
              value={input.value ?? ''}
              label={t('password.current')}
              autoComplete="current-password"
              required
              error={formState.errors.currentPassword?.message}
            />
          )}
        />
      )}
      {(['first', 'second'] as const).map((field) => (
        <Controller
          key={field}
          control={control}
          name={`cleartextPassword.${field}`}
          render={({ field: input }) => (
            <PasswordInput
              {...input}
              label={t(field === 'first' ? 'password.new' : 'password.repeat')}
              autoComplete="new-password"
              required
              maxLength={PASSWORD_COUNTER}
              error={errors?.[field]?.message}
              description={
                <Text span size="xs" c="dimmed" data-testid={`counter-${field}`}>
                  {input.value.length} / {PASSWORD_COUNTER}
                </Text>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
        />
      ))}
    </>
  );
}

/** `withCurrent`: the form also asks for the current password (the profile's own change). */
export function usePasswordForm(userId: number, onSaved: (user: SystemUser) => void, withCurrent = false) {
  const { t } = useTranslation('shell');
  const form = useForm<PasswordForm>({
    defaultValues: {
      ...(withCurrent ? { currentPassword: '' } : {}),
      cleartextPassword: { first: '', second: '' },
    },
  });
  const send = form.handleSubmit(async (values) => {
    try {
      const user = await api.post<SystemUser>(`/users/${userId}/password`, values, { suppressPopup: true });
      notifySaved(t('common:saved'));
      form.reset();
      onSaved(user);
    } catch (error) {
      if (!applyServerErrors(error, form.setError)) {
        form.setError('root.server', {
          type: 'server',
          message: translateServerMessage((error as Error).message),
        });
      }
    }
  });
  // A server error under a field this form does not show (the current password, in the forced dialog)
  // would otherwise block every later submit.
  const submit = (event?: BaseSyntheticEvent) => {
    form.clearErrors();
    return send(event);
  };
  return { form, submit };
}

/** Persists while the user must change their password; the saved user replaces the stored one. */
export function PasswordChangeDialog({ user }: { user: SystemUser }) {
  const { t } = useTranslation('shell');
  const replaceUser = useReplaceUser();
  const [opened] = useState(true);
  const { form, submit } = usePasswordForm(user.id, replaceUser);
  const rootError = form.formState.errors.root?.server?.message;
  return (
    <Modal
      opened={opened && user.changePasswordRequired}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t('password.requiredTitle')}
      centered
      data-testid="password-change-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('password.requiredText')}
          </Text>
          {rootError && <Alert color="red">{rootError}</Alert>}
          <PasswordFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
