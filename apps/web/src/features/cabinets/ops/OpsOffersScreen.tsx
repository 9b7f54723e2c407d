import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type Money, type OpsOffer, padId, type RouteEndPoint } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../platform/format';
import { Empty, Pager, routeText } from '../CabinetKit';
import { OfferAnswerDialog } from './OfferAnswerDialog';
import { OpsScreen, useOpsList } from './opsKit';

/** Where an offer stands for the contractor: waiting for his price, answered, taken into the quote. */
function OfferState({ offer }: { offer: OpsOffer }) {
  const { t } = useTranslation('cabinets');
  if (offer.selected)
    return (
      <Badge color="green" variant="light" style={{ overflow: 'visible' }} data-testid="ops-offer-state">
        {t('ops.offers.taken')}
      </Badge>
    );
  if (offer.status === 'RECEIVED')
    return (
      <Badge color="blue" variant="light" style={{ overflow: 'visible' }} data-testid="ops-offer-state">
        {t('ops.offers.answered')}
      </Badge>
    );
  return (
    <Badge color="orange" variant="light" style={{ overflow: 'visible' }} data-testid="ops-offer-state">
      {t('ops.offers.waiting')}
    </Badge>
  );
}

/** `/ops/offers`: the requests for offers asked of the contractor, each answered with his price. */
export function OpsOffersScreen() {
  const { t, i18n } = useTranslation('cabinets');
  const { list, page, setPage } = useOpsList<OpsOffer>('/ops/offers');
  const [answering, setAnswering] = useState<OpsOffer | null>(null);
  const money = (m: Money) => formatMoney(m.amount, m.currency, i18n.language);
  return (
    <OpsScreen title={t('ops.offers.title')}>
      <Text size="sm" c="dimmed">
        {t('ops.offers.hint')}
      </Text>
      {list.data?.collection.length ? (
        <Stack gap="sm">
          {list.data.collection.map((offer) => (
            <Card key={offer.id} withBorder padding="md" data-testid="ops-offer">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>
                    {t('ops.offers.request')} {padId(offer.requestNumber)}
                    {offer.offerTypeName && (
                      <Text span c="dimmed" fw={400}>
                        {' · '}
                        {offer.offerTypeName}
                      </Text>
                    )}
                  </Text>
                  <OfferState offer={offer} />
                </Group>
                <Text size="sm">{routeText(offer.route as RouteEndPoint[]) || '—'}</Text>
                {offer.cargoDescription && (
                  <Text size="sm" c="dimmed">
                    {t('ops.offers.cargo')}: {offer.cargoDescription}
                  </Text>
                )}
                {offer.amounts.length > 0 && (
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" c="dimmed">
                      {t('ops.offers.yourPrice')}:
                    </Text>
                    {offer.amounts.map((amount) => (
                      <Badge
                        key={amount.currency}
                        variant="outline"
                        size="lg"
                        style={{ overflow: 'visible' }}
                      >
                        {money(amount)}
                      </Badge>
                    ))}
                    {offer.validUntil && (
                      <Text size="xs" c="dimmed">
                        {t('ops.offers.validUntil', { date: formatDate(offer.validUntil) })}
                      </Text>
                    )}
                  </Group>
                )}
                {offer.comment && (
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('ops.offers.comment')}:
                    </Text>{' '}
                    {offer.comment}
                  </Text>
                )}
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="xs" c="dimmed">
                    {t('ops.offers.asked', { date: formatDate(offer.createdAt.slice(0, 10)) })}
                  </Text>
                  {!offer.selected && (
                    <Button
                      size="compact-sm"
                      variant={offer.status === 'RECEIVED' ? 'default' : 'filled'}
                      onClick={() => setAnswering(offer)}
                      data-testid="ops-offer-answer"
                    >
                      {offer.status === 'RECEIVED' ? t('ops.offers.change') : t('ops.offers.answer')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      <OfferAnswerDialog offer={answering} onClose={() => setAnswering(null)} />
    </OpsScreen>
  );
}
