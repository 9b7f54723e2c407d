import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldDescriptor, type ResourceDescriptor, updateSchemaOf } from '@tms/domain';
import { useEffect } from 'react';
import { type Control, Controller, type Resolver, useForm } from 'react-hook-form';
import { errorText } from '../kit/errorText';
import { FormSection } from '../kit/FormSection';
import { useRevealErrors } from '../kit/revealErrors';
import { bodyOf, formFields, formValuesOf, isRequired, type Row } from './logic';
import classes from './resources.module.css';
import type { ResourceTexts } from './texts';
import type { ResourceRouteOptions } from './types';
import { displayValue, FieldInput } from './widgets';

export type ResourceFormValues = Record<string, unknown>;

/** Fields that take a whole row of the form. */
const WIDE_TYPES = new Set(['textarea', 'tags', 'references', 'roles', 'json']);

/**
 * The form state of a resource record (create when `record` is null): validated on the client by the
 * descriptor's create schema (its partial on an existing record), reset when the record changes; a
 * refused save brings its first error into view.
 */
/** `start`: the values a new record starts with (a copy, a record made from another one). */
export function useResourceForm(descriptor: ResourceDescriptor, record: Row | null, start?: Row | null) {
  const schema = record ? updateSchemaOf(descriptor.create).omit({ version: true }) : descriptor.create;
  const zod = zodResolver(schema as never) as unknown as Resolver<ResourceFormValues>;
  // The schema sees what will be sent: emptied optional inputs as null.
  const resolver: Resolver<ResourceFormValues> = (values, context, opts) =>
    zod(bodyOf(descriptor, values), context, opts);
  const initial = record ?? start ?? null;
  const form = useForm<ResourceFormValues>({ defaultValues: formValuesOf(descriptor, initial), resolver });
  const { reset } = form;
  useEffect(() => {
    reset(formValuesOf(descriptor, initial));
  }, [initial, descriptor, reset]);
  useRevealErrors(form);
  return form;
}

export interface ResourceFormFieldsProps {
  descriptor: ResourceDescriptor;
  options: ResourceRouteOptions;
  texts: ResourceTexts;
  control: Control<ResourceFormValues>;
  /** The saved record (its read-only fields are shown), or null on create. */
  record: Row | null;
  canWrite: boolean;
  /** Inside a bordered panel (the form screen); a dialog has its own frame. */
  framed?: boolean;
}

/**
 * The fields of a resource's generated form, shared by the form screen and the create dialog: one input
 * per create field (a custom widget where the route names one) with its error under it, and the
 * server-set values of a saved record as facts beside them.
 */
export function ResourceFormFields({
  descriptor,
  options,
  texts,
  control,
  record,
  canWrite,
  framed = false,
}: ResourceFormFieldsProps) {
  const { t } = texts;

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

  const fields = formFields(descriptor, record !== null);
  const editFields = fields.filter((f) => !f.readOnly);
  const infoFields = fields.filter((f) => f.readOnly);
  const grid = (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
      {editFields.map(renderField)}
    </SimpleGrid>
  );

  return (
    <>
      {framed ? <FormSection>{grid}</FormSection> : grid}
      {infoFields.length > 0 && (
        <Group gap="xl" px="lg" data-testid="resource-info">
          {infoFields.map(renderField)}
        </Group>
      )}
    </>
  );
}
