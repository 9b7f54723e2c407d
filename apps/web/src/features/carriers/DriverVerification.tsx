import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CounterpartyDriver,
  counterpartyDriverResource,
  type DriverVerificationEvent,
  type DriverVerificationStatus,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { refusalOf } from '../../platform/kit/blocks';
import { StatusReasonDialog } from '../../platform/kit/StatusReasonDialog';
import { resourceKey } from '../../platform/resources/ResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { notifySaved } from '../../platform/snackbar';
import { validationErrorsOf } from '../../platform/widgets';

/** The colour of each verification status, the same on a row and in the dialog. */
export const VERIFICATION_COLORS: Readonly<Record<DriverVerificationStatus, string>> = {
  draft: 'gray',
  pending: 'yellow',
  verified: 'teal',
  rejected: 'red',
};

const statusField = counterpartyDriverResource.fields.find((f) => f.name === 'verificationStatus')!;

/** A driver's verification status as a badge (a row's cell and the dialog's heading). */
export function VerificationBadge({ status }: { status: DriverVerificationStatus }) {
  const texts = useResourceTexts(counterpartyDriverResource);
  return (
    <Badge variant="light" color={VERIFICATION_COLORS[status]} tt="none" data-testid="verification-status">
      {texts.option(statusField, status)}
    </Badge>
  );
}

type Step = 'submit' | 'verify' | 'reject';

/**
 * A driver's verification in his dialog: the status with the reason of a rejection, the steps the reader
 * may take (submit when he may edit the carrier, verify and reject with the verification role) and the
 * history of every move: when, who, from and to, why.
 */
export function DriverVerification({
  driver,
  canSubmit,
  canVerify,
  onChanged,
}: {
  driver: CounterpartyDriver;
  canSubmit: boolean;
  canVerify: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('counterparties');
  const texts = useResourceTexts(counterpartyDriverResource);
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const status = driver.verificationStatus;
  const history = useQuery({
    queryKey: [...resourceKey(counterpartyDriverResource), driver.id, 'verifications'],
    queryFn: ({ signal }) =>
      api.get<DriverVerificationEvent[]>(`${counterpartyDriverResource.path}/${driver.id}/verifications`, {
        signal,
      }),
  });
  const step = useMutation({
    mutationFn: ({ name, reason }: { name: Step; reason?: string }) =>
      api.post<CounterpartyDriver>(`${counterpartyDriverResource.path}/${driver.id}/${name}`, {
        version: driver.version,
        ...(reason !== undefined ? { reason } : {}),
      }),
    onSuccess: async (_data, { name }) => {
      await client.invalidateQueries({ queryKey: resourceKey(counterpartyDriverResource) });
      notifySaved(
        t(`verification.${name === 'submit' ? 'submitted' : name === 'verify' ? 'verified' : 'rejected'}`),
      );
      setRejecting(false);
      onChanged();
    },
  });
  // A refused step names the fields the driver still lacks, by their labels.
  const fields = validationErrorsOf(step.error);
  const refusal =
    step.error && !rejecting
      ? fields
        ? Object.entries(fields).map(([path, messages]) => {
            const field = counterpartyDriverResource.fields.find((f) => f.name === path);
            const text = messages.map((m) => translateServerMessage(m)).join(' ');
            return field ? `${texts.label(field)}: ${text}` : text;
          })
        : [refusalOf(step.error).all ?? '']
      : [];
  const busy = step.isPending;

  return (
    <Paper withBorder p="sm" mb="md" data-testid="driver-verification">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('verification.actions')}
            </Text>
            <VerificationBadge status={status} />
          </Group>
          <Group gap="xs">
            {canSubmit && (status === 'draft' || status === 'rejected') && (
              <Button
                size="xs"
                leftSection={<IconSend size={14} />}
                loading={busy}
                onClick={() => step.mutate({ name: 'submit' })}
                data-testid="driver-submit"
              >
                {t('verification.submit')}
              </Button>
            )}
            {canVerify && status === 'pending' && (
              <Button
                size="xs"
                color="teal.8"
                leftSection={<IconCheck size={14} />}
                loading={busy}
                onClick={() => step.mutate({ name: 'verify' })}
                data-testid="driver-verify"
              >
                {t('verification.verify')}
              </Button>
            )}
            {canVerify && (status === 'pending' || status === 'verified') && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                disabled={busy}
                onClick={() => {
                  step.reset();
                  setReason('');
                  setRejecting(true);
                }}
                data-testid="driver-reject"
              >
                {t(status === 'verified' ? 'verification.withdraw' : 'verification.reject')}
              </Button>
            )}
          </Group>
        </Group>
        {driver.verificationReason && (
          <Text size="sm" c="dimmed" data-testid="verification-reason">
            {t('verification.note', { reason: translateServerMessage(driver.verificationReason) })}
          </Text>
        )}
        {refusal.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} p="xs" data-testid="verification-refusal">
            {refusal.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('verification.history')}
        </Text>
        {history.data?.length ? (
          <Timeline
            active={history.data.length - 1}
            bulletSize={12}
            lineWidth={2}
            data-testid="verification-history"
          >
            {history.data.map((event) => (
              <Timeline.Item
                key={event.id}
                color={VERIFICATION_COLORS[event.toStatus]}
                title={
                  <Text size="sm">
                    {event.fromStatus ? `${texts.option(statusField, event.fromStatus)} → ` : ''}
                    {texts.option(statusField, event.toStatus)}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.createdAt)} ·{' '}
                  {event.actorName ?? t(`verification.actor.${event.actor}`)}
                </Text>
                {event.reason && <Text size="xs">{translateServerMessage(event.reason)}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <Text size="sm" c="dimmed">
            {history.isLoading ? '' : t('verification.historyEmpty')}
          </Text>
        )}
      </Stack>
      {rejecting && (
        <StatusReasonDialog
          title={t('verification.rejectTitle')}
          busy={busy}
          error={step.error}
          cancelLabel={texts.t('cancel')}
          confirmLabel={t(status === 'verified' ? 'verification.withdraw' : 'verification.reject')}
          onClose={() => setRejecting(false)}
          onSubmit={() => step.mutate({ name: 'reject', reason })}
        >
          <Textarea
            label={t('verification.reason')}
            description={t('verification.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={refusalOf(step.error).field('reason')}
            autosize
            minRows={2}
            maxLength={1000}
            required
            data-autofocus
            data-testid="reject-reason"
          />
        </StatusReasonDialog>
      )}
    </Paper>
  );
}
