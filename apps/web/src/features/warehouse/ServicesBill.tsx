import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconFileInvoice, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decimalAdd,
  decimalMultiply,
  decimalRound,
  formatMoney,
  type ListResult,
  type WarehouseService,
  type WarehouseServiceBill,
  warehouseServiceResource,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { refusalOf } from '../../platform/kit/blocks';
import { useReferenceLabels } from '../../platform/resources/references';
import { notifySaved } from '../../platform/snackbar';
import { DateInput, LazySelect } from '../../platform/widgets';

const currencyField = warehouseServiceResource.fields.filter((field) => field.name === 'currencyId');

interface Line {
  serviceId: number | null;
  quantity: number | string;
}

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Warehouse services done for an order billed to its client (`POST /tms/orders/{id}/warehouse-services/bill`):
 * lines of the price list's services and their quantities, the total as the server will reckon it, one
 * income bill through the payment form chosen.
 */
export function ServicesBill({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('warehouse');
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [number, setNumber] = useState('');
  const [date, setDate] = useState<string | null>(todayIso());
  const [paymentFormId, setPaymentFormId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>([{ serviceId: null, quantity: 1 }]);
  const services = useQuery({
    queryKey: ['warehouse-services', 'priced'],
    queryFn: ({ signal }) =>
      api.get<ListResult<WarehouseService>>('/warehouse/services', {
        query: { itemsPerPage: 500, enabled: true },
        signal,
      }),
    enabled: opened,
  });
  const label = useReferenceLabels(currencyField, services.data?.collection ?? [], services.data);
  const byId = new Map((services.data?.collection ?? []).map((s) => [s.id, s]));
  const make = useMutation({
    mutationFn: () =>
      api.post<{ id: number; number: string }>(
        `/tms/orders/${orderId}/warehouse-services/bill`,
        {
          number,
          date,
          paymentFormId,
          lines: lines.map((line) => ({ serviceId: line.serviceId, quantity: Number(line.quantity) })),
        } as unknown as WarehouseServiceBill,
        { suppressPopup: true },
      ),
    onSuccess: async (bill) => {
      notifySaved(t('servicesBill.made', { number: bill.number }));
      setOpened(false);
      await client.invalidateQueries({ queryKey: ['resource', 'bill'] });
    },
  });
  const refusal = refusalOf(make.error);
  const priced = lines
    .map((line) => ({
      service: line.serviceId ? byId.get(line.serviceId) : undefined,
      quantity: Number(line.quantity),
    }))
    .filter((line) => line.service?.price && line.quantity > 0);
  const currency = priced[0]?.service?.currencyId ?? null;
  const total = priced.reduce(
    (sum, line) => decimalAdd(sum, decimalMultiply(line.service!.price!, String(line.quantity))),
    '0',
  );
  const set = (index: number, change: Partial<Line>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileInvoice size={16} />}
        onClick={() => {
          make.reset();
          setOpened(true);
        }}
        data-testid="warehouse-services-bill"
      >
        {t('servicesBill.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('servicesBill.title')} size="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            make.mutate();
          }}
        >
          <Stack gap="sm">
            {refusal.other && (
              <Alert color="red" icon={<IconAlertTriangle size={16} />}>
                {refusal.other}
              </Alert>
            )}
            <Group grow align="flex-start">
              <TextInput
                label={t('servicesBill.number')}
                value={number}
                onChange={(event) => setNumber(event.currentTarget.value)}
                error={refusal.field('number')}
                required
                data-autofocus
                data-testid="services-bill-number"
              />
              <DateInput
                label={t('servicesBill.date')}
                value={date}
                onChange={setDate}
                error={refusal.field('date')}
                required
              />
            </Group>
            <LazySelect
              id="services-bill-payment-form"
              label={t('servicesBill.paymentForm')}
              url="/finances/payment-forms"
              value={paymentFormId}
              onChange={(value) => setPaymentFormId(value as number | null)}
              error={refusal.field('paymentFormId')}
              required
            />
            {lines.map((line, index) => (
              // Lines have no identity of their own but their place.
              // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position in the bill
              <Group key={index} align="flex-start" wrap="nowrap" data-testid="services-bill-line">
                <Select
                  flex={1}
                  label={index === 0 ? t('servicesBill.service') : undefined}
                  aria-label={t('servicesBill.service')}
                  searchable
                  data={(services.data?.collection ?? []).map((s) => ({
                    value: String(s.id),
                    label: `${(i18n.language === 'en' && s.nameEn) || s.name}${s.price ? ` — ${s.price}` : ''}`,
                  }))}
                  value={line.serviceId ? String(line.serviceId) : null}
                  onChange={(value) => set(index, { serviceId: value ? Number(value) : null })}
                  error={refusal.field(`lines.${index}.serviceId`)}
                  comboboxProps={{ withinPortal: true }}
                />
                <NumberInput
                  w={130}
                  label={index === 0 ? t('servicesBill.quantity') : undefined}
                  aria-label={t('servicesBill.quantity')}
                  min={0}
                  decimalScale={3}
                  value={line.quantity}
                  onChange={(quantity) => set(index, { quantity })}
                  error={refusal.field(`lines.${index}.quantity`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  mt={index === 0 ? 26 : 4}
                  aria-label={t('servicesBill.remove')}
                  disabled={lines.length === 1}
                  onClick={() => setLines((current) => current.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => setLines((current) => [...current, { serviceId: null, quantity: 1 }])}
              >
                {t('servicesBill.addLine')}
              </Button>
              <Text fw={600} data-testid="services-bill-total">
                {t('servicesBill.total')}:{' '}
                {currency
                  ? formatMoney(decimalRound(total, 2), label(currencyField[0]!, currency), i18n.language)
                  : '—'}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('servicesBill.hint')} <Link to="/warehouse/services">{t('servicesBill.priceList')}</Link>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('servicesBill.cancel')}
              </Button>
              <Button type="submit" loading={make.isPending} data-testid="services-bill-make">
                {t('servicesBill.make')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
