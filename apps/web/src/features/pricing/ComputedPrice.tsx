import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalculator } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ComputedPrice, CustomerRequest } from '@tms/domain';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatMoney } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { validationErrorsOf } from '../../platform/widgets';

/**
 * "Computed price" on a request, for holders of the computed offers role: the price from the active rate
 * table of the request's region and how it was found, or the translated reason it cannot be computed.
 */
export function ComputedPriceAction({ request }: { request: CustomerRequest }) {
  const system = useSystemData();
  if (!hasRole(system, 'ROLE_REQUEST_COMPUTED_OFFERS')) return null;
  // The dictionary loads with the first showing; the request page does not wait for it.
  return (
    <Suspense fallback={null}>
      <ComputedPriceButton requestId={request.id} />
    </Suspense>
  );
}

/** The refusal's text: the server's message translated (a 400 at the root), else the call's message. */
export function refusalText(error: unknown): string {
  const errors = validationErrorsOf(error);
  const message = errors ? Object.values(errors).flat()[0] : error instanceof ApiError ? error.message : null;
  return translateServerMessage(message ?? String(error));
}

function ComputedPriceButton({ requestId }: { requestId: number }) {
  const { t } = useTranslation('pricing');
  const [opened, setOpened] = useState(false);
  const compute = useMutation({
    mutationFn: () =>
      api.get<ComputedPrice>(`/requests/${requestId}/computed-price`, { suppressPopup: [400] }),
  });
  const open = () => {
    setOpened(true);
    compute.mutate();
  };
  return (
    <>
      {/* A line of its own, the width of its text, under the request's summary. */}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCalculator size={16} />}
          onClick={open}
          loading={compute.isPending}
          data-testid="request-computed-price"
        >
          {t('computed.action')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('computed.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {compute.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="computed-price-error">
            {refusalText(compute.error)}
          </Alert>
        )}
        {compute.data && <PriceFacts price={compute.data} />}
      </Modal>
    </>
  );
}

/** The computed price and how it was found (also shown by the offer made from it). */
export function PriceFacts({ price }: { price: ComputedPrice }) {
  const { t, i18n } = useTranslation('pricing');
  const none = t('computed.none');
  const fact = (label: string, value: ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
  return (
    <Stack gap="md" data-testid="computed-price">
      <Group justify="space-between" align="flex-end">
        <Title order={2} data-testid="computed-price-amount">
          {formatMoney(price.price.amount, price.price.currency, i18n.language)}
        </Title>
        <Text c="dimmed">{t('computed.from', { from: price.regionName, to: price.toRegionName })}</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fact(
          t('computed.collection'),
          <Link to={`/request-offers/rate-tables/${price.collectionId}`}>{price.collectionName}</Link>,
        )}
        {fact(t('computed.date'), price.date.split('-').reverse().join('.'))}
        {fact(t('computed.actualWeight'), price.actualWeight ?? none)}
        {fact(t('computed.volume'), price.volume ?? none)}
        {fact(
          t('computed.chargeableWeight'),
          `${price.chargeableWeight} (${t('computed.factor', { factor: price.volumetricFactor })})`,
        )}
        {fact(
          t('computed.break'),
          `${t('computed.breakValue', {
            weight: price.weightBreak ?? t('rows.any'),
            volume: price.volumeBreak ?? t('rows.any'),
          })}; ${t('computed.sourceRow', { row: price.sourceRow })}`,
        )}
      </SimpleGrid>
    </Stack>
  );
}
