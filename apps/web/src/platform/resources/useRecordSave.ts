import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../api/client';
import { notifyDeleted, notifySaved } from '../snackbar';
import { applyServerErrors, validationErrorsOf } from '../widgets';
import { afterRecordDelete, resourceKey } from './keys';
import type { Row } from './logic';

interface RecordWriteOptions {
  descriptor: ResourceDescriptor;
  /** The generic texts (`common:saved`, `common:deleted`). */
  t: (key: string) => string;
  record: Row | null;
  /** More queries the record shows up in (besides the resource's own), refreshed after a change. */
  alsoRefresh?: readonly QueryKey[];
  /** The record as the server saved it (before a new record opens). */
  onSaved: (saved: Row) => void;
  /** A refusal other than a stale version (a 400's field errors, mostly). */
  onRefused: (error: unknown) => void;
}

/**
 * Saving and deleting a record from its page, whatever holds its values: POST or PUT with the version;
 * on success the answer replaces the record, a new record opens at once and the lists refresh behind. A
 * stale version sets `conflict`; other refusals go to `onRefused`.
 */
export function useRecordWrites({
  descriptor,
  t,
  record,
  alsoRefresh = [],
  onSaved,
  onRefused,
}: RecordWriteOptions) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const recordKey = (id: unknown) => [...resourceKey(descriptor), 'record', id];
  const refresh = () =>
    Promise.all(
      [resourceKey(descriptor), ...alsoRefresh].map((queryKey) => client.invalidateQueries({ queryKey })),
    );

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      record
        ? api.put<Row>(`${descriptor.path}/${record.id}`, { ...body, version: record.version })
        : api.post<Row>(descriptor.path, body),
    onSuccess: async (saved) => {
      notifySaved(t('common:saved'));
      setConflict(false);
      onSaved(saved);
      client.setQueryData(recordKey(saved.id), saved);
      if (!record) {
        const opened = descriptor.screens?.edit === false ? '' : `/${saved.id}`;
        navigate(`${descriptor.path}${opened}`, { replace: true });
      }
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      onRefused(error);
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`${descriptor.path}/${id}`),
    onSuccess: async (_, id) => {
      notifyDeleted(t('common:deleted'));
      // Back to the list at once; it refreshes behind (waiting for it could outlast the snackbar), and
      // nothing of the deleted record is read again (it could only answer "not found").
      await afterRecordDelete(client, descriptor, id, () => navigate(descriptor.path, { replace: true }));
      await Promise.all(
        alsoRefresh.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })),
      );
    },
    onError: onRefused,
  });

  return { save, remove, conflict, setConflict };
}

interface RecordSaveOptions<T extends FieldValues> extends Omit<RecordWriteOptions, 'onSaved' | 'onRefused'> {
  form: UseFormReturn<T>;
  /** Told the field paths of a refused save (a page opens the block holding them). */
  onInvalid?: (paths: string[]) => void;
  /** Told after a save went through (a page closes the block it was edited in). */
  onSaved?: () => void;
}

/**
 * `useRecordWrites` for a react-hook-form form: on success the form is clean at once (so leaving the page
 * does not ask about edits just saved; the page refills it from the answer); refusals go under their
 * fields.
 */
export function useRecordSave<T extends FieldValues>({
  form,
  onInvalid,
  onSaved,
  ...options
}: RecordSaveOptions<T>) {
  return useRecordWrites({
    ...options,
    onSaved: () => {
      form.reset(form.getValues());
      onSaved?.();
    },
    onRefused: (error) => {
      applyServerErrors(error, form.setError);
      onInvalid?.(Object.keys(validationErrorsOf(error) ?? {}));
    },
  });
}
