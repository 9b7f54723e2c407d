import { Textarea } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CustomerRequest, REQUEST_QUESTION_STATUS, type ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { StatusMenuBar, type StatusMenuItem } from '../../platform/kit/StatusMenu';
import { StatusReasonDialog } from '../../platform/kit/StatusReasonDialog';
import { resourceKey } from '../../platform/resources/ResourceList';
import type { ResourceTexts } from '../../platform/resources/texts';
import { ERROR_TIMEOUT_MS, notify, notifySaved } from '../../platform/snackbar';

const COLORS: Record<string, string> = {
  NEED_MORE_INFO: 'orange',
  INFO_PROVIDED: 'blue',
  QUOTE_COMPLETED: 'teal',
  NO_SERVICE: 'red',
  TO_IN_PROCESSING: 'blue',
  TO_PROCESSING_COMPLETE: 'cyan',
  TO_NOT_REQUIRED: 'gray',
  TO_AWAITING: 'yellow',
  TO_IN_PROGRESS: 'indigo',
  TO_WAIT_ADDITIONAL_INFO: 'orange',
  TO_FINISHED: 'teal',
};

/** The two statuses of a request: where their moves are read and made, and the body's status member. */
const STATUSES = {
  operational: { field: 'status', targets: 'statuses', change: 'status' },
  customs: { field: 'customsStatus', targets: 'customs-statuses', change: 'customs-status' },
} as const;
type StatusKind = keyof typeof STATUSES;

interface Target {
  status: string;
  needsReason: boolean;
}

interface RequestStatusMenuProps {
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  request: CustomerRequest;
  /** The request shown is being reloaded: a change now could be refused as stale. */
  stale: boolean;
}

/**
 * The request's operational status, and a customs request's customs processing status, as badges opening
 * the statuses the user may move them to (the server's answer); a move that needs a reason (NO_SERVICE,
 * TO_WAIT_ADDITIONAL_INFO) asks for it first. A refused move says why.
 */
export function RequestStatusMenu({ descriptor, texts, request, stale }: RequestStatusMenuProps) {
  const { t } = useTranslation('requests');
  const client = useQueryClient();
  const [asking, setAsking] = useState<{ kind: StatusKind; target: Target } | null>(null);
  const kinds: StatusKind[] = request.customs ? ['operational', 'customs'] : ['operational'];
  const targets = useQuery({
    queryKey: [...resourceKey(descriptor), 'statuses', request.id, request.version],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        kinds.map((kind) =>
          api.get<Target[]>(`/requests/${request.id}/${STATUSES[kind].targets}`, { signal }),
        ),
      );
      return Object.fromEntries(kinds.map((kind, index) => [kind, answers[index]!])) as Partial<
        Record<StatusKind, Target[]>
      >;
    },
    // The menus of a new version stay buttons (disabled while it loads) instead of turning into plain
    // badges for a moment, where a click would open nothing.
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: (body: { kind: StatusKind; status: string; reason?: string }) =>
      api.put<CustomerRequest>(
        `/requests/${request.id}/${STATUSES[body.kind].change}`,
        { [STATUSES[body.kind].field]: body.status, reason: body.reason ?? null, version: request.version },
        // A refusal is told as itself ("changes locked by request status"), not as "Validation Failed":
        // in the reason dialog under its fields, otherwise in the snackbar.
        { suppressPopup: true },
      ),
    onError: (error) => {
      if (asking === null)
        notify({ text: refusalOf(error).all ?? '', color: 'error', timeout: ERROR_TIMEOUT_MS });
    },
    onSuccess: async (saved) => {
      notifySaved(t('status.changed'));
      setAsking(null);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    },
  });
  const busy = targets.isFetching || change.isPending;
  const itemOf = (kind: StatusKind): StatusMenuItem => {
    const field = descriptor.fields.find((f) => f.name === STATUSES[kind].field)!;
    const value = request[STATUSES[kind].field] ?? '';
    return {
      kind,
      label: texts.label(field),
      value,
      valueLabel: texts.option(field, value),
      color: COLORS[value] ?? 'gray',
      choices: (targets.data?.[kind] ?? []).map((target) => ({
        value: target.status,
        label: texts.option(field, target.status),
        // The move to NEED_MORE_INFO asks for the question to the client (optional): the cabinet shows it.
        onSelect: () =>
          target.needsReason || (kind === 'operational' && target.status === REQUEST_QUESTION_STATUS)
            ? setAsking({ kind, target })
            : change.mutate({ kind, status: target.status }),
      })),
    };
  };
  const askedField = asking && descriptor.fields.find((f) => f.name === STATUSES[asking.kind].field)!;
  return (
    <>
      <StatusMenuBar
        label={t('status.title')}
        changeTo={t('status.changeTo')}
        loading={busy}
        busy={stale || busy}
        items={kinds.map(itemOf)}
      />
      {asking && askedField && (
        <ReasonDialog
          title={texts.option(askedField, asking.target.status)}
          question={!asking.target.needsReason}
          busy={change.isPending}
          error={change.error}
          onClose={() => {
            setAsking(null);
            change.reset();
          }}
          onConfirm={(reason) => change.mutate({ kind: asking.kind, status: asking.target.status, reason })}
        />
      )}
    </>
  );
}

function ReasonDialog({
  title,
  question,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  title: string;
  /** It asks the client a question (optional) instead of a reason. */
  question: boolean;
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
        label={question ? t('status.question') : t('status.reason')}
        required={!question}
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={refusal.field('reason')}
      />
    </StatusReasonDialog>
  );
}
