import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { FormRootError } from '../kit/FormRootError';
import { notifySaved } from '../snackbar';
import { applyServerErrors } from '../widgets';
import { resourceKey } from './keys';
import { bodyOf, type Row } from './logic';
import { ResourceFormFields, type ResourceFormValues, useResourceForm } from './ResourceFormFields';
import type { ResourceTexts } from './texts';
import type { ResourceScreenProps } from './types';

interface ResourceCreateDialogProps extends ResourceScreenProps {
  texts: ResourceTexts;
  opened: boolean;
  onClose: () => void;
}

/** The first input of the form, focused when the dialog opens instead of its close button. */
const FIRST_INPUT = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled])';

/**
 * Marks the form's first input for the dialog's focus trap, which focuses it once the dialog is in place,
 * with or without the opening transition (people who ask for reduced motion get none).
 */
function markFirstInput(form: HTMLFormElement | null) {
  form?.querySelector(FIRST_INPUT)?.setAttribute('data-autofocus', '');
}

/**
 * Creates a record of a resource whose API creates records but which has no create screen in routes.txt:
 * the generated form's fields in a dialog over the list, checked by the same schema before sending, the
 * server's errors under their fields; a save closes it with "Saved" and the list reloads.
 */
export function ResourceCreateDialog({
  descriptor,
  options,
  texts,
  opened,
  onClose,
}: ResourceCreateDialogProps) {
  const { t } = texts;
  const client = useQueryClient();
  const { control, handleSubmit, reset, setError, formState } = useResourceForm(descriptor, null);

  // Every opening starts from an empty form.
  const close = () => {
    onClose();
    reset();
  };

  const save = useMutation({
    mutationFn: (values: ResourceFormValues) => api.post<Row>(descriptor.path, bodyOf(descriptor, values)),
    onSuccess: async () => {
      notifySaved(t('common:saved'));
      close();
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    },
    onError: (error) => applyServerErrors(error, setError),
  });

  const rootError = formState.errors.root?.server?.message;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`${texts.itemTitle}: ${t('newRecord')}`}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form
        ref={markFirstInput}
        onSubmit={handleSubmit((values) => save.mutate(values))}
        noValidate
        data-testid="resource-form"
      >
        <Stack gap="md">
          {rootError && <FormRootError>{rootError}</FormRootError>}
          <ResourceFormFields
            descriptor={descriptor}
            options={options}
            texts={texts}
            control={control}
            record={null}
            canWrite
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="resource-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
