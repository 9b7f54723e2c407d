import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractorBill, ContractorBillStatus } from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../platform/format';
import { useFieldFailure } from '../CabinetKit';
import { ops, PriceRow, today } from './opsKit';

const STATUS_COLORS: Readonly<Record<ContractorBillStatus, string>> = {
  SUBMITTED: 'yellow',
  ACCEPTED: 'teal',
  REJECTED: 'red',
};

/** A sent bill's status, the same on his job and on his bills' screen. */
export function SubmittedBillStatus({ status }: { status: ContractorBillStatus }) {
  const { t } = useTranslation('cabinets');
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      style={{ overflow: 'visible' }}
      data-testid="ops-bill-status"
    >
      {t(`ops.submittedBills.statuses.${status}`)}
    </Badge>
  );
}

const decimal = (text: string) => text.trim().replace(',', '.').replace(/\s/g, '');

/**
 * His bill for the job: number, date, amount, currency, VAT and its PDF. The PDF is uploaded as a document
 * of the job first and kept for a second try (a number already sent is refused under its field).
 */
function BillForm({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const { failure, fields, fail, clear } = useFieldFailure();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; id: number } | null>(null);
  const [currency, setCurrency] = useState<string | null>('RUB');
  const send = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      let fileId = uploaded?.file === file ? uploaded.id : undefined;
      if (fileId === undefined && file) {
        fileId = (await ops.upload<{ id: number }>(`/ops/jobs/${jobId}/files`, file)).id;
        setUploaded({ file, id: fileId });
      }
      return ops.post(`/ops/jobs/${jobId}/bills`, { ...body, fileId });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['ops', 'job', jobId] });
      clear();
      onClose();
    },
    onError: fail,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    send.mutate({
      number: text('number'),
      date: text('date'),
      amount: decimal(text('amount')),
      currency: currency ?? '',
      vatAmount: decimal(text('vatAmount')) || null,
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          name="number"
          label={t('ops.submittedBills.number')}
          required
          maxLength={64}
          data-autofocus
          data-testid="ops-bill-number"
          error={fields.number}
        />
        <TextInput
          name="date"
          type="date"
          label={t('ops.submittedBills.date')}
          required
          defaultValue={today()}
          error={fields.date}
        />
        <PriceRow
          label={t('ops.submittedBills.amount')}
          amount={{ name: 'amount', 'data-testid': 'ops-bill-amount' }}
          currency={currency}
          onCurrencyChange={setCurrency}
          errors={{ amount: fields.amount, currency: fields.currency }}
        />
        <TextInput
          name="vatAmount"
          label={t('ops.submittedBills.vat')}
          inputMode="decimal"
          error={fields.vatAmount}
        />
        <FileInput
          label={t('ops.submittedBills.file')}
          accept="application/pdf"
          required
          value={file}
          onChange={setFile}
          clearable
          data-testid="ops-bill-file"
          error={fields.fileId ?? fields.file}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('pcc.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="ops-bill-submit">
            {t('ops.submittedBills.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** His bills sent for the job with their status (and the reason of a rejection), and the button to send one. */
export function JobBills({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation('cabinets');
  const [sending, setSending] = useState(false);
  const bills = useQuery({
    queryKey: ['ops', 'job', jobId, 'bills'],
    queryFn: () => ops.get<ContractorBill[]>(`/ops/jobs/${jobId}/bills`),
  });
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t('ops.submittedBills.title')}
        </Title>
        <Button
          size="compact-sm"
          leftSection={<IconFileInvoice size={16} />}
          onClick={() => setSending(true)}
          data-testid="ops-bill-send"
        >
          {t('ops.submittedBills.send')}
        </Button>
      </Group>
      {bills.data?.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {bills.data.map((bill) => (
            <Card key={bill.id} withBorder padding="sm" data-testid="ops-submitted-bill">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600}>
                  {t('ops.submittedBills.item', { number: bill.number, date: formatDate(bill.date) })}
                </Text>
                <SubmittedBillStatus status={bill.status} />
              </Group>
              <Text size="sm">
                {formatMoney(bill.amount, bill.currency, i18n.language)}
                {bill.vatAmount &&
                  ` · ${t('ops.submittedBills.vat')} ${formatMoney(bill.vatAmount, bill.currency, i18n.language)}`}
              </Text>
              {bill.rejectReason && (
                <Text size="sm" c="red">
                  {bill.rejectReason}
                </Text>
              )}
              {bill.file && (
                <Anchor
                  component="button"
                  size="sm"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => ops.download(`/ops/jobs/${jobId}/files/${bill.file!.id}`, bill.file!.name)}
                >
                  {bill.file.name}
                </Anchor>
              )}
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {bills.isLoading ? t('pcc.loading') : t('ops.submittedBills.none')}
        </Text>
      )}
      <Modal opened={sending} onClose={() => setSending(false)} title={t('ops.submittedBills.send')}>
        {sending && <BillForm jobId={jobId} onClose={() => setSending(false)} />}
      </Modal>
    </>
  );
}
