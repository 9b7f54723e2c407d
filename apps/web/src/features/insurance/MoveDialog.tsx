import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsuranceCertificate, InsuranceMove, ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { resourceKey } from '../../platform/resources/ResourceList';
import { notifySaved } from '../../platform/snackbar';
import { LazySelect } from '../../platform/widgets';

/** A move of the certificate, or the premium's billing (which asks for the bills' payment form). */
/** A move, the premium's billing, or sending the application to a linked insurer again. */
export type CertificateAction = InsuranceMove | 'bill-premium' | 'send-to-insurer';

interface MoveDialogProps {
  descriptor: ResourceDescriptor;
  certificate: InsuranceCertificate;
  action: CertificateAction;
  onClose: () => void;
}

/**
 * One move of a certificate with what it brings: the reason of a rejection, the number of an issued
 * certificate, a comment; the payment form of the premium's bills. A refusal shows under its field, one
 * that belongs to none (the status, a stale version) above the buttons.
 */
export function MoveDialog({ descriptor, certificate, action, onClose }: MoveDialogProps) {
  const { t } = useTranslation('insurance');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [number, setNumber] = useState('');
  const [comment, setComment] = useState('');
  const [paymentFormId, setPaymentFormId] = useState<number | null>(null);
  const billing = action === 'bill-premium';
  const resend = action === 'send-to-insurer';
  const title = billing ? t('certificates.billPremium') : t(`certificates.moves.${action}`);
  const save = useMutation({
    mutationFn: () =>
      api.post<InsuranceCertificate>(
        `${descriptor.path}/${certificate.id}/${action}`,
        billing
          ? { version: certificate.version, paymentFormId }
          : resend
            ? { version: certificate.version }
            : {
                version: certificate.version,
                ...(comment.trim() ? { comment: comment.trim() } : {}),
                ...(action === 'reject' ? { reason: reason.trim() } : {}),
                ...(action === 'issue' ? { number: number.trim() } : {}),
              },
        { suppressPopup: true },
      ),
    onSuccess: async (saved) => {
      notifySaved(title);
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
      onClose();
    },
  });
  const refusal = save.error ? refusalOf(save.error) : null;
  const rootErrors = refusal
    ? [
        refusal.field('root'),
        refusal.field('status'),
        refusal.field('income'),
        refusal.field('issueDate'),
        refusal.other,
      ].filter(Boolean)
    : [];
  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        data-testid="move-dialog"
      >
        <Stack gap="sm">
          {action === 'issue' && (
            <TextInput
              id="move-number"
              label={t('certificates.certificateNumber')}
              required
              data-autofocus
              value={number}
              onChange={(event) => setNumber(event.currentTarget.value)}
              error={refusal?.field('number')}
            />
          )}
          {action === 'reject' && (
            <Textarea
              id="move-reason"
              label={t('certificates.reason')}
              required
              data-autofocus
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={refusal?.field('reason')}
            />
          )}
          {billing ? (
            <LazySelect
              id="bill-payment-form"
              label={t('certificates.paymentForm')}
              url="/finances/payment-forms"
              labelField="name"
              required
              value={paymentFormId}
              onChange={(value) => setPaymentFormId(value as number | null)}
              error={refusal?.field('paymentFormId')}
            />
          ) : resend ? null : (
            <Textarea
              id="move-comment"
              label={t('certificates.comment')}
              autosize
              minRows={2}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
          )}
          {rootErrors.length > 0 && (
            <Alert color="red" data-testid="move-refusal" style={{ whiteSpace: 'pre-line' }}>
              {rootErrors.join('\n')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('certificates.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="move-apply">
              {t('certificates.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
