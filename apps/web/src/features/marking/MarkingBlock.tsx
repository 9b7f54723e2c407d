import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  List,
  Loader,
  NumberInput,
  Pagination,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconPlugConnected,
  IconPlugConnectedX,
  IconRefresh,
  IconSend,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import {
  MARKING_CODE_STATUS_LABELS,
  MARKING_REQUEST_KIND_LABELS,
  MARKING_REQUEST_STATE_LABELS,
  MARKING_STATUS_LABELS,
  type MarkingCodeEntity,
  type MarkingLine,
  type MarkingRequest,
  splitMarkingCodes,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { refusalOf } from '../../platform/kit/blocks';
import { notifySaved } from '../../platform/snackbar';
import { validationErrorsOf } from '../../platform/widgets';
import { tnvedPrinted } from '../customs/declarations/logic';
import {
  useAddCodes,
  useOrderCodes,
  useOrderMarking,
  useRefreshStatuses,
  useRemoveCode,
  useReportApplied,
} from './api';
import { codeRefusals, codeStatusColor, requestStateColor, statusCounts } from './logic';

type Lang = 'ru' | 'en';
const PAGE_SIZE = 50;

/** The order's marking (Честный ЗНАК): its status, codes per cargo line, and its calls to Честный ЗНАК. */
export function MarkingBlock({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('marking');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const marking = useOrderMarking(orderId);
  const report = useReportApplied(orderId);
  const refresh = useRefreshStatuses(orderId);
  if (marking.isPending)
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  if (!marking.data) return <Alert color="red">{refusalOf(marking.error).all}</Alert>;
  const data = marking.data;
  const calls = data.editable && data.adapterConfigured;

  return (
    <Stack gap="md" data-testid="marking-block">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('block.status')}
          </Text>
          <Badge size="lg" variant="light" tt="none" data-testid="marking-status">
            {MARKING_STATUS_LABELS[data.markingStatus][lang]}
          </Badge>
          {data.adapterConfigured ? (
            <Badge
              variant="outline"
              color="teal"
              tt="none"
              leftSection={<IconPlugConnected size={14} />}
              data-testid="marking-adapter"
            >
              {t('adapter.configured')}
            </Badge>
          ) : (
            <Tooltip label={t('adapter.notConfiguredHint')} multiline w={320}>
              <Badge
                variant="outline"
                color="gray"
                tt="none"
                leftSection={<IconPlugConnectedX size={14} />}
                data-testid="marking-adapter"
              >
                {t('adapter.notConfigured')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {data.editable && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} />}
              disabled={!calls || data.markingStatus === 'marked'}
              loading={report.isPending}
              onClick={() => report.mutate(undefined, { onSuccess: () => notifySaved(t('report.queued')) })}
              data-testid="marking-report"
            >
              {t('report.action')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              disabled={!calls}
              loading={refresh.isPending}
              onClick={() =>
                refresh.mutate(undefined, { onSuccess: () => notifySaved(t('statuses.queued')) })
              }
              data-testid="marking-refresh"
            >
              {t('statuses.action')}
            </Button>
          </Group>
        )}
      </Group>

      {data.lines.length === 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {t('lines.none')}
        </Alert>
      )}
      {data.lines.map((line) => (
        <LineCard
          key={line.tnvedCode}
          orderId={orderId}
          line={line}
          editable={data.editable && data.markingStatus !== 'marked'}
          canOrder={calls && data.markingStatus !== 'marked'}
          lang={lang}
        />
      ))}

      <RequestsTable requests={data.requests} lang={lang} />
    </Stack>
  );
}

function LineCard({
  orderId,
  line,
  editable,
  canOrder,
  lang,
}: {
  orderId: number;
  line: MarkingLine;
  editable: boolean;
  canOrder: boolean;
  lang: Lang;
}) {
  const { t } = useTranslation('marking');
  const [page, setPage] = useState(1);
  const remove = useRemoveCode(orderId);
  const pages = Math.max(1, Math.ceil(line.codes.length / PAGE_SIZE));
  const shown = line.codes.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const testId = `marking-line-${line.tnvedCode}`;

  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Text fw={600}>{t('lines.title')}</Text>
            <Text ff="monospace">{tnvedPrinted(line.tnvedCode)}</Text>
          </Group>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('lines.count', { count: line.codes.length })}
            </Text>
            {statusCounts(line.codes).map(([status, count]) => (
              <Badge key={status} size="sm" variant="light" color={codeStatusColor(status)} tt="none">
                {MARKING_CODE_STATUS_LABELS[status][lang]}: {count}
              </Badge>
            ))}
          </Group>
        </Group>

        {line.codes.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={50}>№</Table.Th>
                  <Table.Th w={150}>GTIN</Table.Th>
                  <Table.Th>{t('codes.serial')}</Table.Th>
                  <Table.Th>{t('codes.code')}</Table.Th>
                  <Table.Th w={130}>{t('codes.status')}</Table.Th>
                  {editable && <Table.Th w={44} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((code, index) => (
                  <CodeRow
                    key={code.id}
                    code={code}
                    position={(page - 1) * PAGE_SIZE + index + 1}
                    lang={lang}
                    onRemove={
                      editable && code.status === 'NEW'
                        ? () => remove.mutate(code.id, { onSuccess: () => notifySaved(t('codes.removed')) })
                        : undefined
                    }
                    editable={editable}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        )}
        {editable && <AddCodesForm orderId={orderId} tnvedCode={line.tnvedCode} />}
        {editable && canOrder && <OrderCodesForm orderId={orderId} tnvedCode={line.tnvedCode} />}
      </Stack>
    </Card>
  );
}

function CodeRow({
  code,
  position,
  lang,
  onRemove,
  editable,
}: {
  code: MarkingCodeEntity;
  position: number;
  lang: Lang;
  onRemove?: () => void;
  editable: boolean;
}) {
  const { t } = useTranslation('marking');
  return (
    <Table.Tr data-testid={`marking-code-${code.id}`}>
      <Table.Td c="dimmed">{position}</Table.Td>
      <Table.Td ff="monospace">{code.gtin}</Table.Td>
      <Table.Td ff="monospace">{code.serial}</Table.Td>
      <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }} c="dimmed" fz="xs">
        {code.printed}
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={codeStatusColor(code.status)} tt="none">
          {MARKING_CODE_STATUS_LABELS[code.status][lang]}
        </Badge>
      </Table.Td>
      {editable && (
        <Table.Td>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t('codes.remove', { serial: code.serial })}
              title={t('codes.remove', { serial: code.serial })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Codes pasted or read from a text file, one a line; each refused code is named with its line. */
function AddCodesForm({ orderId, tnvedCode }: { orderId: number; tnvedCode: string }) {
  const { t } = useTranslation('marking');
  const add = useAddCodes(orderId);
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const fields = validationErrorsOf(add.error);
  const refusals = codeRefusals(fields, sent);
  const other = add.error && !refusals.length ? refusalOf(add.error).all : undefined;
  const codes = splitMarkingCodes(text);

  const submit = () => {
    if (!codes.length) return;
    setSent(codes);
    add.mutate(
      { tnvedCode, codes },
      {
        onSuccess: ({ added }) => {
          setText('');
          notifySaved(t('add.added', { count: added }));
        },
      },
    );
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    const content = await file.text();
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${content}` : content));
  };

  return (
    <Stack gap={6}>
      <Textarea
        label={t('add.label')}
        description={t('add.hint')}
        placeholder={t('add.placeholder')}
        autosize
        minRows={2}
        maxRows={10}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
        styles={{ input: { fontFamily: 'monospace' } }}
        data-testid={`marking-add-${tnvedCode}`}
      />
      <Group gap="xs">
        <Button
          size="xs"
          onClick={submit}
          disabled={!codes.length}
          loading={add.isPending}
          data-testid={`marking-add-submit-${tnvedCode}`}
        >
          {codes.length ? t('add.action', { count: codes.length }) : t('add.actionEmpty')}
        </Button>
        <FileButton onChange={(file) => void upload(file)} accept=".txt,.csv,text/plain,text/csv">
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
              {t('add.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {refusals.length > 0 && (
        <Alert
          color="red"
          title={t('add.refused', { count: refusals.length })}
          data-testid="marking-add-errors"
        >
          <List size="sm" spacing={2}>
            {refusals.slice(0, 100).map((refusal) => (
              <List.Item key={refusal.line}>
                <Text span fw={500}>
                  {t('add.line', { line: refusal.line })}
                </Text>{' '}
                <Text span ff="monospace" fz="xs">
                  {refusal.code}
                </Text>{' '}
                — {refusal.messages.map((message) => translateServerMessage(message)).join(' ')}
              </List.Item>
            ))}
          </List>
          {refusals.length > 100 && (
            <Text size="sm" mt={4}>
              {t('add.more', { count: refusals.length - 100 })}
            </Text>
          )}
        </Alert>
      )}
      {other && <Alert color="red">{other}</Alert>}
    </Stack>
  );
}

/** An emission order to Честный ЗНАК (СУЗ): a GTIN and how many codes. */
function OrderCodesForm({ orderId, tnvedCode }: { orderId: number; tnvedCode: string }) {
  const { t } = useTranslation('marking');
  const order = useOrderCodes(orderId);
  const [gtin, setGtin] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const refusal = refusalOf(order.error);

  return (
    <Group
      gap="xs"
      align="flex-end"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        order.mutate(
          { tnvedCode, gtin: gtin.trim(), quantity: Number(quantity) },
          { onSuccess: () => notifySaved(t('emission.queued')) },
        );
      }}
    >
      <TextInput
        size="xs"
        label={t('emission.gtin')}
        value={gtin}
        onChange={(event) => setGtin(event.currentTarget.value)}
        error={refusal.field('gtin')}
        w={180}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <NumberInput
        size="xs"
        label={t('emission.quantity')}
        value={quantity}
        onChange={setQuantity}
        min={1}
        max={5000}
        allowDecimal={false}
        error={refusal.field('quantity')}
        w={120}
      />
      <Button size="xs" variant="light" type="submit" loading={order.isPending} disabled={!gtin.trim()}>
        {t('emission.action')}
      </Button>
      {order.error && !refusal.field('gtin') && !refusal.field('quantity') && (
        <Text size="sm" c="red">
          {refusal.all}
        </Text>
      )}
    </Group>
  );
}

function RequestsTable({ requests, lang }: { requests: MarkingRequest[]; lang: Lang }) {
  const { t } = useTranslation('marking');
  return (
    <Stack gap={6}>
      <Text fw={600}>{t('requests.title')}</Text>
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('requests.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="marking-requests">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('requests.kind')}</Table.Th>
                <Table.Th w={120}>{t('requests.state')}</Table.Th>
                <Table.Th w={90}>{t('requests.codes')}</Table.Th>
                <Table.Th w={80}>{t('requests.attempts')}</Table.Th>
                <Table.Th>{t('requests.error')}</Table.Th>
                <Table.Th w={150}>{t('requests.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>
                    {MARKING_REQUEST_KIND_LABELS[request.kind][lang]}
                    {request.gtin && (
                      <Text span c="dimmed" fz="xs" ff="monospace" ml={6}>
                        {request.gtin} × {request.quantity}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={requestStateColor(request)} tt="none">
                      {MARKING_REQUEST_STATE_LABELS[request.state][lang]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{request.codeCount || '—'}</Table.Td>
                  <Table.Td>{request.attempts}</Table.Td>
                  <Table.Td>
                    {request.error ? (
                      <Stack gap={0}>
                        <Text size="sm" c={request.state === 'failed' ? 'red.9' : 'orange.9'}>
                          {translateServerMessage(request.error)}
                        </Text>
                        {request.errorDetail && (
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {request.errorDetail}
                          </Text>
                        )}
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(request.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
