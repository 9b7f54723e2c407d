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
}

/** The input of one descriptor field inside an operation form, its server error underneath. */
export function DescribedField<T extends FieldValues>({
  field,
  control,
  texts,
  disabled,
  required = false,
  query,
}: DescribedFieldProps<T>) {
  if (!field) return null;
  return (
    <Controller
      name={field.name as Path<T>}
      control={control}
      render={({ field: input, fieldState }) =>
        query && field.type === 'reference' ? (
          <LazySelect
            id={`field-${field.name}`}
            label={texts.label(field)}
            url={field.reference?.path ?? ''}
            labelField={field.reference?.labelField}
            query={query}
            value={(input.value as number | null) ?? null}
            onChange={(value) => input.onChange(value)}
            error={errorText(fieldState.error)}
            required={required}
            disabled={disabled}
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
