import { Alert, Checkbox, Grid, Group, Stack, Text } from '@mantine/core';
import { IconFileDescription, IconLock } from '@tabler/icons-react';
import {
  type CustomerRequest,
  fieldRoleOf,
  REQUEST_FIELD_RULES,
  type RequestStatus,
  requestEditLock,
  TRANSPORT_TYPE_LABELS,
  TRANSPORT_TYPES,
} from '@tms/domain';
import { useEffect } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { errorText } from '../../platform/kit/errorText';
import { FormSection } from '../../platform/kit/FormSection';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { CargoEditor } from '../operations/CargoEditor';
import { DescribedField } from '../operations/fields';
import { CARGO_MEASURE_ERROR } from '../operations/logic';
import { RouteEditor } from '../operations/RouteEditor';
import { ComputedPriceAction } from '../pricing/ComputedPrice';
import { type RequestFormValues, requestBodyOf, requestFormValuesOf } from './logic';
import { requestOfferTabs } from './offerTabs';
import { CreateOrderAction, RequestOrders } from './RequestOrders';
import { RequestStatusMenu } from './RequestStatusMenu';

/**
 * Only clients are offered; a locked form's disabled select loads no options, so it goes without the
 * filter and shows the saved client's name as the other references do.
 */
const CLIENTS_ONLY = { client: 'true' };

const span = { third: { base: 12, sm: 6, md: 4 }, half: { base: 12, sm: 6 } };

/**
 * The request page: `/requests/new` and `/requests/{id}`, one form with the client and the people, what
 * the client wants, the route and cargo (the operations' editors) and the comments; the saved request
 * shows its operational status menu, its orders with the way to a new one, and its history. NO_SERVICE
 * locks the form.
 */
export function RequestPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('requests');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const { id, record } = useRecord<CustomerRequest>(descriptor);
  const current = record.data ?? null;
  const form = useForm<RequestFormValues>({ defaultValues: requestFormValuesOf(null, system.user.id) });
  useRevealErrors(form);
  const { reset } = form;
  useEffect(() => {
    if (current) reset(requestFormValuesOf(current));
  }, [current, reset]);
  const { save, conflict, setConflict } = useRecordSave({ descriptor, t: texts.t, record: current, form });

  const notFound = Number.isNaN(id) || (record.error as { status?: number } | null)?.status === 404;
  if (notFound || (id !== null && !current)) {
    return <RecordPlaceholder notFound={notFound} texts={texts} path={descriptor.path} />;
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

  const submit = form.handleSubmit((values) => {
    const { body, invalid } = requestBodyOf(values);
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
        <FormSection title={t('sections.client')} testId="section-client">
          <Grid gap="md">
            <Grid.Col span={span.half}>
              {field('clientId', true, canWrite ? CLIENTS_ONLY : undefined)}
            </Grid.Col>
            <Grid.Col span={span.half}>{field('serviceOfficeId')}</Grid.Col>
            <Grid.Col span={span.half}>{field('sellerId')}</Grid.Col>
            <Grid.Col span={span.half}>{field('forwarderId')}</Grid.Col>
          </Grid>
        </FormSection>
        <FormSection title={t('sections.wanted')} testId="section-wanted">
          <Stack gap="md">
            <TransportTypesInput
              control={form.control}
              disabled={!canWrite}
              label={t('fields.transportTypes')}
            />
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 8 }}>{field('serviceIds')}</Grid.Col>
              <Grid.Col span={span.third}>{field('complexMark')}</Grid.Col>
            </Grid>
          </Stack>
        </FormSection>
        <FormSection title={t('sections.route')} testId="section-route">
          <RouteEditor
            control={form.control as unknown as Control<Pick<RequestFormValues, 'route'>>}
            disabled={!canWrite}
          />
        </FormSection>
        <FormSection title={t('sections.cargo')} testId="section-cargo">
          <CargoEditor
            control={form.control as unknown as Control<Pick<RequestFormValues, 'cargo'>>}
            disabled={!canWrite}
          />
        </FormSection>
        <FormSection title={t('sections.comments')} testId="section-comments">
          <Grid gap="md">
            <Grid.Col span={span.half}>{field('executionComment')}</Grid.Col>
            <Grid.Col span={span.half}>{field('tnvedComment')}</Grid.Col>
          </Grid>
        </FormSection>
        <RecordActionBar
          texts={texts}
          listPath={descriptor.path}
          canWrite={canWrite}
          saving={save.isPending}
          sticky
        />
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
              {t('item')} <span data-testid="request-number">{padId(current.number)}</span>
              <Text span c="dimmed" fw={400} ml="sm" inherit>
                {current.clientName}
              </Text>
            </>
          ) : (
            t('new')
          )
        }
        actions={current && <CreateOrderAction request={current} />}
        summary={
          current && (
            <Stack gap={4}>
              <Group gap="sm">
                <RequestStatusMenu
                  descriptor={descriptor}
                  texts={texts}
                  request={current}
                  stale={record.isFetching}
                />
                {current.statusReason && (
                  <Text size="sm" c="dimmed" data-testid="request-status-reason">
                    {t('status.reason')}: {current.statusReason}
                  </Text>
                )}
              </Group>
              <RequestOrders request={current} />
              <ComputedPriceAction request={current} />
            </Stack>
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
          ...requestOfferTabs(current, canWrite),
        ]}
      />
    </>
  );
}

/** The transport types wanted, one checkbox each ("at least one transport type" is the server's). */
function TransportTypesInput({
  control,
  disabled,
  label,
}: {
  control: Control<RequestFormValues>;
  disabled: boolean;
  label: string;
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
            {TRANSPORT_TYPES.filter((type) => type !== 'none').map((type) => (
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
