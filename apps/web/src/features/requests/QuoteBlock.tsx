import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconDownload, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  type CustomerRequest,
  type Money,
  type Quote,
  type RequestStatus,
  requestEditLock,
} from '@tms/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime, formatMoney } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { refusalOf } from '../../platform/kit/blocks';
import { FormRootError } from '../../platform/kit/FormRootError';
import { useMutateOnce } from '../../platform/kit/mutateOnce';
import { notifySaved } from '../../platform/snackbar';
import { type AmountRow, AmountsEditor, amountsOf } from './OfferAmounts';
import { useOfferRefresh, useQuote } from './offerApi';

/** The statuses "mark quote complete" moves from (docs/requests.md). */
const COMPLETABLE: readonly RequestStatus[] = ['QUOTE_NOT_COMPLETED', 'INFO_PROVIDED'];

interface QuoteBlockProps {
  request: CustomerRequest;
  /** The user may edit the request (its edit scope and role). */
  canWrite: boolean;
}

/**
 * The request's quote (docs/request-offers.md "Quote"): the selected rates, the margin against the chosen
 * offers in base currency, "mark quote complete" and "send quote" (the document lands among the request's
 * files) for the holders of their roles.
 */
export function QuoteBlock({ request, canWrite }: QuoteBlockProps) {
  const { t, i18n } = useTranslation('offers');
  const system = useSystemData();
  const quote = useQuote(request.id);
  const refresh = useOfferRefresh();
  const locked = requestEditLock(request.status as RequestStatus) !== null;
  const writes = canWrite && !locked;
  const [rates, setRates] = useState<AmountRow[]>([]);
  const [comment, setComment] = useState('');
  const saved = quote.data;
  // The rates being typed are refilled by a new version of the quote only: the margin changes with the
  // chosen offers (a refetch) and must not wipe them.
  const savedVersion = saved ? (saved.version ?? 0) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refills when another version is read
  useEffect(() => {
    if (!saved) return;
    setRates(saved.rates.map((rate) => ({ ...rate })));
    setComment(saved.comment ?? '');
  }, [savedVersion]);

  const save = useMutation({
    mutationFn: () =>
      api.put<Quote>(
        `/requests/${request.id}/quote`,
        {
          rates: amountsOf(rates),
          comment: comment.trim() || null,
          ...(saved?.version ? { version: saved.version } : {}),
        },
        { suppressPopup: [400] },
      ),
    onSuccess: async () => {
      notifySaved(t('quote.saved'));
      await refresh();
    },
  });
  const complete = useMutation({
    mutationFn: () =>
      api.post(
        `/requests/${request.id}/quote/complete`,
        { version: request.version },
        { suppressPopup: [400] },
      ),
    onSuccess: async () => {
      notifySaved(t('quote.completed'));
      await refresh();
    },
  });
  const send = useMutation({
    mutationFn: () =>
      api.post<Quote>(
        `/requests/${request.id}/quote/send`,
        { version: saved?.version ?? 0 },
        { suppressPopup: [400] },
      ),
    onSuccess: async () => {
      notifySaved(t('quote.sentMessage'));
      await refresh();
    },
  });
  const saveOnce = useMutateOnce(save);
  const completeOnce = useMutateOnce(complete);
  const sendOnce = useMutateOnce(send);
  const refusal = refusalOf(save.error ?? complete.error ?? send.error);
  const root = refusal.field('root') ?? refusal.field('status') ?? refusal.field('rates') ?? refusal.other;
  const money = (value: Money | null) =>
    value ? formatMoney(value.amount, value.currency, i18n.language) : '—';
  const margin = saved?.margin;
  const ratesText = (list: readonly Money[]) => list.map((m) => `${m.currency} ${m.amount}`).join(';');
  const dirty =
    saved !== undefined &&
    (ratesText(amountsOf(rates)) !== ratesText(saved.rates) || (comment.trim() || null) !== saved.comment);

  return (
    <Paper withBorder p="md" radius="md" data-testid="quote-block">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={4}>{t('quote.title')}</Title>
          {saved?.sentAt && (
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="quote-sent">
                {t('quote.sentAt', { date: formatDateTime(saved.sentAt) })}
              </Text>
              {saved.fileId && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => void download(`/file-management/files/${saved.fileId}/download`)}
                  data-testid="quote-download"
                >
                  {t('quote.download')}
                </Button>
              )}
            </Group>
          )}
        </Group>
        {saved?.acceptedAt && saved.acceptedRate && (
          <Alert color="green" p="xs" data-testid="quote-accepted">
            {t('quote.acceptedAt', {
              date: formatDateTime(saved.acceptedAt),
              amount: formatMoney(saved.acceptedRate.amount, saved.acceptedRate.currency, i18n.language),
            })}
          </Alert>
        )}
        {root && <FormRootError>{root}</FormRootError>}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <AmountsEditor
              label={t('quote.rates')}
              value={rates}
              onChange={setRates}
              disabled={!writes}
              errorOf={(index, member) => refusal.field(`rates.${index}.${member}`)}
              testId="quote-rates"
            />
            <Textarea
              label={t('quote.comment')}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              disabled={!writes}
              autosize
              minRows={2}
              data-testid="quote-comment"
            />
          </Stack>
          <Stack gap={6} data-testid="quote-margin">
            <MarginLine label={t('quote.price')} value={money(margin?.price ?? null)} />
            <MarginLine label={t('quote.cost')} value={money(margin?.cost ?? null)} />
            <MarginLine
              label={t('quote.margin')}
              value={margin?.margin ? `${money(margin.margin)} (${margin.percent ?? '—'} %)` : '—'}
              strong
              testId="quote-margin-value"
            />
            {margin?.priceError ? (
              <Alert color="orange" p="xs" data-testid="quote-price-error">
                {translateServerMessage(margin.priceError)}
              </Alert>
            ) : (
              !margin?.margin && (
                <Text size="xs" c="dimmed">
                  {t('quote.noMargin')}
                </Text>
              )
            )}
          </Stack>
        </SimpleGrid>
        <Group gap="xs">
          {writes && (
            <Button
              size="sm"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => saveOnce()}
              loading={save.isPending}
              disabled={!dirty}
              data-testid="quote-save"
            >
              {t('quote.save')}
            </Button>
          )}
          {hasRole(system, ['ROLE_REQUEST_MARK_QUOTE_COMPLETE']) &&
            COMPLETABLE.includes(request.status as RequestStatus) && (
              <Button
                size="sm"
                variant="default"
                leftSection={<IconCheck size={16} />}
                onClick={() => completeOnce()}
                loading={complete.isPending}
                disabled={dirty}
                data-testid="quote-complete"
              >
                {t('quote.complete')}
              </Button>
            )}
          {hasRole(system, ['ROLE_REQUEST_SEND_QUOTE']) && !locked && (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconMailForward size={16} />}
              onClick={() => sendOnce()}
              loading={send.isPending}
              disabled={dirty || !saved?.rates.length}
              data-testid="quote-send"
            >
              {t('quote.send')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function MarginLine({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
