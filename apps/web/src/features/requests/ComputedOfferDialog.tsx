import { Alert, Button, Center, Group, Loader, Modal, Stack, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ComputedPrice } from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { useMutateOnce } from '../../platform/kit/mutateOnce';
import { notifySaved } from '../../platform/snackbar';
import { PriceFacts, refusalText } from '../pricing/ComputedPrice';
import { OfferContractorSelect, OfferTypeSelect, OfferValidUntil } from './OfferFields';
import { useOfferRefresh } from './offerApi';

/**
 * "Offer from the computed price" (docs/pricing.md): the request's price from the rate tables and how it
 * was found; the user chooses the offer type, the contractor, the validity and a comment, and the server
 * computes the price again and writes it as the new offer's amount (`requests.write-offer`).
 */
export function ComputedOfferDialog({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const price = useQuery({
    queryKey: ['request-computed-price', requestId],
    queryFn: ({ signal }) =>
      api.get<ComputedPrice>(`/requests/${requestId}/computed-price`, { signal, suppressPopup: [400] }),
    retry: false,
    gcTime: 0,
  });
  const [offerTypeId, setOfferTypeId] = useState<number | null>(null);
  const [contractorId, setContractorId] = useState<number | null>(null);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  // The comment names the table and row the price came from, in the user's language; it may be changed.
  const [comment, setComment] = useState<string | null>(null);
  const shownComment =
    comment ??
    (price.data
      ? t('computed.comment', { collection: price.data.collectionName, row: price.data.sourceRow })
      : '');
  const refresh = useOfferRefresh();
  const create = useMutation({
    mutationFn: () =>
      api.post(
        `/requests/${requestId}/computed-price/offer`,
        { offerTypeId, contractorId, validUntil, comment: shownComment.trim() || null },
        { suppressPopup: [400] },
      ),
    onSuccess: async () => {
      notifySaved(t('block.saved'));
      await refresh();
      onClose();
    },
  });
  const createOnce = useMutateOnce(create);
  const refusal = refusalOf(create.error);
  const root = refusal.field('root') ?? refusal.other;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    createOnce();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('computed.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {price.isLoading && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {price.isError && (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="computed-offer-error">
            {refusalText(price.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {price.data && (
        <form onSubmit={submit} noValidate data-testid="computed-offer-dialog">
          <Stack gap="sm">
            {root && <FormRootError>{root}</FormRootError>}
            <PriceFacts price={price.data} />
            <OfferTypeSelect
              value={offerTypeId}
              onChange={setOfferTypeId}
              error={refusal.field('offerTypeId')}
              id="computed-offer-type"
            />
            <OfferContractorSelect
              value={contractorId}
              onChange={setContractorId}
              error={refusal.field('contractorId')}
              id="computed-offer-contractor"
            />
            <OfferValidUntil
              value={validUntil}
              onChange={setValidUntil}
              error={refusal.field('validUntil')}
            />
            <Textarea
              label={t('fields.comment')}
              value={shownComment}
              onChange={(event) => setComment(event.currentTarget.value)}
              autosize
              minRows={2}
              error={refusal.field('comment')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="computed-offer-save">
                {t('computed.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
