import { Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalculator, IconEdit, IconPlus, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { OFFER_STATUS_LABELS, type OfferStatus, type RequestOffer } from '@tms/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { BlockTable, refusalOf } from '../../platform/kit/blocks';
import { notify, notifySaved } from '../../platform/snackbar';
import { AmountsText } from './OfferAmounts';
import { OfferDialog, SendToContractorsDialog } from './OfferDialogs';
import { useOfferRefresh, useRequestOffers } from './offerApi';

// The rate tables' dictionary and facts load with the first use of the dialog.
const ComputedOfferDialog = lazy(() =>
  import('./ComputedOfferDialog').then((m) => ({ default: m.ComputedOfferDialog })),
);

const STATUS_COLORS: Record<OfferStatus, string> = {
  REQUESTED: 'gray',
  RECEIVED: 'teal.8',
  DISABLED: 'red.9',
};

interface OffersBlockProps {
  requestId: number;
  /** Only this contractor's offers (a job's block). */
  contractorId?: number | null;
  /** Offers are shown, not written (an order's or a job's block, or a locked request). */
  readOnly?: boolean;
  /** The user may write offers on the request (the request page knows its edit access). */
  canWrite?: boolean;
}

/**
 * The offers of a request (docs/request-offers.md): each with its type, contractor, amounts, the amount
 * in base currency at its day's rate, validity and status; chosen for the quote with a tick. Who works on
 * the request adds and edits them, who holds the roles sends the request to contractors and disables
 * offers; an order's or a job's block only shows them.
 */
export function OffersBlock({
  requestId,
  contractorId,
  readOnly = false,
  canWrite = false,
}: OffersBlockProps) {
  const { t, i18n } = useTranslation('offers');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const system = useSystemData();
  const offers = useRequestOffers(requestId, contractorId);
  const refresh = useOfferRefresh();
  const [editing, setEditing] = useState<RequestOffer | 'new' | null>(null);
  const [sending, setSending] = useState(false);
  const [computing, setComputing] = useState(false);
  const writes = !readOnly && canWrite;
  const canCompute = writes && hasRole(system, ['ROLE_REQUEST_COMPUTED_OFFERS']);
  const canSend = !readOnly && hasRole(system, ['ROLE_REQUEST_SEND_TO_CONTRACTOR']);
  const canDisable = !readOnly && hasRole(system, ['ROLE_REQUEST_OFFERS_DISABLE']);
  const canUseTemplates = hasRole(system, ['ROLE_REQUEST_CREATE', 'ROLE_REQUEST_OFFER_TEMPLATES']);
  const rows = offers.data?.collection ?? [];
  const typeLabel = (offer: RequestOffer) =>
    (lang === 'en' && offers.data?.labelsEn?.offerTypeId?.[offer.offerTypeId]) ||
    offers.data?.labels?.offerTypeId?.[offer.offerTypeId] ||
    '';
  const today = new Date().toLocaleDateString('en-CA');

  const choose = useMutation({
    mutationFn: (offer: RequestOffer) =>
      api.put(
        `/requests/${requestId}/offers/${offer.id}`,
        {
          offerTypeId: offer.offerTypeId,
          contractorId: offer.contractorId,
          validUntil: offer.validUntil,
          amounts: offer.amounts,
          comment: offer.comment,
          selected: !offer.selected,
          version: offer.version,
        },
        { suppressPopup: [400] },
      ),
    onSettled: () => refresh(),
    onError: (error) => notify({ text: refusalOf(error).all ?? '', color: 'error' }),
  });
  const toggle = useMutation({
    mutationFn: (offer: RequestOffer) =>
      api.put(`/requests/${requestId}/offers/${offer.id}/disabled`, {
        disabled: offer.status !== 'DISABLED',
        version: offer.version,
      }),
    onSuccess: (_data, offer) =>
      notifySaved(offer.status === 'DISABLED' ? t('block.enabled') : t('block.disabled')),
    onSettled: () => refresh(),
  });

  return (
    <Stack gap="sm" data-testid="offers-block">
      {(writes || canSend) && (
        <Group gap="xs">
          {writes && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing('new')}
              data-testid="offer-add"
            >
              {t('block.add')}
            </Button>
          )}
          {canCompute && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCalculator size={14} />}
              onClick={() => setComputing(true)}
              data-testid="offer-computed"
            >
              {t('computed.action')}
            </Button>
          )}
          {canSend && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} />}
              onClick={() => setSending(true)}
              data-testid="offer-send"
            >
              {t('block.send')}
            </Button>
          )}
        </Group>
      )}
      <BlockTable
        rows={rows}
        loading={offers.isLoading}
        none={t('block.none')}
        minWidth={860}
        verticalSpacing="xs"
        head={
          <>
            <Table.Th w={40} aria-label={t('block.choose')} />
            <Table.Th>{t('fields.offerTypeId')}</Table.Th>
            <Table.Th>{t('fields.contractorName')}</Table.Th>
            <Table.Th>{t('fields.amounts')}</Table.Th>
            <Table.Th>{t('fields.amountInBaseCurrency')}</Table.Th>
            <Table.Th>{t('fields.validUntil')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            {(writes || canDisable) && <Table.Th />}
          </>
        }
      >
        {(offer) => (
          <Table.Tr key={offer.id} data-testid="offer-row" data-status={offer.status}>
            <Table.Td>
              <Checkbox
                aria-label={t('block.choose')}
                checked={offer.selected}
                disabled={!writes || offer.status === 'DISABLED' || choose.isPending}
                onChange={() => choose.mutate(offer)}
                data-testid="offer-choose"
              />
            </Table.Td>
            <Table.Td>{typeLabel(offer)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {offer.contractorName}
              </Text>
              {offer.comment && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {offer.comment}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <AmountsText amounts={offer.amounts} />
            </Table.Td>
            <Table.Td>
              {offer.amountInBaseCurrency && offer.baseCurrency && (
                <>
                  <Text size="sm">
                    {formatMoney(offer.amountInBaseCurrency, offer.baseCurrency, i18n.language)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('block.atRateOf', { date: formatDate(offer.rateDate) })}
                  </Text>
                </>
              )}
            </Table.Td>
            <Table.Td>
              {formatDate(offer.validUntil)}
              {offer.validUntil && offer.validUntil < today && (
                <Text size="xs" c="red.8">
                  {t('block.expired')}
                </Text>
              )}
            </Table.Td>
            <Table.Td miw={120}>
              <Badge variant="light" color={STATUS_COLORS[offer.status as OfferStatus]} tt="none">
                {OFFER_STATUS_LABELS[offer.status as OfferStatus]?.[lang] ?? offer.status}
              </Badge>
            </Table.Td>
            {(writes || canDisable) && (
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {writes && !(offer.status === 'DISABLED') && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconEdit size={14} />}
                      onClick={() => setEditing(offer)}
                      data-testid="offer-edit"
                    >
                      {t('block.edit')}
                    </Button>
                  )}
                  {canDisable && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={toggle.isPending && toggle.variables?.id === offer.id}
                      onClick={() => toggle.mutate(offer)}
                      data-testid="offer-toggle"
                    >
                      {offer.status === 'DISABLED' ? t('block.enable') : t('block.disable')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        )}
      </BlockTable>
      {editing && (
        <OfferDialog
          requestId={requestId}
          offer={editing === 'new' ? null : editing}
          canUseTemplates={canUseTemplates}
          onClose={() => setEditing(null)}
        />
      )}
      {sending && <SendToContractorsDialog requestId={requestId} onClose={() => setSending(false)} />}
      {computing && (
        <Suspense fallback={null}>
          <ComputedOfferDialog requestId={requestId} onClose={() => setComputing(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
