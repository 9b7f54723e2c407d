import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileDescription, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONTROL_KIND_LABELS,
  type ControlKind,
  type CustomsDeclaration,
  DECISION_CODE_LABELS,
  DECLARATION_DIRECTION_LABELS,
  DECLARATION_MOVE_LABELS,
  DECLARATION_STATUS_LABELS,
  DECLARATION_STATUS_ROLE,
  type DeclarationMove,
  type DeclarationStatus,
  declarationMovesFrom,
  type FieldDescriptor,
} from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { type Control, Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../platform/api/client';
import { hasRole } from '../../../platform/auth/access';
import { useSystemData } from '../../../platform/auth/system';
import { formatDate, formatDateTime, formatDecimal, padId } from '../../../platform/format';
import { refusalOf } from '../../../platform/kit/blocks';
import { EditableBlock } from '../../../platform/kit/EditableBlock';
import { errorText } from '../../../platform/kit/errorText';
import { FormSection } from '../../../platform/kit/FormSection';
import { LeaveGuard } from '../../../platform/kit/LeaveGuard';
import { FieldsView, ValueGrid, ValueItem } from '../../../platform/kit/ReadOnlyValues';
import { RecordActionBar } from '../../../platform/kit/RecordActionBar';
import { HeaderCell, HeaderParties, RecordHeader } from '../../../platform/kit/RecordHeader';
import { useRevealErrors } from '../../../platform/kit/revealErrors';
import { StatusMenuBar } from '../../../platform/kit/StatusMenu';
import type { ResourceScreenProps } from '../../../platform/resources';
import { accessOf, bodyOf, formValuesOf } from '../../../platform/resources/logic';
import { FormAlerts, RecordPage, RecordPlaceholder, useRecord } from '../../../platform/resources/RecordPage';
import { resourceKey } from '../../../platform/resources/ResourceList';
import { useReferenceLabels } from '../../../platform/resources/references';
import { useResourceTexts } from '../../../platform/resources/texts';
import { useRecordSave } from '../../../platform/resources/useRecordSave';
import { notify, notifySaved } from '../../../platform/snackbar';
import { DescribedField } from '../../operations/fields';
import {
  declarationTitle,
  emptyItem,
  hoursAndMinutes,
  type ItemForm,
  itemFormOf,
  itemsBodyOf,
  STATUS_COLORS,
  tnvedPrinted,
} from './logic';
import { MoveDialog } from './MoveDialog';

type FormValues = Record<string, unknown> & { items: ItemForm[] };

const MAIN_FIELDS = [
  'orderId',
  'requestId',
  'direction',
  'procedureCode',
  'customsPointId',
  'bondedTerminal',
  'releaseCondition',
  'customsObject',
  'inspectionMode',
];
const HEADER_FIELDS = ['orderId', 'customsPointId', 'declarantId', 'customsSpecialistId'] as const;

const valuesOf = (
  descriptor: ResourceScreenProps['descriptor'],
  record: CustomsDeclaration | null,
): FormValues => ({
  ...formValuesOf(descriptor, record),
  items: (record?.items ?? []).map(itemFormOf),
});

/**
 * The declaration page `/tms/customs/{id}` (and `/new`): read first like an order's, a summary header
 * (order, client, customs point, procedure, people) with the status whose menu enters customs' messages,
 * then the blocks as text, each turned into its part of the one form by Edit. A draft edits everything; a
 * filed declaration only its people and comment (the rest moves by customs' messages).
 */
export function DeclarationPage({ descriptor }: ResourceScreenProps) {
  const { t, i18n } = useTranslation('customsDeclarations');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const client = useQueryClient();
  const { record, state } = useRecord<CustomsDeclaration>(descriptor);
  const current = record.data ?? null;
  // Weights and values as decimal text in the reader's separators, never through a float.
  const decimal = (value: number | string | null | undefined) => formatDecimal(value, i18n.language) || '—';
  const form = useForm<FormValues>({ defaultValues: valuesOf(descriptor, null) });
  useRevealErrors(form);
  const { reset } = form;
  useEffect(() => {
    if (current) reset(valuesOf(descriptor, current));
  }, [current, descriptor, reset]);
  const [block, setBlock] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another declaration starts reading
  useEffect(() => setBlock(null), [current?.id]);
  const [moving, setMoving] = useState<DeclarationMove | null>(null);
  const { save, conflict, setConflict } = useRecordSave({
    descriptor,
    t: texts.t,
    record: current,
    form,
    onSaved: () => setBlock(null),
  });
  // The items' part of the form, typed on its own (the other members are the descriptor's, untyped here).
  const itemsControl = form.control as unknown as Control<{ items: ItemForm[] }>;
  const items = useFieldArray({ control: itemsControl, name: 'items' });
  const headerFields = HEADER_FIELDS.map((name) => descriptor.fields.find((f) => f.name === name)).filter(
    (field): field is FieldDescriptor => field !== undefined,
  );
  const labels = useReferenceLabels(headerFields, current ? [current] : []);
  const accept = useMutation({
    mutationFn: (as: 'declarant' | 'specialist') =>
      api.post<CustomsDeclaration>(
        `${descriptor.path}/${current!.id}/accept`,
        { as, version: current!.version },
        { suppressPopup: true },
      ),
    onError: (error) => notify({ text: refusalOf(error).all ?? '', color: 'error' }),
    onSuccess: async (saved) => {
      notifySaved(t('people.accept'));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    },
  });

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
  const status = (current?.status ?? 'DRAFT') as DeclarationStatus;
  const draft = status === 'DRAFT';
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const field = (name: string, options: { required?: boolean; disabled?: boolean } = {}) => (
    <DescribedField
      field={fields.get(name)}
      control={form.control}
      texts={texts}
      disabled={!canWrite || options.disabled === true}
      required={options.required}
    />
  );
  const label = (name: (typeof HEADER_FIELDS)[number]) => {
    const described = fields.get(name);
    const value = current?.[name];
    return described && value !== null && value !== undefined ? labels(described, value) : '';
  };
  const submit = form.handleSubmit((values) =>
    save.mutate({ ...bodyOf(descriptor, values), items: itemsBodyOf(values.items) }),
  );

  /** A block: on a new declaration its inputs under the heading, on a saved one its values until Edit. */
  const section = (name: string, title: string, editable: boolean, shown: ReactNode, inputs: ReactNode) =>
    current === null ? (
      <FormSection key={name} title={title} testId={`section-${name}`}>
        {inputs}
      </FormSection>
    ) : (
      <EditableBlock
        key={name}
        name={name}
        title={title}
        testId={`section-${name}`}
        editing={canWrite && editable && block === name}
        canEdit={canWrite && editable && block === null}
        saving={save.isPending}
        onEdit={() => setBlock(name)}
        onCancel={() => {
          setBlock(null);
          reset(valuesOf(descriptor, current));
        }}
        view={shown}
      >
        {inputs}
      </EditableBlock>
    );

  const itemsEditing = current === null || block === 'items';
  const itemErrors = form.formState.errors.items;
  const itemsTable = (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder verticalSpacing="xs" data-testid="items-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th w={170}>{t('items.tnvedCode')}</Table.Th>
            <Table.Th>{t('items.description')}</Table.Th>
            <Table.Th w={120} ta="right">
              {t('items.grossWeight')}
            </Table.Th>
            <Table.Th w={120} ta="right">
              {t('items.netWeight')}
            </Table.Th>
            <Table.Th w={150} ta="right">
              {t('items.customsValue')}
            </Table.Th>
            {itemsEditing && <Table.Th w={50} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {itemsEditing
            ? items.fields.map((item, index) => {
                const errors = Array.isArray(itemErrors) ? itemErrors[index] : undefined;
                return (
                  <Table.Tr key={item.id} data-testid={`item-row-${index}`}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      <Controller
                        name={`items.${index}.tnvedCode`}
                        control={itemsControl}
                        render={({ field: input }) => (
                          <TextInput
                            size="sm"
                            aria-label={`${t('items.tnvedCode')} ${index + 1}`}
                            placeholder={t('items.tnvedHint')}
                            inputMode="numeric"
                            value={input.value}
                            onChange={input.onChange}
                            error={errorText(errors?.tnvedCode)}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        name={`items.${index}.description`}
                        control={itemsControl}
                        render={({ field: input }) => (
                          <TextInput
                            size="sm"
                            aria-label={`${t('items.description')} ${index + 1}`}
                            value={input.value}
                            onChange={input.onChange}
                            error={errorText(errors?.description)}
                          />
                        )}
                      />
                    </Table.Td>
                    {(['grossWeight', 'netWeight'] as const).map((name) => (
                      <Table.Td key={name}>
                        <Controller
                          name={`items.${index}.${name}`}
                          control={itemsControl}
                          render={({ field: input }) => (
                            <NumberInput
                              size="sm"
                              aria-label={`${t(`items.${name}`)} ${index + 1}`}
                              min={0}
                              decimalScale={3}
                              hideControls
                              value={input.value}
                              onChange={input.onChange}
                              error={errorText(errors?.[name])}
                            />
                          )}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Controller
                        name={`items.${index}.customsValue`}
                        control={itemsControl}
                        render={({ field: input }) => (
                          <TextInput
                            size="sm"
                            aria-label={`${t('items.customsValue')} ${index + 1}`}
                            inputMode="decimal"
                            value={input.value}
                            onChange={input.onChange}
                            error={errorText(errors?.customsValue)}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => items.remove(index)}
                        aria-label={`${t('items.remove')} ${index + 1}`}
                        title={t('items.remove')}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            : (current?.items ?? []).map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a saved declaration's items are read in their order
                <Table.Tr key={`${item.tnvedCode}-${index}`} data-testid={`item-row-${index}`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td ff="monospace">{tnvedPrinted(item.tnvedCode)}</Table.Td>
                  <Table.Td>
                    {item.description}
                    {item.markingCodes?.length ? (
                      <Text size="xs" c="dimmed" data-testid={`item-marking-${index}`}>
                        {t('items.markingCodes', { count: item.markingCodes.length })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{decimal(item.grossWeight)}</Table.Td>
                  <Table.Td ta="right">{decimal(item.netWeight)}</Table.Td>
                  <Table.Td ta="right">{decimal(item.customsValue)}</Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const itemCount = itemsEditing ? items.fields.length : (current?.items.length ?? 0);

  const people = current && (
    <Stack gap="sm">
      <ValueGrid>
        {(['declarant', 'specialist'] as const).map((as) => {
          const name = as === 'declarant' ? 'declarantId' : 'customsSpecialistId';
          const acceptedAt =
            as === 'declarant' ? current.declarantAcceptedAt : current.customsSpecialistAcceptedAt;
          const named = current[name];
          const role =
            as === 'declarant'
              ? 'ROLE_ORDER_DECLARANT_ACCEPTANCE'
              : 'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE';
          const mayAccept =
            !acceptedAt && (named === null || named === system.user.id) && hasRole(system, role);
          return (
            <ValueItem key={as} label={texts.label(fields.get(name)!)}>
              <Group gap="xs" component="span" wrap="nowrap">
                <span>{label(name) || t('people.nobody')}</span>
                {named !== null && (
                  <Text span size="xs" c={acceptedAt ? 'teal.9' : 'dimmed'}>
                    {acceptedAt
                      ? t('people.accepted', { date: formatDateTime(acceptedAt) })
                      : t('people.notAccepted')}
                  </Text>
                )}
                {mayAccept && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={accept.isPending}
                    onClick={() => accept.mutate(as)}
                    data-testid={`accept-${as}`}
                  >
                    {t('people.accept')}
                  </Button>
                )}
              </Group>
            </ValueItem>
          );
        })}
        <ValueItem label={texts.label(fields.get('comment')!)}>{current.comment}</ValueItem>
      </ValueGrid>
    </Stack>
  );

  const timeline = current && (
    <ValueGrid>
      <ValueItem label={t('timeline.created')}>{formatDateTime(current.createdAt)}</ValueItem>
      <ValueItem label={t('timeline.submittedAt')}>{formatDateTime(current.submittedAt)}</ValueItem>
      <ValueItem label={t('timeline.registeredAt')}>{formatDateTime(current.registeredAt)}</ValueItem>
      <ValueItem label={t('timeline.decisionAt')}>
        {current.decisionAt &&
          `${formatDateTime(current.decisionAt)}${
            current.decisionCode
              ? ` · ${DECISION_CODE_LABELS[current.decisionCode]?.[lang] ?? current.decisionCode}`
              : ''
          }`}
      </ValueItem>
      <ValueItem label={t('timeline.releaseMinutes')}>
        {current.releaseMinutes !== null && t('minutes', hoursAndMinutes(current.releaseMinutes))}
      </ValueItem>
    </ValueGrid>
  );

  const content = (
    <form noValidate onSubmit={submit} data-testid="declaration-form">
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
          'main',
          t('sections.main'),
          draft,
          current && (
            <FieldsView descriptor={descriptor} texts={texts} record={current} names={MAIN_FIELDS} />
          ),
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>{field('orderId', { required: true })}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>{field('requestId')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              {field('customsPointId', { required: true })}
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>{field('direction', { required: true })}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>{field('procedureCode', { required: true })}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>{field('bondedTerminal')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{field('releaseCondition')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{field('customsObject')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{field('inspectionMode')}</Grid.Col>
          </Grid>,
        )}
        {section(
          'people',
          t('sections.people'),
          true,
          people,
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>{field('declarantId')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>{field('customsSpecialistId')}</Grid.Col>
            <Grid.Col span={12}>{field('comment')}</Grid.Col>
          </Grid>,
        )}
        {section(
          'items',
          `${t('sections.items')} (${itemCount})`,
          draft,
          itemCount === 0 ? (
            <Text c="dimmed" size="sm">
              {t('items.none')}
            </Text>
          ) : (
            itemsTable
          ),
          <Stack gap="sm">
            {items.fields.length > 0 ? (
              itemsTable
            ) : (
              <Text c="dimmed" size="sm">
                {t('items.none')}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => items.append(emptyItem())}
                disabled={!canWrite}
                data-testid="item-add"
              >
                {t('items.add')}
              </Button>
            </Group>
          </Stack>,
        )}
        {current && (
          <FormSection title={t('sections.timeline')} testId="section-timeline">
            {timeline}
          </FormSection>
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

  const moves =
    current && hasRole(system, [DECLARATION_STATUS_ROLE, 'ROLE_CUSTOMS_DECLARATION_EDIT'])
      ? declarationMovesFrom(status).filter(
          (move) => move === 'submit' || hasRole(system, DECLARATION_STATUS_ROLE),
        )
      : [];
  const statusField = fields.get('status')!;
  const header = current && (
    <RecordHeader
      testId="declaration-header"
      statuses={
        <Group gap="xs">
          <StatusMenuBar
            label={texts.label(statusField)}
            changeTo={t('moves.title')}
            loading={false}
            busy={record.isFetching}
            items={[
              {
                kind: 'declaration',
                label: texts.label(statusField),
                value: status,
                valueLabel: DECLARATION_STATUS_LABELS[status][lang],
                color: STATUS_COLORS[status],
                choices: moves.map((move) => ({
                  value: move,
                  label: DECLARATION_MOVE_LABELS[move][lang],
                  onSelect: () => setMoving(move),
                })),
              },
            ]}
          />
          {current.controlKind && (
            <Badge variant="light" color="violet" tt="none" radius="sm" data-testid="control-kind">
              {CONTROL_KIND_LABELS[current.controlKind as ControlKind][lang]}
            </Badge>
          )}
          {current.decisionCode && (
            <Text size="sm" c="dimmed" data-testid="decision-code">
              {DECISION_CODE_LABELS[current.decisionCode]?.[lang] ?? current.decisionCode}
            </Text>
          )}
        </Group>
      }
    >
      <HeaderCell label={t('header.order')} testId="header-order">
        <Anchor component={Link} to={`/tms/orders/${current.orderId}`} size="sm" fw={600}>
          {label('orderId') ? padId(label('orderId')) : padId(current.orderId)}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {current.clientName}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('header.point')} testId="header-point">
        <Text size="sm" fw={600} truncate>
          {label('customsPointId')}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {current.bondedTerminal}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('header.procedure')} testId="header-procedure">
        <Text size="sm" fw={600}>
          {DECLARATION_DIRECTION_LABELS[current.direction][lang]} {current.procedureCode}
        </Text>
        <Text size="xs" c="dimmed">
          {current.registrationDate ? formatDate(current.registrationDate) : ''}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('sections.people')} testId="header-people">
        <HeaderParties
          entries={[
            [texts.label(fields.get('declarantId')!), label('declarantId')],
            // The customs auto-assignment rule that chose the declarant (docs/assignment.md).
            [texts.label(fields.get('declarantRuleName')!), current.declarantRuleName ?? ''],
            [texts.label(fields.get('customsSpecialistId')!), label('customsSpecialistId')],
            // The customs auto-assignment rule that chose the specialist (docs/assignment.md).
            [texts.label(fields.get('assignmentRuleName')!), current.assignmentRuleName ?? ''],
          ]}
        />
      </HeaderCell>
    </RecordHeader>
  );

  return (
    <>
      <LeaveGuard dirty={form.formState.isDirty} />
      <RecordPage
        descriptor={descriptor}
        texts={texts}
        record={current}
        crumb={current?.number}
        title={
          current ? (
            <>
              {current.number ? t('item') : t('draftTitle')}{' '}
              <span data-testid="declaration-number">{declarationTitle(current)}</span>
            </>
          ) : (
            t('new')
          )
        }
        summary={header}
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
        {moving && current && (
          <MoveDialog
            descriptor={descriptor}
            declaration={current}
            move={moving}
            onClose={() => setMoving(null)}
          />
        )}
      </RecordPage>
    </>
  );
}
