import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OpsOffer, padId } from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldFailure } from '../CabinetKit';
import { CURRENCIES, ops, PriceRow, today } from './opsKit';

type Row = { key: number; amount: string; currency: string | null };
let nextKey = 0;
const row = (amount = '', currency: string | null = 'RUB'): Row => ({ key: ++nextKey, amount, currency });

/**
 * The contractor's answer to a request for an offer: his price in one or more currencies (each once), how
 * long it holds and a comment; on the version he read.
 */
export function OfferAnswerDialog({ offer, onClose }: { offer: OpsOffer | null; onClose: () => void }) {
  const { t } = useTranslation('cabinets');
  return (
    <Modal
      opened={offer !== null}
      onClose={onClose}
      title={offer ? `${t('ops.offers.answerTitle')} ${padId(offer.requestNumber)}` : ''}
    >
      {/* Each opened offer starts from its own answer. */}
      {offer && <AnswerForm key={offer.id} offer={offer} onClose={onClose} />}
    </Modal>
  );
}

function AnswerForm({ offer, onClose }: { offer: OpsOffer; onClose: () => void }) {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const { failure, fields, fail, clear } = useFieldFailure();
  const [rows, setRows] = useState<Row[]>(() =>
    offer.amounts.length ? offer.amounts.map((m) => row(m.amount, m.currency)) : [row()],
  );
  const answer = useMutation({
    mutationFn: (body: unknown) => ops.post(`/ops/offers/${offer.id}/answer`, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['ops', '/ops/offers'] });
      clear();
      onClose();
    },
    onError: fail,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    answer.mutate({
      amounts: rows.map((r) => ({
        amount: r.amount.trim().replace(',', '.').replace(/\s/g, ''),
        currency: r.currency ?? '',
      })),
      validUntil: text('validUntil') || null,
      comment: text('comment') || null,
      version: offer.version,
    });
  };
  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <form onSubmit={submit}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {offer.offerTypeName}
          {offer.cargoDescription ? ` · ${offer.cargoDescription}` : ''}
        </Text>
        {rows.map((r, index) => (
          <PriceRow
            key={r.key}
            label={t('ops.offers.price')}
            labelled={index === 0}
            amount={{
              value: r.amount,
              onChange: (e) => change(r.key, { amount: e.currentTarget.value }),
              'data-autofocus': index === 0 ? true : undefined,
              'data-testid': 'ops-offer-amount',
            }}
            currency={r.currency}
            onCurrencyChange={(currency) => change(r.key, { currency })}
            errors={{
              amount: fields[`amounts.${index}.amount`],
              currency: fields[`amounts.${index}.currency`],
            }}
          >
            {rows.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                // Level with the inputs under the first row's labels.
                mt={index === 0 ? 25 : 1}
                aria-label={t('ops.offers.removePrice')}
                onClick={() => setRows((current) => current.filter((x) => x.key !== r.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </PriceRow>
        ))}
        {rows.length < CURRENCIES.length && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRows((current) => [...current, row('', null)])}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('ops.offers.addCurrency')}
          </Button>
        )}
        <TextInput
          name="validUntil"
          type="date"
          min={today()}
          label={t('ops.offers.validUntilLabel')}
          defaultValue={offer.validUntil ?? ''}
          error={fields.validUntil}
        />
        <Textarea
          name="comment"
          label={t('ops.offers.comment')}
          description={t('ops.offers.commentHint')}
          autosize
          minRows={2}
          maxLength={2000}
          defaultValue={offer.comment ?? ''}
          error={fields.comment}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('pcc.cancel')}
          </Button>
          <Button type="submit" loading={answer.isPending} data-testid="ops-offer-submit">
            {t('ops.offers.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
