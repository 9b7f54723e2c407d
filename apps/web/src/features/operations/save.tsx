import type { ResourceDescriptor } from '@tms/domain';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Row } from '../../platform/resources/logic';
import type { ResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { OPERATIONS_KEY } from './api';

/**
 * Saving and deleting an order or job: the record page's save, refreshing the operations' own lists
 * (the orders and jobs screens, the blocks of a page) too.
 */
export function useOperationSave<T extends FieldValues>({
  texts,
  ...options
}: {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Row | null;
  form: UseFormReturn<T>;
  /** Told the field paths of a refused save (the page opens the block holding them). */
  onInvalid?: (paths: string[]) => void;
  /** Told after a save went through. */
  onSaved?: () => void;
}) {
  return useRecordSave({ ...options, t: texts.t, alsoRefresh: [OPERATIONS_KEY] });
}
