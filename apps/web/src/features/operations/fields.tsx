import type { FieldDescriptor } from '@tms/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { errorText } from '../../platform/kit/errorText';
import type { ResourceTexts } from '../../platform/resources/texts';
import { FieldInput } from '../../platform/resources/widgets';
import { LazySelect } from '../../platform/widgets';

interface DescribedFieldProps<T extends FieldValues> {
  field: FieldDescriptor | undefined;
  control: Control<T>;
  texts: ResourceTexts;
  disabled: boolean;
  required?: boolean;
  /** A list filter of a reference's select (only clients for the order's client). */
  query?: Record<string, string>;
  /** What a reference's select offers beyond its list filter, and what choosing a record does. */
  select?: ReferenceSelectOptions;
}

/** A reference select fitted to the record being edited (the services of the order's product, ...). */
export interface ReferenceSelectOptions {
  /** More list filters, computed from the form (`productId` of the order's service). */
  query?: Record<string, string | undefined>;
  /** A record that may not be chosen here, with the reason shown under it. */
  optionDisabled?: (row: Record<string, unknown>) => string | false;
  /** Told the chosen record (null when cleared) after the value changed. */
  onPick?: (row: Record<string, unknown> | null) => void;
  /** Nothing to choose from yet (no product for the service): the select stays disabled. */
  unavailable?: boolean;
}

/** The input of one descriptor field inside an operation form, its server error underneath. */
export function DescribedField<T extends FieldValues>({
  field,
  control,
  texts,
  disabled,
  required = false,
  query,
  select,
}: DescribedFieldProps<T>) {
  if (!field) return null;
  const lazy = (query || select) && field.type === 'reference';
  return (
    <Controller
      name={field.name as Path<T>}
      control={control}
      render={({ field: input, fieldState }) =>
        lazy ? (
          <LazySelect
            id={`field-${field.name}`}
            label={texts.label(field)}
            url={field.reference?.path ?? ''}
            labelField={field.reference?.labelField}
            query={select?.query ? { ...query, ...select.query } : query}
            optionDisabled={select?.optionDisabled}
            value={(input.value as number | null) ?? null}
            onChange={(value, row) => {
              input.onChange(value);
              select?.onPick?.(row);
            }}
            error={errorText(fieldState.error)}
            required={required}
            disabled={disabled || select?.unavailable}
          />
        ) : (
          <FieldInput
            field={field}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
            label={texts.label(field)}
            error={errorText(fieldState.error)}
            required={required}
            disabled={disabled}
            texts={texts}
          />
        )
      }
    />
  );
}
