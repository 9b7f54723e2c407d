import { Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerRequest, RequestStatusTarget, ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { StatusMenuBar } from '../../platform/kit/StatusMenu';
import { StatusReasonDialog } from '../../platform/kit/StatusReasonDialog';
import { resourceKey } from '../../platform/resources/ResourceList';
import type { ResourceTexts } from '../../platform/resources/texts';
import { notifySaved } from '../../platform/snackbar';

const COLORS: Record<string, string> = {
  NEED_MORE_INFO: 'orange',
  INFO_PROVIDED: 'blue',
  QUOTE_COMPLETED: 'teal',
  NO_SERVICE: 'red',
};

interface RequestStatusMenuProps {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  request: CustomerRequest;
  /** The request shown is being reloaded: a change now could be refused as stale. */
  stale: boolean;
}

/**
 * The request's operational status as a badge opening the statuses the user may move it to (the server's
 * answer); a move that needs a reason (NO_SERVICE) asks for it first.
 */
export function RequestStatusMenu({ descriptor, texts, request, stale }: RequestStatusMenuProps) {
  const { t } = useTranslation('requests');
  const client = useQueryClient();
  const [asking, setAsking] = useState<RequestStatusTarget | null>(null);
  const statusField = descriptor.fields.find((f) => f.name === 'status')!;
  const targets = useQuery({
    queryKey: [...resourceKey(descriptor), 'statuses', request.id, request.version],
    queryFn: ({ signal }) => api.get<RequestStatusTarget[]>(`/requests/${request.id}/statuses`, { signal }),
  });
  const change = useMutation({
    mutationFn: (body: { status: string; reason?: string }) =>
      api.put<CustomerRequest>(
        `/requests/${request.id}/status`,
        { status: body.status, reason: body.reason ?? null, version: request.version },
        { suppressPopup: asking !== null },
      ),
    onSuccess: async (saved) => {
      notifySaved(t('status.changed'));
      setAsking(null);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    },
  });
  return (
    <>
      <StatusMenuBar
        label={t('status.title')}
        changeTo={t('status.changeTo')}
        loading={targets.isFetching || change.isPending}
        busy={stale || targets.isFetching || change.isPending}
        items={[
          {
            kind: 'operational',
            label: texts.label(statusField),
            value: request.status,
            valueLabel: texts.option(statusField, request.status),
            color: COLORS[request.status] ?? 'gray',
            choices: (targets.data ?? []).map((target) => ({
              value: target.status,
              label: texts.option(statusField, target.status),
              onSelect: () =>
                target.needsReason ? setAsking(target) : change.mutate({ status: target.status }),
            })),
          },
        ]}
      />
      {asking && (
        <ReasonDialog
          title={texts.option(statusField, asking.status)}
          busy={change.isPending}
          error={change.error}
          onClose={() => {
            setAsking(null);
            change.reset();
          }}
          onConfirm={(reason) => change.mutate({ status: asking.status, reason })}
        />
      )}
    </>
  );
}

function ReasonDialog({
  title,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  title: string;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('requests');
  const [reason, setReason] = useState('');
  const refusal = refusalOf(error);
  return (
    <StatusReasonDialog
      title={`${t('status.changeTo')}: ${title}`}
      busy={busy}
      error={error}
      cancelLabel={t('status.cancel')}
      confirmLabel={t('status.confirm')}
      onClose={onClose}
      onSubmit={() => onConfirm(reason)}
    >
      <Textarea
        id="status-reason"
        label={t('status.reason')}
        required
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={refusal.field('reason')}
      />
    </StatusReasonDialog>
  );
}
