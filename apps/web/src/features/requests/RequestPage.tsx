import { Alert, Checkbox, Grid, Group, Stack, Text } from '@mantine/core';
import { IconFileDescription, IconFiles, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type CustomerRequest,
  type CustomFieldDefinition,
  fieldRoleOf,
  REQUEST_FIELD_RULES,
  type RequestStatus,
  requestEditLock,
  TRANSPORT_TYPE_LABELS,
  TRANSPORT_TYPES,
} from '@tms/domain';
import { useEffect, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { recordBlocks } from '../../platform/kit/EditableBlock';
import { errorText } from '../../platform/kit/errorText';
import { FilesBlock } from '../../platform/kit/FilesBlock';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { CustomValueItems, FieldsView, ValueGrid, ValueItem } from '../../platform/kit/ReadOnlyValues';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { CustomFieldsForm } from '../../platform/widgets/custom-fields';
import { CargoEditor } from '../operations/CargoEditor';
import { DescribedField } from '../operations/fields';
import { CARGO_MEASURE_ERROR } from '../operations/logic';
import { CargoView, RouteView } from '../operations/ReadOnlyViews';
import { RouteEditor } from '../operations/RouteEditor';
import { ComputedPriceAction } from '../pricing/ComputedPrice';
import { workflowBlocks } from '../workflows/recordBlocks';
import {
  creatorDefaultsOf,
  type RequestFormValues,
  requestBodyOf,
  requestFormValuesOf,
  requestPathOf,
} from './logic';
import { requestOfferTabs } from './offerTabs';
import { RequestHeader } from './RequestHeader';
import { CreateOrderAction } from './RequestOrders';
import { RequestStatusMenu } from './RequestStatusMenu';

/**
 * Only clients are offered; a locked form's disabled select loads no options, so it goes without the
 * filter and shows the saved client's name as the other references do.
 */
const CLIENTS_ONLY = { client: 'true' };

const span = { third: { base: 12, sm: 6, md: 4 }, half: { base: 12, sm: 6 } };

/** The custom fields of requests (`/custom-fields/customer-request`), for the form and the view. */
function useRequestCustomFields() {
  return useQuery({
    queryKey: ['requests', 'custom-fields'],
    queryFn: ({ signal }) =>
      api.get<CustomFieldDefinition[]>('/requests/custom-fields', { signal, cache: true }),
  });
}

/**
 * The request page: `/requests/new` and `/requests/{id}`, a customs request's `/requests/customs/new` and
 * `/requests/customs/{id}`. A new request is one form; a saved one reads first, like an order: a summary
 * header with its statuses and orders, then its blocks as text, each turned into its part of the one form
 * by Edit (`EditableBlock`), and its files. NO_SERVICE locks it.
 */
export function RequestPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('requests');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const location = useLocation();
  const { record, state } = useRecord<CustomerRequest>(descriptor);
  const current = record.data ?? null;
  const customs = current ? current.customs : location.pathname.startsWith('/requests/customs/');
  const definitions = useRequestCustomFields().data ?? [];
  const form = useForm<RequestFormValues>({
    defaultValues: requestFormValuesOf(null, creatorDefaultsOf(system.user)),
  });
  useRevealErrors(form);
  const { reset } = form;
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => {
    if (current) reset(requestFormValuesOf(current));
  }, [current, reset]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another request starts reading
  useEffect(() => setEditing(null), [current?.id]);
  const { save, conflict, setConflict } = useRecordSave({
    descriptor,
    t: texts.t,
    record: current,
    form,
    onSaved: () => setEditing(null),
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
  // A customs request lives at its own address, whichever link led here.
  if (current && location.pathname !== requestPathOf(current)) {
    return <Navigate to={requestPathOf(current)} replace />;
  }

  const access = accessOf(descriptor, system.roles);
  const lock = current ? requestEditLock(current.status as RequestStatus) : null;
  const canWrite = (current ? access.edit : access.create) && lock === null;
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const disabled = (name: string) => {
    if (!canWrite) return true;
    const role = fieldRoleOf(REQUEST_FIELD_RULES, name, current ? {} : null);
    return role !== undefined && !hasRole(system, role);
  };
  const field = (name: string, required = false, query?: Record<string, string>) => (
    <DescribedField
      field={fields.get(name)}
      control={form.control}
      texts={texts}
      disabled={disabled(name)}
      required={required}
      query={query}
    />
  );
  const view = (names: readonly string[]) =>
    current && <FieldsView descriptor={descriptor} texts={texts} record={current} names={names} />;

  const submit = form.handleSubmit((values) => {
    const { body, invalid } = requestBodyOf(values, customs, current === null);
    if (invalid.length > 0) {
      for (const name of invalid)
        form.setError(`cargo.${name}`, {
          type: 'client',
          message: translateServerMessage(CARGO_MEASURE_ERROR),
        });
      return;
    }
    save.mutate(body);
  });

  /** A block: on a new request its inputs under the heading, on a saved one its values until Edit. */
  const block = recordBlocks({
    saved: current !== null,
    canWrite,
    saving: save.isPending,
    editing: editing,
    setEditing: setEditing,
    reset: () => reset(requestFormValuesOf(current)),
  });

  const blocks = [
    block(
      'client',
      t('sections.client'),
      // The client by the name kept with the request: its reference label may be out of the reader's reach.
      current && (
        <Stack gap="sm">
          <ValueItem label={t('fields.clientId')}>{current.clientName}</ValueItem>
          {view(['serviceOfficeId', 'sellerId', 'substituteId', 'forwarderId'])}
        </Stack>
      ),
      <Grid gap="md">
        <Grid.Col span={span.half}>{field('clientId', true, canWrite ? CLIENTS_ONLY : undefined)}</Grid.Col>
        <Grid.Col span={span.half}>{field('serviceOfficeId')}</Grid.Col>
        <Grid.Col span={span.third}>{field('sellerId')}</Grid.Col>
        <Grid.Col span={span.third}>{field('substituteId')}</Grid.Col>
        <Grid.Col span={span.third}>{field('forwarderId')}</Grid.Col>
      </Grid>,
    ),
    block(
      'wanted',
      t('sections.wanted'),
      current && (
        <Stack gap="sm">
          <TransportTypesText types={current.transportTypes} label={t('fields.transportTypes')} />
          {view(['serviceIds', 'complexMark'])}
        </Stack>
      ),
      <Stack gap="md">
        <TransportTypesInput
          control={form.control}
          disabled={!canWrite}
          label={t('fields.transportTypes')}
          withNone={customs}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>{field('serviceIds')}</Grid.Col>
          <Grid.Col span={span.third}>{field('complexMark')}</Grid.Col>
        </Grid>
      </Stack>,
    ),
    customs &&
      block(
        'customs',
        t('sections.customs'),
        view(['declarantId', 'customsSpecialistId', 'tnvedComment']),
        <Grid gap="md">
          <Grid.Col span={span.half}>{field('declarantId')}</Grid.Col>
          <Grid.Col span={span.half}>{field('customsSpecialistId')}</Grid.Col>
          <Grid.Col span={12}>{field('tnvedComment')}</Grid.Col>
        </Grid>,
      ),
    block(
      'route',
      t('sections.route'),
      current && <RouteView route={current.route} />,
      <RouteEditor
        control={form.control as unknown as Control<Pick<RequestFormValues, 'route'>>}
        disabled={!canWrite}
      />,
    ),
    block(
      'cargo',
      t('sections.cargo'),
      current && <CargoView cargo={current.cargo} />,
      <CargoEditor
        control={form.control as unknown as Control<Pick<RequestFormValues, 'cargo'>>}
        disabled={!canWrite}
      />,
    ),
    definitions.length > 0 &&
      block(
        'customFields',
        t('sections.customFields'),
        current && (
          <ValueGrid>
            <CustomValueItems definitions={definitions} values={current.customFields} />
          </ValueGrid>
        ),
        <CustomFieldsForm definitions={definitions} control={form.control} disabled={!canWrite} />,
      ),
    block(
      'comments',
      t('sections.comments'),
      view(customs ? ['executionComment'] : ['executionComment', 'tnvedComment']),
      <Grid gap="md">
        <Grid.Col span={customs ? 12 : span.half}>{field('executionComment')}</Grid.Col>
        {!customs && <Grid.Col span={span.half}>{field('tnvedComment')}</Grid.Col>}
      </Grid>,
    ),
  ];

  const content = (
    <form noValidate onSubmit={submit} data-testid="request-form">
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
        {lock && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="request-lock">
            {translateServerMessage(lock)}
          </Alert>
        )}
        {blocks}
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

  const itemTitle = customs ? t('customs.item') : t('item');
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
              {itemTitle} <span data-testid="request-number">{padId(current.number)}</span>
              <Text span c="dimmed" fw={400} ml="sm" inherit>
                {current.clientName}
              </Text>
            </>
          ) : customs ? (
            t('customs.new')
          ) : (
            t('new')
          )
        }
        actions={
          current && (
            <>
              <ComputedPriceAction request={current} />
              <CreateOrderAction request={current} />
            </>
          )
        }
        summary={
          current && (
            <RequestHeader
              descriptor={descriptor}
              request={current}
              statuses={
                <RequestStatusMenu
                  descriptor={descriptor}
                  texts={texts}
                  request={current}
                  stale={record.isFetching}
                />
              }
            />
          )
        }
        tabs={[
          {
            value: 'main',
            label: t('tabs.main'),
            icon: <IconFileDescription size={14} />,
            testId: 'tab-main',
            content,
          },
          ...(current
            ? [
                {
                  value: 'files',
                  label: t('tabs.files'),
                  icon: <IconFiles size={14} />,
                  testId: 'tab-files',
                  content: (
                    <FilesBlock
                      url={`/requests/${current.id}/files`}
                      queryKey={[...resourceKey(descriptor), 'files', current.id]}
                      canEdit={access.edit}
                      lockedText={lock ? translateServerMessage(lock) : undefined}
                      testId="request-files"
                    />
                  ),
                },
              ]
            : []),
          ...requestOfferTabs(current, canWrite),
          ...(current ? workflowBlocks('request', current.id) : []),
        ]}
      />
    </>
  );
}

/** The transport types wanted as text. */
function TransportTypesText({ types, label }: { types: readonly string[]; label: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <ValueItem label={label}>
      {types
        .map((type) => TRANSPORT_TYPE_LABELS[type as keyof typeof TRANSPORT_TYPE_LABELS]?.[lang] ?? type)
        .join(', ')}
    </ValueItem>
  );
}

/**
 * The transport types wanted, one checkbox each ("at least one transport type" is the server's); a customs
 * request may want no transport at all.
 */
function TransportTypesInput({
  control,
  disabled,
  label,
  withNone,
}: {
  control: Control<RequestFormValues>;
  disabled: boolean;
  label: string;
  withNone: boolean;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <Controller
      name="transportTypes"
      control={control}
      render={({ field, fieldState }) => (
        <Checkbox.Group
          id="field-transportTypes"
          label={label}
          required
          value={field.value}
          onChange={(value) => field.onChange(value)}
          error={errorText(fieldState.error)}
        >
          <Group gap="md" mt={6}>
            {TRANSPORT_TYPES.filter((type) => withNone || type !== 'none').map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={TRANSPORT_TYPE_LABELS[type][lang]}
                disabled={disabled}
              />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}
