import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MESSAGES, TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '@tms/domain';
import { useEffect } from 'react';
import { type Control, Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../platform/kit/errorText';
import { FormSection } from '../../platform/kit/FormSection';
import { CargoEditor } from '../operations/CargoEditor';
import { CARGO_MEASURE_ERROR } from '../operations/logic';
import { RouteEditor } from '../operations/RouteEditor';
import { type HyperLotForm, lotCargoInvalid } from './hyperLogic';

interface HyperLotDialogProps {
  lot: HyperLotForm;
  /** A lot not added yet (the title and the button say so). */
  isNew: boolean;
  /** The refusals of the last save under this lot, shown under their fields (`route.1.address`). */
  errors: readonly [string, string][];
  onClose: () => void;
  onApply: (lot: HyperLotForm) => void;
}

/**
 * A new lot of a hyper request: its name, the transport types, route and cargo its request is created
 * with (the operations' route and cargo editors, as the request page has them). It edits a copy: the
 * hyper request's form takes it on "Done", and the request is created when the hyper request is saved.
 */
export function HyperLotDialog({ lot, isNew, errors, onClose, onApply }: HyperLotDialogProps) {
  const { t } = useTranslation('hyperRequests');
  const form = useForm<HyperLotForm>({ defaultValues: lot });
  const { setError } = form;
  useEffect(() => {
    for (const [path, message] of errors) {
      setError((path || 'name') as Path<HyperLotForm>, { type: 'server', message });
    }
  }, [errors, setError]);

  const submit = form.handleSubmit((values) => {
    let valid = true;
    if (!values.name.trim()) {
      setError('name', { type: 'client', message: MESSAGES.blank });
      valid = false;
    }
    for (const name of lotCargoInvalid(values)) {
      setError(`cargo.${name}`, { type: 'client', message: CARGO_MEASURE_ERROR });
      valid = false;
    }
    if (valid) onApply(values);
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('lotDialog.titleNew') : t('lotDialog.titleEdit')}
      size="80rem"
    >
      <form
        noValidate
        data-testid="lot-dialog"
        onSubmit={(event) => {
          // The dialog sits in a portal inside the hyper request's form: its submit is its own.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <Stack gap="md">
          <Controller
            name="name"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextInput
                id="lot-name"
                label={t('lotDialog.name')}
                required
                data-autofocus
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <LotTransportTypes control={form.control} label={t('lotDialog.transportTypes')} />
          <FormSection title={t('lotDialog.route')} testId="lot-route">
            <RouteEditor
              control={form.control as unknown as Control<Pick<HyperLotForm, 'route'>>}
              disabled={false}
            />
          </FormSection>
          <FormSection title={t('lotDialog.cargo')} testId="lot-cargo">
            <CargoEditor
              control={form.control as unknown as Control<Pick<HyperLotForm, 'cargo'>>}
              disabled={false}
            />
          </FormSection>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('lotDialog.cancel')}
            </Button>
            <Button type="submit" data-testid="lot-apply">
              {t('lotDialog.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The transport types of the lot's request, one checkbox each ("at least one transport type" is the server's). */
function LotTransportTypes({ control, label }: { control: Control<HyperLotForm>; label: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <Controller
      name="transportTypes"
      control={control}
      render={({ field, fieldState }) => (
        <Checkbox.Group
          id="lot-transportTypes"
          label={label}
          required
          value={field.value}
          onChange={(value) => field.onChange(value)}
          error={errorText(fieldState.error)}
        >
          <Group gap="md" mt={6}>
            {TRANSPORT_TYPES.filter((type) => type !== 'none').map((type) => (
              <Checkbox key={type} value={type} label={TRANSPORT_TYPE_LABELS[type][lang]} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}
