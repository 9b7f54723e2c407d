import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileDescription, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type HyperLot,
  type HyperRequest,
  lotRemovable,
  type RequestStatus,
  routeEndsText,
  TRANSPORT_TYPE_LABELS,
  type TransportType,
} from '@tms/domain';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { recordBlocks } from '../../platform/kit/EditableBlock';
import { errorText } from '../../platform/kit/errorText';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { FieldsView, ValueItem } from '../../platform/kit/ReadOnlyValues';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { DescribedField } from '../operations/fields';
import { routeBodyOf } from '../operations/logic';
import { HyperLotDialog } from './HyperLotDialog';
import { LotStatusBadge } from './HyperLotProgress';
import { HyperRequestHeader } from './HyperRequestHeader';
import {
  emptyLot,
  errorEntries,
  type HyperLotForm,
  type HyperRequestFormValues,
  hyperBodyOf,
  hyperFormValuesOf,
  withdrawnLots,
} from './hyperLogic';
import { creatorDefaultsOf } from './logic';

/** Only clients are offered. */
const CLIENTS_ONLY = { client: 'true' };

const span = { half: { base: 12, sm: 6 }, third: { base: 12, sm: 6, md: 4 } };

/** The lot being edited in the dialog: its place in the form (null: a lot being added). */
interface Editing {
  index: number | null;
  lot: HyperLotForm;
}

/**
 * The hyper request page: `/hyper-customer-requests/new` and `/{id}`: the tender and its client, and its
 * lots, each with its request (number, link, status); the progress by status over the title. A new tender
 * is one form; a saved one reads first, like a request: its blocks as text, each turned into its part of
 * the one form by Edit (`EditableBlock`). A lot is added in a dialog (route and cargo) and its request is
 * created on save; a saved lot may be renamed or taken out while its request has not moved on (a reason is
 * asked for the withdrawal).
 */
