import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { offerFromTemplate, type RequestOffer } from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { useMutateOnce } from '../../platform/kit/mutateOnce';
import { notifySaved } from '../../platform/snackbar';
import { LazySelect } from '../../platform/widgets';
import { type AmountRow, AmountsEditor, amountsOf } from './OfferAmounts';
import { OfferContractorSelect, OfferTypeSelect, OfferValidUntil } from './OfferFields';
import { useOfferRefresh, useOfferTemplates } from './offerApi';

/** A refusal that names no field of the dialog: the call's own, or forbidden / not found. */
const rootOf = (refusal: ReturnType<typeof refusalOf>) => refusal.field('root') ?? refusal.other;

interface OfferValues {
  offerTypeId: number | null;
  contractorId: number | null;
  validUntil: string | null;
  amounts: AmountRow[];
  comment: string;
}

const valuesOf = (offer: RequestOffer | null): OfferValues => ({
  offerTypeId: offer?.offerTypeId ?? null,
  contractorId: offer?.contractorId ?? null,
  validUntil: offer?.validUntil ?? null,
  amounts: (offer?.amounts ?? []).map((m) => ({ ...m })),
  comment: offer?.comment ?? '',
});

/** The company's today as the browser sees it (a template's validity counts from it). */
const today = () => new Date().toLocaleDateString('en-CA');

interface OfferDialogProps {
  requestId: number;
  /** The offer changed, or null for a new one. */
  offer: RequestOffer | null;
  canUseTemplates: boolean;
  onClose: () => void;
}

/**
 * A new offer or a change of one (the one write of the server, `requests.write-offer`): type, contractor,
 * validity, amounts per currency and a comment; a new one may start from a template.
 */
export function OfferDialog({ requestId, offer, canUseTemplates, onClose }: OfferDialogProps) {
  const { t } = useTranslation('offers');
  const [values, setValues] = useState<OfferValues>(() => valuesOf(offer));
  const templates = useOfferTemplates(canUseTemplates && !offer);
  const refresh = useOfferRefresh();
  const save = useMutation({
    mutationFn: () => {
      const body = {
        offerTypeId: values.offerTypeId,
        contractorId: values.contractorId,
        validUntil: values.validUntil,
        amounts: amountsOf(values.amounts),
        comment: values.comment.trim() || null,
        ...(offer ? { version: offer.version, selected: offer.selected } : {}),
      };
      return offer
        ? api.put(`/requests/${requestId}/offers/${offer.id}`, body, { suppressPopup: [400] })
        : api.post(`/requests/${requestId}/offers`, body, { suppressPopup: [400] });
    },
    onSuccess: async () => {
      notifySaved(t('block.saved'));
      await refresh();
      onClose();
    },
  });
  const saveOnce = useMutateOnce(save);
  const refusal = refusalOf(save.error);
  const set = (change: Partial<OfferValues>) => setValues((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveOnce();
  };
  const usable = (templates.data?.collection ?? []).filter((template) => template.enabled);

  return (
    <Modal opened onClose={onClose} title={offer ? t('dialog.edit') : t('dialog.new')} size="lg">
      <form onSubmit={submit} noValidate data-testid="offer-dialog">
        <Stack gap="sm">
          {rootOf(refusal) && <FormRootError>{rootOf(refusal)}</FormRootError>}
          {usable.length > 0 && (
            <Select
              label={t('dialog.template')}
              data={usable.map((template) => ({ value: String(template.id), label: template.name }))}
              onChange={(id) => {
                const template = usable.find((item) => String(item.id) === id);
                if (!template) return;
                const prefill = offerFromTemplate(template, today());
                set({
                  offerTypeId: prefill.offerTypeId ?? values.offerTypeId,
                  contractorId: prefill.contractorId ?? values.contractorId,
                  validUntil: prefill.validUntil ?? values.validUntil,
                  amounts: prefill.amounts.length ? prefill.amounts : values.amounts,
                  comment: prefill.comment || values.comment,
                });
              }}
              clearable
              data-testid="offer-template"
            />
          )}
          <OfferTypeSelect
            value={values.offerTypeId}
            onChange={(offerTypeId) => set({ offerTypeId })}
            error={refusal.field('offerTypeId')}
            id="offer-type"
          />
          <OfferContractorSelect
            value={values.contractorId}
            onChange={(contractorId) => set({ contractorId })}
            error={refusal.field('contractorId')}
            id="offer-contractor"
          />
          <OfferValidUntil
            value={values.validUntil}
            onChange={(validUntil) => set({ validUntil })}
            error={refusal.field('validUntil')}
            hint={!offer}
            testId="offer-valid-until"
          />
          <AmountsEditor
            label={t('fields.amounts')}
            value={values.amounts}
            onChange={(amounts) => set({ amounts })}
            errorOf={(index, member) => refusal.field(`amounts.${index}.${member}`)}
            error={
              refusal.field('amounts') && !refusal.field('amounts.0') ? refusal.field('amounts') : undefined
            }
            testId="offer-amounts"
          />
          <Textarea
            label={t('fields.comment')}
            value={values.comment}
            onChange={(event) => set({ comment: event.currentTarget.value })}
            autosize
            minRows={2}
            error={refusal.field('comment')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="offer-save">
              {t('dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface SendDialogProps {
  requestId: number;
  onClose: () => void;
}

/** "Send to contractors": the offer type and the contractors asked, one requested offer each. */
export function SendToContractorsDialog({ requestId, onClose }: SendDialogProps) {
  const { t } = useTranslation('offers');
  const [offerTypeId, setOfferTypeId] = useState<number | null>(null);
  const [contractorIds, setContractorIds] = useState<number[]>([]);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  const refresh = useOfferRefresh();
  const send = useMutation({
    mutationFn: () =>
      api.post(
        `/requests/${requestId}/offers/send`,
        { offerTypeId, contractorIds, validUntil },
        { suppressPopup: [400] },
      ),
    onSuccess: async () => {
      notifySaved(t('block.sent'));
      await refresh();
      onClose();
    },
  });
  const sendOnce = useMutateOnce(send);
  const refusal = refusalOf(send.error);
  return (
    <Modal opened onClose={onClose} title={t('dialog.sendTitle')} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          sendOnce();
        }}
        noValidate
        data-testid="offer-send-dialog"
      >
        <Stack gap="sm">
          {rootOf(refusal) && <FormRootError>{rootOf(refusal)}</FormRootError>}
          <OfferTypeSelect
            value={offerTypeId}
            onChange={setOfferTypeId}
            error={refusal.field('offerTypeId')}
            id="offer-send-type"
          />
          <LazySelect
            multiple
            url="/request-offers/contractors"
            label={t('dialog.contractors')}
            required
            value={contractorIds}
            onChange={(ids) => setContractorIds(ids.map(Number))}
            error={refusal.field('contractorIds')}
            id="offer-send-contractors"
          />
          <OfferValidUntil value={validUntil} onChange={setValidUntil} error={refusal.field('validUntil')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} data-testid="offer-send-submit">
              {t('dialog.sendSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
