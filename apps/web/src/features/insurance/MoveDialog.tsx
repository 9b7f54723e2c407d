import { Textarea, TextInput } from '@mantine/core';
import type { InsuranceCertificate, InsuranceMove, ResourceDescriptor } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { StatusMoveDialog } from '../../platform/kit/StatusMoveDialog';
import { LazySelect } from '../../platform/widgets';

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
 * certificate, a comment; the payment form of the premium's bills.
 */
export function MoveDialog({ descriptor, certificate, action, onClose }: MoveDialogProps) {
  const { t } = useTranslation('insurance');
  const [reason, setReason] = useState('');
  const [number, setNumber] = useState('');
  const [comment, setComment] = useState('');
  const [paymentFormId, setPaymentFormId] = useState<number | null>(null);
  const billing = action === 'bill-premium';
  const resend = action === 'send-to-insurer';
  const title = billing ? t('certificates.billPremium') : t(`certificates.moves.${action}`);
  return (
    <StatusMoveDialog
      descriptor={descriptor}
      title={title}
      applyLabel={t('certificates.confirm')}
      recordFields={['status', 'income', 'issueDate']}
      onClose={onClose}
      send={() =>
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
        )
      }
    >
      {(refusal) => (
        <>
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
        </>
      )}
    </StatusMoveDialog>
  );
}
