import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../platform/api/client';
import { FormRootError } from '../../platform/kit/FormRootError';
import type { Row } from '../../platform/resources/logic';
import { ConflictAlert } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import type { ResourceTexts } from '../../platform/resources/texts';
import { notifyDeleted, notifySaved } from '../../platform/snackbar';
import { applyServerErrors, validationErrorsOf } from '../../platform/widgets';
import { OPERATIONS_KEY } from './api';

interface SaveOptions<T extends FieldValues> {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Row | null;
  form: UseFormReturn<T>;
  /** Told the field paths of a refused save (the page opens the block holding them). */
  onInvalid?: (paths: string[]) => void;
}

/**
 * Saving and deleting an order or job: POST or PUT with the version, the answer put in place of the
 * record, server errors under their fields, a stale version offered for reload, snackbars on success.
 */
export function useOperationSave<T extends FieldValues>({
  descriptor,
  texts,
  record,
  form,
  onInvalid,
}: SaveOptions<T>) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
      client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
    ]);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      record
        ? api.put<Row>(`${descriptor.path}/${record.id}`, { ...body, version: record.version })
        : api.post<Row>(descriptor.path, body),
    onSuccess: async (saved) => {
      notifySaved(texts.t('common:saved'));
      setConflict(false);
      // What was typed is saved: the form is clean, so the page refills it from the answer.
      form.reset(undefined, { keepValues: true });
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      // A new record opens at once; the lists and blocks refresh behind it.
      if (!record) navigate(`${descriptor.path}/${saved.id}`, { replace: true });
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      applyServerErrors(error, form.setError);
      onInvalid?.(Object.keys(validationErrorsOf(error) ?? {}));
    },
  });

  const remove = useMutation({
    mutationFn: () => api.delete(`${descriptor.path}/${record?.id}`),
    onSuccess: async () => {
      notifyDeleted(texts.t('common:deleted'));
      client.removeQueries({ queryKey: [...resourceKey(descriptor), 'record', record?.id] });
      await refresh();
      navigate(descriptor.path, { replace: true });
    },
  });

  return { save, remove, conflict, setConflict };
}

/** Above the form: the stale-version alert and the root error of a refused save. */
export function FormAlerts({
  texts,
  conflict,
  rootError,
  onReload,
}: {
  texts: ResourceTexts;
  conflict: boolean;
  rootError: string | undefined;
  onReload: () => void;
}) {
  return (
    <>
      {conflict && <ConflictAlert texts={texts} onReload={onReload} />}
      {rootError && <FormRootError>{rootError}</FormRootError>}
    </>
  );
}