export function HyperRequestPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('hyperRequests');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const { record, state } = useRecord<HyperRequest>(descriptor);
  const current = record.data ?? null;
  const form = useForm<HyperRequestFormValues>({
    defaultValues: hyperFormValuesOf(null, creatorDefaultsOf(system.user)),
  });
  useRevealErrors(form);
  const { reset } = form;
  useEffect(() => {
    if (current) reset(hyperFormValuesOf(current));
  }, [current, reset]);
  /** The block of a saved tender turned into its form (null: the tender reads). */
  const [block, setBlock] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another tender starts reading
  useEffect(() => setBlock(null), [current?.id]);
  const { save, conflict, setConflict } = useRecordSave({
    descriptor,
    t: texts.t,
    record: current,
    form,
    onSaved: () => setBlock(null),
  });
  const lots = useFieldArray({ control: form.control, name: 'lots' });
  const lotValues = useWatch({ control: form.control, name: 'lots' }) ?? [];
  const [editing, setEditing] = useState<Editing | null>(null);
  const saved = useMemo(() => new Map((current?.lots ?? []).map((lot) => [lot.requestId, lot])), [current]);

  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={descriptor.path}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }

  const access = accessOf(descriptor, system.roles);
  const canWrite = current ? access.edit : access.create;
  // A lot is a request: adding one needs the right to create requests.
  const canAddLots = canWrite && hasRole(system, 'ROLE_REQUEST_CREATE');
  const withdrawing = withdrawnLots(current, lotValues).length > 0;
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const field = (name: string, options: { required?: boolean; query?: Record<string, string> } = {}) => (
    <DescribedField
      field={fields.get(name)}
      control={form.control}
      texts={texts}
      disabled={!canWrite}
      required={options.required}
      query={options.query}
    />
  );
  const lotErrors = form.formState.errors.lots;
  const lotsMessage = typeof lotErrors?.message === 'string' ? lotErrors.message : undefined;
  const errorsOfLot = (index: number) =>
    errorEntries(Array.isArray(lotErrors) ? lotErrors[index] : undefined);

  const submit = form.handleSubmit((values) => save.mutate(hyperBodyOf(values, current)));
  const apply = (lot: HyperLotForm) => {
    if (editing?.index == null) lots.append(lot);
    else {
      lots.update(editing.index, lot);
      form.clearErrors(`lots.${editing.index}`);
    }
    setEditing(null);
  };

  /** A block: on a new tender its inputs under the heading, on a saved one its values until Edit. */
  const section = recordBlocks({
    saved: current !== null,
    canWrite,
    saving: save.isPending,
    editing: block,
    setEditing: setBlock,
    reset: () => reset(hyperFormValuesOf(current)),
  });

  const lotsEditing = current === null || block === 'lots';
  const lotsTable = (editable: boolean) =>
    lots.fields.length === 0 ? (
      <Text c="dimmed" size="sm">
        {t('lots.none')}
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={980}>
        <Table withTableBorder verticalSpacing="xs" data-testid="lots-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th miw={280}>{t('lots.name')}</Table.Th>
              <Table.Th>{t('lots.request')}</Table.Th>
              <Table.Th>{t('lots.route')}</Table.Th>
              <Table.Th>{t('lots.transport')}</Table.Th>
              <Table.Th>{t('lots.cargo')}</Table.Th>
              <Table.Th miw={170}>{t('lots.status')}</Table.Th>
              {editable && <Table.Th w={80} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lots.fields.map((item, index) => {
              const value = lotValues[index] ?? item;
              const lot = value.requestId === null ? null : (saved.get(value.requestId) ?? null);
              return (
                <LotRow
                  key={item.id}
                  index={index}
                  value={value}
                  lot={lot}
                  control={form.control}
                  editable={editable}
                  errors={errorsOfLot(index)}
                  onEdit={() => setEditing({ index, lot: form.getValues(`lots.${index}`) })}
                  onRemove={() => lots.remove(index)}
                />
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const content = (
    <form noValidate onSubmit={submit} data-testid="hyper-request-form">
      <Stack gap="md">
        <FormAlerts
          texts={texts}
          conflict={conflict}
          rootError={form.formState.errors.root?.server?.message}
          onReload={() => {
            setConflict(false);
            void record.refetch();
          }}
        />
        {section(
          'tender',
          t('sections.tender'),
          current && (
            <Stack gap="sm">
              {/* The client by the name kept with the tender: its label may be out of the reader's reach. */}
              <ValueItem label={texts.label(fields.get('clientId')!)}>{current.clientName}</ValueItem>
              <FieldsView
                descriptor={descriptor}
                texts={texts}
                record={current}
                names={['name', 'tenderNumber', 'deadline', 'serviceOfficeId', 'sellerId', 'forwarderId']}
              />
              <ValueItem label={texts.label(fields.get('comment')!)}>{current.comment}</ValueItem>
            </Stack>
          ),
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>{field('name', { required: true })}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>{field('tenderNumber')}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {current ? (
                // The client stays (its lots are its requests): its name, whoever may read the client.
                <TextInput
                  id="field-clientId"
                  label={texts.label(fields.get('clientId')!)}
                  value={current.clientName}
                  readOnly
                  disabled
                />
              ) : (
                field('clientId', { required: true, query: canWrite ? CLIENTS_ONLY : undefined })
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>{field('deadline')}</Grid.Col>
            <Grid.Col span={span.third}>{field('serviceOfficeId')}</Grid.Col>
            <Grid.Col span={span.third}>{field('sellerId')}</Grid.Col>
            <Grid.Col span={span.third}>{field('forwarderId')}</Grid.Col>
            <Grid.Col span={12}>{field('comment')}</Grid.Col>
          </Grid>,
        )}
        {section(
          'lots',
          t('sections.lots'),
          !lotsEditing && lotsTable(false),
          <Stack gap="sm">
            {lotsMessage && (
              <Alert color="red" data-testid="lots-error">
                {translateServerMessage(lotsMessage)}
              </Alert>
            )}
            {lotsTable(canWrite)}
            {canAddLots && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() =>
                    setEditing({ index: null, lot: emptyLot(`${t('lots.name')} ${lots.fields.length + 1}`) })
                  }
                  data-testid="lot-add"
                >
                  {t('lots.add')}
                </Button>
              </Group>
            )}
            {withdrawing && (
              <Controller
                name="withdrawalReason"
                control={form.control}
                render={({ field: input, fieldState }) => (
                  <Textarea
                    id="field-withdrawalReason"
                    label={t('lots.withdrawalReason')}
                    description={t('lots.withdrawalHint')}
                    required
                    autosize
                    minRows={2}
                    value={input.value}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    error={errorText(fieldState.error)}
                  />
                )}
              />
            )}
          </Stack>,
        )}
        {current === null && (
          <RecordActionBar
            texts={texts}
            listPath={descriptor.path}
            canWrite={canWrite}
            saving={save.isPending}
            sticky
          />
        )}
      </Stack>
    </form>
  );

  return (
    <>
      <LeaveGuard dirty={form.formState.isDirty} />
      <RecordPage
        descriptor={descriptor}
        texts={texts}
        record={current}
        title={
          current ? (
            <>
              {t('item')} <span data-testid="hyper-request-number">{padId(current.number)}</span>
              <Text span c="dimmed" fw={400} ml="sm" inherit>
                {current.name}
              </Text>
            </>
          ) : (
            t('new')
          )
        }
        summary={current && <HyperRequestHeader descriptor={descriptor} hyper={current} />}
        tabs={[
          {
            value: 'main',
            label: t('tabs.main'),
            icon: <IconFileDescription size={14} />,
            testId: 'tab-main',
            content,
          },
        ]}
      >
        {editing && (
          <HyperLotDialog
            lot={editing.lot}
            isNew={editing.index === null}
            errors={editing.index === null ? [] : errorsOfLot(editing.index)}
            onClose={() => setEditing(null)}
            onApply={apply}
          />
        )}
      </RecordPage>
    </>
  );
}

interface LotRowProps {
  index: number;
  value: HyperLotForm;
  /** The saved lot with its request; null for a lot added since the last save. */
  lot: HyperLot | null;
  control: ReturnType<typeof useForm<HyperRequestFormValues>>['control'];
  /** The lots block is being edited: the name is an input and the row has its actions. */
  editable: boolean;
  errors: [string, string][];
  onEdit: () => void;
  onRemove: () => void;
}

/** One lot: its name (editable), its request (link and status) or "new", what it carries, its actions. */
function LotRow({ index, value, lot, control, editable, errors, onEdit, onRemove }: LotRowProps) {
  const { t, i18n } = useTranslation('hyperRequests');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const route = lot ? lot.route : routeEndsText(routeBodyOf(value.route));
  const types = (lot ? lot.transportTypes : value.transportTypes) as TransportType[];
  const cargo = lot ? lot.cargoDescription : value.cargo.description;
  const removable = !lot || lotRemovable(lot.status as RequestStatus);
  return (
    <>
      <Table.Tr data-testid={`lot-row-${index}`}>
        <Table.Td>{index + 1}</Table.Td>
        <Table.Td>
          {editable ? (
            <Controller
              name={`lots.${index}.name`}
              control={control}
              render={({ field }) => (
                <TextInput
                  size="sm"
                  aria-label={`${t('lots.name')} ${index + 1}`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          ) : (
            <Text size="sm">{value.name}</Text>
          )}
        </Table.Td>
        <Table.Td>
          {lot ? (
            <Anchor
              component={Link}
              to={`/requests/${lot.requestId}`}
              size="sm"
              aria-label={t('lots.openRequest', { number: padId(lot.number) })}
            >
              {padId(lot.number)}
            </Anchor>
          ) : (
            <Badge variant="outline" color="gray" radius="sm" tt="none" title={t('lots.newHint')}>
              {t('lots.new')}
            </Badge>
          )}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{route ?? '—'}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{types.map((type) => TRANSPORT_TYPE_LABELS[type]?.[lang] ?? type).join(', ')}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" lineClamp={2}>
            {cargo || '—'}
          </Text>
        </Table.Td>
        <Table.Td>{lot && <LotStatusBadge status={lot.status as RequestStatus} />}</Table.Td>
        {editable && (
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {!lot && (
                <ActionIcon
                  variant="subtle"
                  onClick={onEdit}
                  aria-label={t('lots.edit')}
                  title={t('lots.edit')}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                disabled={!removable}
                aria-label={t('lots.remove')}
                title={removable ? t('lots.remove') : t('lots.inProgress')}
                data-testid={`lot-remove-${index}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Table.Td>
        )}
      </Table.Tr>
      {errors.length > 0 && (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={editable ? 7 : 6}>
            <Text size="sm" c="red.8" data-testid={`lot-errors-${index}`}>
              {errors.map(([, message]) => translateServerMessage(message)).join(' ')}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
