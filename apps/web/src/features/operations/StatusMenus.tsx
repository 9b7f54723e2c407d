import { Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatTnvedCode,
  type OperationStatusKind,
  type ResourceDescriptor,
  type StatusTarget,
  statusKindsOf,
} from '@tms/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { joinErrorLines } from '../../platform/kit/errorText';
import { StatusMenuBar } from '../../platform/kit/StatusMenu';
import { StatusReasonDialog } from '../../platform/kit/StatusReasonDialog';
import type { Row } from '../../platform/resources/logic';
import { resourceKey } from '../../platform/resources/ResourceList';
import { ERROR_TIMEOUT_MS, notify, notifySaved } from '../../platform/snackbar';
import { LazySelect } from '../../platform/widgets';
import { validationErrorsOf } from '../../platform/widgets/fieldErrors';
import { OPERATIONS_KEY, type OperationPath, useStatusTargets } from './api';

const COLORS: Record<string, string> = {
  READY: 'blue',
  ready: 'blue',
  ACCEPTED: 'teal',
  VERIFIED: 'teal',
  INSURED: 'teal',
  marked: 'teal',
  marking: 'blue',
  required: 'orange',
  'not-ready': 'orange',
  REJECTED: 'red',
};

const FIELDS: Record<OperationStatusKind, string> = {
  financeControl: 'financeControlStatus',
  cargoInsurance: 'cargoInsuranceStatus',
  tnvedControl: 'tnvedControlStatus',
  transfers: 'transfersStatus',
  marking: 'markingStatus',
};

/**
 * The messages of a refused status change, translated, one a line; a cargo line's TNVED code refused (TNVED
 * control READY or VERIFIED) names its line and code: "Line 2 (7318 29 000 9): ...".
 */
export function refusalLines(error: unknown, record: Row, t: TFunction): string[] {
  const fields = validationErrorsOf(error);
  if (!fields) return [];
  const codes = ((record.cargo as { tnvedCodes?: string[] } | null)?.tnvedCodes ?? []) as string[];
  return Object.entries(fields).flatMap(([path, messages]) => {
    const line = /^cargo\.tnvedCodes\.(\d+)$/.exec(path);
    const text = joinErrorLines(messages);
    if (!line) return [text];
    const index = Number(line[1]);
    const code = codes[index] ? formatTnvedCode(codes[index]) : '';
    return [`${t('statuses.tnvedControl.line', { line: index + 1, code })}: ${text}`];
  });
}

interface StatusMenusProps {
  descriptor: ResourceDescriptor;
  record: Row & { version: number };
  /** The record shown is being reloaded or is known to be outdated: a change now would be refused. */
  stale?: boolean;
}

/**
 * The statuses of an order (five) or a job (finance control), each a button opening the statuses the user
 * may move it to; a change that needs a reason (finance control REJECTED) asks for it first.
 */
export function StatusMenus({ descriptor, record, stale = false }: StatusMenusProps) {
  const { t } = useTranslation('operations');
  const path = descriptor.path as OperationPath;
  const operation = path === '/tms/orders' ? 'order' : 'job';
  const targets = useStatusTargets(path, record.id, record.version);
  const client = useQueryClient();
  const [asking, setAsking] = useState<{ kind: OperationStatusKind; target: StatusTarget } | null>(null);

  const change = useMutation({
    mutationFn: (body: {
      kind: OperationStatusKind;
      status: string;
      reasonId?: number | null;
      comment?: string;
    }) =>
      api.put<Row>(
        `${path}/${record.id}/statuses/${body.kind}`,
        {
          status: body.status,
          reasonId: body.reasonId,
          comment: body.comment || null,
          version: record.version,
        },
        // The dialog shows its own refusals; a menu's refusal says each line (`refusalLines`).
        { suppressPopup: asking !== null ? true : [400] },
      ),
    onError: (error) => {
      if (asking !== null) return;
      const lines = refusalLines(error, record, t);
      if (lines.length) notify({ text: lines.join('\n'), color: 'error', timeout: ERROR_TIMEOUT_MS });
    },
    onSuccess: async (saved) => {
      notifySaved(t('statuses.changed'));
      setAsking(null);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
        client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
      ]);
    },
  });

  const busy = stale || targets.isFetching || change.isPending;

  return (
    <>
      <StatusMenuBar
        label={t('statuses.title')}
        changeTo={t('statuses.changeTo')}
        loading={targets.isFetching || change.isPending}
        busy={busy}
        items={statusKindsOf(operation).map((kind) => {
          const current = String(record[FIELDS[kind]]);
          return {
            kind,
            label: t(`statuses.${kind}.label`),
            value: current,
            valueLabel: t(`statuses.${kind}.values.${current}`),
            color: COLORS[current] ?? 'gray',
            choices: (targets.data?.[kind] ?? []).map((target) => ({
              value: target.status,
              label: t(`statuses.${kind}.values.${target.status}`),
              onSelect: () =>
                target.needsReason
                  ? setAsking({ kind, target })
                  : change.mutate({ kind, status: target.status }),
            })),
          };
        })}
      />
      {asking && (
        <ReasonDialog
          title={t(`statuses.${asking.kind}.values.${asking.target.status}`)}
          busy={change.isPending}
          error={change.error}
          onClose={() => {
            setAsking(null);
            change.reset();
          }}
          onConfirm={(reasonId, comment) =>
            change.mutate({ kind: asking.kind, status: asking.target.status, reasonId, comment })
          }
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
  onConfirm: (reasonId: number | null, comment: string) => void;
}) {
  const { t } = useTranslation('operations');
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const refusal = refusalOf(error);
  return (
    <StatusReasonDialog
      title={`${t('statuses.changeTo')}: ${title}`}
      busy={busy}
      error={error}
      cancelLabel={t('actions.cancel')}
      confirmLabel={t('statuses.confirm')}
      onClose={onClose}
      onSubmit={() => onConfirm(reasonId, comment)}
    >
      <LazySelect
        id="status-reason"
        label={t('statuses.reason')}
        url="/settings/operation-finance-control-status-reasons"
        labelField="name"
        toggle
        required
        value={reasonId}
        onChange={(value) => setReasonId(value as number | null)}
        error={refusal.field('reasonId')}
      />
      <Textarea
        id="status-comment"
        label={t('statuses.comment')}
        autosize
        minRows={2}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        error={refusal.field('comment')}
      />
    </StatusReasonDialog>
  );
}
