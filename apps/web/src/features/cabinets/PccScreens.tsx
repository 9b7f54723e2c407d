import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconDownload, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Money,
  type PccBill,
  type PccFile,
  type PccOrder,
  type PccQuote,
  type PccRequest,
  type PccStage,
  padId,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type RequestStatus,
  type RouteEndPoint,
  TRANSPORT_TYPE_LABELS,
  TRANSPORT_TYPES,
} from '@tms/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate, formatMoney } from '../../platform/format';
import type { Language } from '../../platform/i18n';
import { translateServerMessage } from '../../platform/i18n';
import {
  CabinetFiles,
  CabinetScreen,
  Empty,
  Pager,
  Rows,
  routeText,
  UploadButton,
  useCabinetList,
  useFailure,
} from './CabinetKit';
import { CABINET_CLIENTS } from './cabinetApi';
import { pccDownload, pccGet, pccPost } from './pccApi';

const pcc = CABINET_CLIENTS.client;
const usePccList = <T,>(path: string, filters: Record<string, string | null>) =>
  useCabinetList<T>(pcc, path, filters);

function Screen({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('cabinets');
  return (
    <CabinetScreen cabinet={t('pcc.name')} title={title} action={action}>
      {children}
    </CabinetScreen>
  );
}

const STATUS_COLORS: Record<RequestStatus, string> = {
  QUOTE_NOT_COMPLETED: 'gray',
  NEED_MORE_INFO: 'orange',
  INFO_PROVIDED: 'blue',
  QUOTE_COMPLETED: 'green',
  NO_SERVICE: 'red',
};

/** `/pcc/requests`: the client's requests, a new one, and the answers the forwarder waits for. */
export function PccRequestsScreen() {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language as Language;
  const [search] = useSearchParams();
  const status = search.get('status');
  const { list, page, setPage, setParams } = usePccList<PccRequest>('/pcc/requests', { status });
  const [creating, setCreating] = useState(false);
  const [answering, setAnswering] = useState<PccRequest | null>(null);
  return (
    <Screen
      title={t('pcc.requests.title')}
      action={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          data-testid="pcc-new-request"
        >
          {t('pcc.requests.new')}
        </Button>
      }
    >
      <Select
        w={260}
        clearable
        placeholder={t('pcc.requests.allStatuses')}
        aria-label={t('pcc.requests.status')}
        value={status}
        onChange={(value) => {
          setParams((next) => {
            if (value) next.set('status', value);
            else next.delete('status');
            next.delete('page');
            return next;
          });
        }}
        data={REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s][lang] }))}
      />
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            { label: t('pcc.requests.number'), value: (r) => padId(r.number) },
            { label: t('pcc.requests.route'), value: (r) => routeText(r.route as RouteEndPoint[]) },
            { label: t('pcc.requests.cargo'), value: (r) => r.cargoDescription ?? '' },
            { label: t('pcc.requests.dispatch'), value: (r) => formatDate(r.dispatchDate) },
            {
              label: t('pcc.requests.status'),
              value: (r) => (
                <Group gap="xs" wrap="wrap">
                  <Badge color={STATUS_COLORS[r.status]} variant="light" style={{ overflow: 'visible' }}>
                    {REQUEST_STATUS_LABELS[r.status][lang]}
                  </Badge>
                  {r.status === 'NEED_MORE_INFO' && (
                    <Button size="compact-xs" onClick={() => setAnswering(r)} data-testid="pcc-answer">
                      {t('pcc.requests.answer')}
                    </Button>
                  )}
                  {r.status === 'NEED_MORE_INFO' && r.statusReason && (
                    <Text size="xs" c="dimmed" w="100%" data-testid="pcc-question">
                      {t('pcc.requests.question')}: {r.statusReason}
                    </Text>
                  )}
                </Group>
              ),
            },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      <NewRequestDialog opened={creating} onClose={() => setCreating(false)} />
      <AnswerDialog request={answering} onClose={() => setAnswering(null)} />
    </Screen>
  );
}

function NewRequestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language as Language;
  const client = useQueryClient();
  const { failure, fail, clear } = useFailure();
  const [transport, setTransport] = useState<string[]>(['auto']);
  const [fromCountry, setFromCountry] = useState<string | null>(null);
  const [toCountry, setToCountry] = useState<string | null>(null);
  const countries = useQuery({
    queryKey: ['pcc', 'countries'],
    queryFn: () => pccGet<{ id: number; name: string; nameEn: string }[]>('/pcc/countries'),
    enabled: opened,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const countryOptions = (countries.data ?? []).map((c) => ({
    value: String(c.id),
    label: lang === 'en' ? c.nameEn : c.name,
  }));
  const create = useMutation({
    mutationFn: (body: unknown) => pccPost<PccRequest>('/pcc/requests', body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['pcc', '/pcc/requests'] });
      clear();
      onClose();
    },
    onError: fail,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    create.mutate({
      route: [
        {
          kind: 'dispatch',
          address: text('from'),
          countryId: fromCountry ? Number(fromCountry) : null,
          dateFrom: text('fromDate') || null,
        },
        {
          kind: 'delivery',
          address: text('to'),
          countryId: toCountry ? Number(toCountry) : null,
          dateFrom: text('toDate') || null,
        },
      ],
      cargo: { description: text('cargo') || null },
      transportTypes: transport,
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('pcc.requests.new')} size="lg">
      <form onSubmit={submit}>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput name="from" label={t('pcc.requests.from')} required data-autofocus />
          <Select
            label={t('pcc.requests.fromCountry')}
            searchable
            required
            value={fromCountry}
            onChange={setFromCountry}
            data={countryOptions}
          />
          <TextInput name="fromDate" type="date" label={t('pcc.requests.fromDate')} />
          <TextInput name="to" label={t('pcc.requests.to')} required />
          <Select
            label={t('pcc.requests.toCountry')}
            searchable
            required
            value={toCountry}
            onChange={setToCountry}
            data={countryOptions}
          />
          <TextInput name="toDate" type="date" label={t('pcc.requests.toDate')} />
          <Textarea name="cargo" label={t('pcc.requests.cargo')} autosize minRows={2} />
          <MultiSelect
            label={t('pcc.requests.transport')}
            value={transport}
            onChange={setTransport}
            data={TRANSPORT_TYPES.map((type) => ({ value: type, label: TRANSPORT_TYPE_LABELS[type][lang] }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pcc.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="pcc-request-submit">
              {t('pcc.requests.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AnswerDialog({ request, onClose }: { request: PccRequest | null; onClose: () => void }) {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const { failure, fail, clear } = useFailure();
  const answer = useMutation({
    mutationFn: (text: string) =>
      pccPost(`/pcc/requests/${request!.id}/answer`, { answer: text, version: request!.version }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['pcc', '/pcc/requests'] });
      clear();
      onClose();
    },
    onError: fail,
  });
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request ? `${t('pcc.requests.answerTitle')} ${padId(request.number)}` : ''}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          answer.mutate(String(new FormData(event.currentTarget).get('answer') ?? ''));
        }}
      >
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {request?.statusReason && (
            <Alert color="orange" title={t('pcc.requests.question')}>
              {request.statusReason}
            </Alert>
          )}
          <Textarea
            name="answer"
            label={t('pcc.requests.answerText')}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pcc.cancel')}
            </Button>
            <Button type="submit" loading={answer.isPending}>
              {t('pcc.requests.answer')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const progress = (order: PccOrder) => `${order.stagesClosed} / ${order.stagesTotal}`;

/** `/pcc/orders`: the client's orders and how far each has come. */
export function PccOrdersScreen() {
  const { t } = useTranslation('cabinets');
  const [params] = useSearchParams();
  const { list, page, setPage } = usePccList<PccOrder>('/pcc/orders', { search: params.get('search') });
  return (
    <Screen title={t('pcc.orders.title')}>
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            {
              label: t('pcc.orders.number'),
              value: (o) => (
                <Anchor component={Link} to={`/pcc/orders/${o.id}`} data-testid="pcc-order-link">
                  {padId(o.number)}
                </Anchor>
              ),
            },
            { label: t('pcc.orders.route'), value: (o) => routeText(o.route as RouteEndPoint[]) },
            { label: t('pcc.orders.cargo'), value: (o) => o.cargoDescription ?? '' },
            { label: t('pcc.orders.delivery'), value: (o) => formatDate(o.deliveryDate) },
            {
              label: t('pcc.orders.stages'),
              value: (o) =>
                o.completionDate ? (
                  <Badge color="green" variant="light">
                    {t('pcc.orders.done')}
                  </Badge>
                ) : (
                  progress(o)
                ),
            },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
    </Screen>
  );
}

/** `/pcc/orders/:id`: where the cargo is (the stages shown to the client) and the order's documents. */
export function PccOrderScreen() {
  const { t } = useTranslation('cabinets');
  const id = Number(useParams().id);
  const order = useQuery({
    queryKey: ['pcc', 'order', id],
    queryFn: () => pccGet<PccOrder>(`/pcc/orders/${id}`),
  });
  const stages = useQuery({
    queryKey: ['pcc', 'order', id, 'stages'],
    queryFn: () => pccGet<PccStage[]>(`/pcc/orders/${id}/stages`),
  });
  const files = useQuery({
    queryKey: ['pcc', 'order', id, 'files'],
    queryFn: () => pccGet<PccFile[]>(`/pcc/orders/${id}/files`),
  });
  if (order.error) return <Alert color="red">{translateServerMessage((order.error as Error).message)}</Alert>;
  if (!order.data) return <Empty loading />;
  const o = order.data;
  const reached = (stages.data ?? []).filter((s) => s.closed).length;
  return (
    <Screen title={`${t('pcc.orders.item')} ${padId(o.number)}`}>
      <Anchor component={Link} to="/pcc/orders" size="sm">
        ← {t('pcc.orders.back')}
      </Anchor>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text>{routeText(o.route as RouteEndPoint[])}</Text>
          <Text c="dimmed" size="sm">
            {o.cargoDescription}
          </Text>
        </Stack>
      </Paper>
      <Title order={3} size="h4">
        {t('pcc.orders.tracking')}
      </Title>
      {stages.data?.length ? (
        <Timeline active={reached - 1} bulletSize={22} lineWidth={2} data-testid="pcc-timeline">
          {stages.data.map((stage) => (
            <Timeline.Item
              key={stage.id}
              title={stage.name}
              bullet={stage.closed ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
            >
              <Text size="xs" c="dimmed">
                {stage.closed
                  ? `${t('pcc.orders.reached')} ${formatDate(stage.actualDate)}`
                  : stage.expectedDate
                    ? `${t('pcc.orders.expected')} ${formatDate(stage.expectedDate)}`
                    : t('pcc.orders.pending')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Empty loading={stages.isLoading} />
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t('pcc.orders.documents')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {(['application', 'other'] as const).map((kind) => (
            <UploadButton
              key={kind}
              client={pcc}
              path={`/pcc/orders/${id}/files?kind=${kind}`}
              invalidate={['pcc', 'order', id, 'files']}
              label={t(kind === 'application' ? 'pcc.orders.uploadApplication' : 'pcc.orders.upload')}
              primary={kind === 'application'}
              testId={`pcc-upload-${kind}`}
            />
          ))}
        </Group>
      </Group>
      <CabinetFiles
        client={pcc}
        path={`/pcc/orders/${id}/files`}
        files={files.data}
        loading={files.isLoading}
      />
    </Screen>
  );
}

/** `/pcc/bills`: the bills made out to the client, each with its PDF, and his акт сверки. */
export function PccBillsScreen() {
  const { t } = useTranslation('cabinets');
  const { list, page, setPage } = usePccList<PccBill>('/pcc/bills', {});
  return (
    <Screen title={t('pcc.bills.title')}>
      <ReconciliationCard />
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            { label: t('pcc.bills.number'), value: (b) => b.number },
            { label: t('pcc.bills.date'), value: (b) => formatDate(b.date) },
            { label: t('pcc.bills.amount'), value: (b) => `${b.amount} ${b.currencyCode}` },
            {
              label: t('pcc.bills.pdf'),
              value: (b) => (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => pccDownload(`/pcc/bills/${b.id}/pdf`, `${b.number}.pdf`)}
                >
                  PDF
                </Button>
              ),
            },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
    </Screen>
  );
}

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

/** The client's акт сверки: a period and, if he wants, one of our companies; the PDF or XLSX is downloaded. */
function ReconciliationCard() {
  const { t, i18n } = useTranslation('cabinets');
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [entity, setEntity] = useState<string | null>(null);
  const { failure, fail, clear } = useFailure();
  const entities = useQuery({
    queryKey: ['pcc', 'legal-entities'],
    queryFn: () => pccGet<{ id: number; name: string }[]>('/pcc/legal-entities'),
  });
  const download = useMutation({
    mutationFn: (format: 'pdf' | 'xlsx') => {
      const query = new URLSearchParams({ from, to, lang: i18n.language === 'en' ? 'en' : 'ru', format });
      if (entity) query.set('legalEntityId', entity);
      return pccDownload(
        `/pcc/reconciliation?${query}`,
        `${t('pcc.reconciliation.title')} ${from} — ${to}.${format}`,
      );
    },
    onSuccess: clear,
    onError: fail,
  });
  return (
    <Paper withBorder p="md" data-testid="pcc-reconciliation">
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5">
            {t('pcc.reconciliation.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pcc.reconciliation.hint')}
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('pcc.reconciliation.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            w={160}
          />
          <TextInput
            type="date"
            label={t('pcc.reconciliation.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            w={160}
          />
          {(entities.data?.length ?? 0) > 1 && (
            <Select
              label={t('pcc.reconciliation.entity')}
              placeholder={t('pcc.reconciliation.allEntities')}
              clearable
              value={entity}
              onChange={setEntity}
              data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
              w={240}
            />
          )}
          <Button
            leftSection={<IconDownload size={16} />}
            loading={download.isPending && download.variables === 'pdf'}
            disabled={download.isPending}
            onClick={() => download.mutate('pdf')}
            data-testid="pcc-reconciliation-download"
          >
            {t('pcc.reconciliation.download')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending && download.variables === 'xlsx'}
            disabled={download.isPending}
            onClick={() => download.mutate('xlsx')}
            data-testid="pcc-reconciliation-download-xlsx"
          >
            {t('pcc.reconciliation.downloadXlsx')}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** `/pcc/quotes`: the quotes sent for his requests; he accepts one of a quote's rates. */
export function PccQuotesScreen() {
  const { t, i18n } = useTranslation('cabinets');
  const { list, page, setPage } = usePccList<PccQuote>('/pcc/quotes', {});
  const [accepting, setAccepting] = useState<{ quote: PccQuote; rate: Money } | null>(null);
  const money = (m: Money) => formatMoney(m.amount, m.currency, i18n.language);
  return (
    <Screen title={t('pcc.quotes.title')}>
      {list.data?.collection.length ? (
        <Stack gap="sm">
          {list.data.collection.map((q) => (
            <Card key={q.requestId} withBorder padding="md" data-testid="pcc-quote">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>
                    {t('pcc.quotes.request')} {padId(q.requestNumber)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('pcc.quotes.sent', { date: formatDate(q.sentAt.slice(0, 10)) })}
                  </Text>
                </Group>
                <Text size="sm">{routeText(q.route as RouteEndPoint[])}</Text>
                {q.cargoDescription && (
                  <Text size="sm" c="dimmed">
                    {q.cargoDescription}
                  </Text>
                )}
                {q.comment && (
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('pcc.quotes.comment')}:
                    </Text>{' '}
                    {q.comment}
                  </Text>
                )}
                {q.acceptedAt && q.acceptedRate ? (
                  <Badge
                    color="green"
                    variant="light"
                    size="lg"
                    style={{ overflow: 'visible' }}
                    data-testid="pcc-quote-accepted"
                  >
                    {t('pcc.quotes.accepted', {
                      date: formatDate(q.acceptedAt.slice(0, 10)),
                      amount: money(q.acceptedRate),
                    })}
                  </Badge>
                ) : (
                  <Group gap="xs" wrap="wrap">
                    {q.rates.map((rate) =>
                      q.acceptable ? (
                        <Button
                          key={rate.currency}
                          size="compact-sm"
                          onClick={() => setAccepting({ quote: q, rate })}
                          data-testid="pcc-quote-accept"
                        >
                          {t('pcc.quotes.accept', { amount: money(rate) })}
                        </Button>
                      ) : (
                        <Badge key={rate.currency} variant="outline" size="lg">
                          {money(rate)}
                        </Badge>
                      ),
                    )}
                    {!q.acceptable && (
                      <Text size="xs" c="dimmed" w="100%">
                        {t('pcc.quotes.waiting')}
                      </Text>
                    )}
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      <AcceptDialog choice={accepting} onClose={() => setAccepting(null)} money={money} />
    </Screen>
  );
}

function AcceptDialog({
  choice,
  onClose,
  money,
}: {
  choice: { quote: PccQuote; rate: Money } | null;
  onClose: () => void;
  money: (m: Money) => string;
}) {
  const { t } = useTranslation('cabinets');
  const client = useQueryClient();
  const { failure, fail, clear } = useFailure();
  const accept = useMutation({
    mutationFn: () =>
      pccPost(`/pcc/requests/${choice!.quote.requestId}/quote/accept`, {
        currency: choice!.rate.currency,
        version: choice!.quote.version,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['pcc', '/pcc/quotes'] });
      clear();
      onClose();
    },
    onError: fail,
  });
  return (
    <Modal opened={choice !== null} onClose={onClose} title={t('pcc.quotes.acceptTitle')}>
      {choice && (
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Text>
            {t('pcc.quotes.acceptText', {
              number: padId(choice.quote.requestNumber),
              amount: money(choice.rate),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pcc.cancel')}
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() => accept.mutate()}
              data-testid="pcc-quote-confirm"
              data-autofocus
            >
              {t('pcc.quotes.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
