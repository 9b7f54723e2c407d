import { Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor, ValidationTree } from '@tms/domain';
import type { ReactNode } from 'react';
import { ApiError, api } from '../../platform/api/client';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { accessOf, type Row } from '../../platform/resources/logic';
import { ConflictAlert, RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import { type ResourceTexts, useResourceTexts } from '../../platform/resources/texts';
import { useRecordWrites } from '../../platform/resources/useRecordSave';
import { notifySaved } from '../../platform/snackbar';

export { useRecord };

export interface RecordFormApi {
  record: Row | null;
  canWrite: boolean;
  texts: ResourceTexts;
}

interface RecordScreenProps {
  descriptor: ResourceDescriptor;
  /** The screen's body for a record (null on create); `key` resets it when the record changes. */
  children: (api: RecordFormApi) => ReactNode;
  /** The body to send, or null when the client's own checks failed (the body shows why). */
  body: () => Record<string, unknown> | null;
  /** Server errors of a refused save. */
  onErrors: (tree: ValidationTree | null) => void;
  /** Called with the record as saved (and as loaded), to replace what the form holds. */
  onLoaded: (record: Row | null) => void;
}

/**
 * The create/edit screen of a definitions resource with its own body: breadcrumbs, title, the History tab,
 * save (409 shows the reload offer, 400 the errors under their fields), enable/disable and delete with
 * hold-to-confirm — the same behaviour as the generated resource form.
 */
export function RecordScreen({ descriptor, children, body, onErrors, onLoaded }: RecordScreenProps) {
  const texts = useResourceTexts(descriptor);
  const { t } = texts;
  const { record, state } = useRecord(descriptor);
  const system = useSystemData();
  const access = accessOf(descriptor, system.roles);
  const client = useQueryClient();
  const current = record.data ?? null;
  const canWrite = current ? access.edit : access.create;
  const invalidate = () => client.invalidateQueries({ queryKey: resourceKey(descriptor) });
  const { save, remove, conflict, setConflict } = useRecordWrites({
    descriptor,
    t: (key) => String(t(key)),
    record: current,
    onSaved: (saved) => {
      onErrors(null);
      onLoaded(saved);
    },
    onRefused: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.errors) onErrors(error.errors);
    },
  });
  // The generic toggle of spec §7: POST enable/disable, then read `enabled` from the answer.
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      api.post<Row>(`${descriptor.path}/${current?.id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: async (saved) => {
      notifySaved(String(t('common:saved')));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      onLoaded(saved);
      await invalidate();
    },
  });

  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={descriptor.path}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }

  const submit = () => {
    const payload = body();
    if (payload) save.mutate(payload);
  };
  const heading = current
    ? `${texts.itemTitle}: ${String(current[descriptor.labelField] ?? padId(current.id))}`
    : `${texts.itemTitle}: ${t('newRecord')}`;

  const main = (
    <Stack gap="md">
      {conflict && (
        <ConflictAlert
          texts={texts}
          onReload={async () => {
            const fresh = await record.refetch();
            onLoaded(fresh.data ?? null);
            setConflict(false);
          }}
        />
      )}
      {children({ record: current, canWrite, texts })}
      <RecordActionBar
        texts={texts}
        listPath={descriptor.path}
        canWrite={canWrite}
        saving={save.isPending}
        onSave={submit}
        toggle={
          current && descriptor.toggle && access.edit
            ? {
                enabled: current.enabled === true,
                pending: toggle.isPending,
                onToggle: () => toggle.mutate(current.enabled !== true),
              }
            : undefined
        }
        remove={
          current && access.delete
            ? { pending: remove.isPending, onDelete: () => remove.mutate(current.id) }
            : undefined
        }
      />
    </Stack>
  );

  return (
    <RecordPage
      descriptor={descriptor}
      texts={texts}
      record={current}
      title={heading}
      tabs={[{ value: 'main', label: t('tabs.main'), content: main }]}
      maw={1280}
    />
  );
}
