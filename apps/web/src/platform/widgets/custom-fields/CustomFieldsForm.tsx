import type { CustomFieldDefinition, ValidationTree } from '@tms/domain';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { FieldGrid } from './CustomFieldInput';
import { treeOfFormErrors } from './logic';

type Values = Record<string, unknown>;

export interface CustomFieldsFormProps<T extends FieldValues> {
  definitions: readonly CustomFieldDefinition[];
  /** The react-hook-form control of the record's form. */
  control: Control<T>;
  /** Where the values object sits in the form, `customFields` by default (the server's error paths). */
  name?: Path<T>;
  disabled?: boolean;
  /** Server errors not put into the form (e.g. a tree kept by the caller); merged with the form's own. */
  errors?: ValidationTree;
  columns?: number;
}

/**
 * The custom fields of a record inside a react-hook-form form: one value object under `name`, every field
 * rendered by `CustomFieldInput`. Errors set with `applyServerErrors` (`customFields.<code>`,
 * `customFields.<code>.<row>.<child>`) show under their field and row.
 */
export function CustomFieldsForm<T extends FieldValues>({
  definitions,
  control,
  name = 'customFields' as Path<T>,
  disabled,
  errors,
  columns,
}: CustomFieldsFormProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const tree = errors ?? treeOfFormErrors(fieldState.error);
  return (
    <FieldGrid
      definitions={definitions}
      values={(field.value as Values | null) ?? {}}
      onChange={field.onChange}
      errors={tree}
      disabled={disabled}
      columns={columns}
    />
  );
}
