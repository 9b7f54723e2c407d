import { Anchor, Button, Grid, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconFileDescription,
  IconReceipt,
  IconSend,
} from '@tabler/icons-react';
import {
  CARGO_INSURANCE_STATUS_LABELS,
  type CargoInsuranceStatus,
  CLAIM_ROLES,
  type FieldDescriptor,
  INSURANCE_MOVE_ROLES,
  type InsuranceCertificate,
  insuranceClaimResource,
  insuranceMovesFrom,
} from '@tms/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { download } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatDateTime, formatDecimal, padId } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { EditableBlock } from '../../platform/kit/EditableBlock';
import { FormSection } from '../../platform/kit/FormSection';
import { LeaveGuard } from '../../platform/kit/LeaveGuard';
import { FieldsView, ValueGrid, ValueItem } from '../../platform/kit/ReadOnlyValues';
import { RecordActionBar } from '../../platform/kit/RecordActionBar';
import { HeaderCell, RecordHeader } from '../../platform/kit/RecordHeader';
import { useRevealErrors } from '../../platform/kit/revealErrors';
import { StatusMenuBar } from '../../platform/kit/StatusMenu';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, bodyOf, formValuesOf } from '../../platform/resources/logic';
import { FormAlerts, RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { useReferenceLabels } from '../../platform/resources/references';
import { SubResourceList } from '../../platform/resources/SubResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { useRecordSave } from '../../platform/resources/useRecordSave';
import { DescribedField } from '../operations/fields';
import { certificateTitle, STATUS_COLORS } from './logic';
import { type CertificateAction, MoveDialog } from './MoveDialog';

type FormValues = Record<string, unknown>;

const DETAIL_FIELDS = [
  'policyId',
  'amountBasis',
  'insuredValue',
  'valueCurrencyId',
  'periodFrom',
  'periodTo',
  'issueDate',
  'rate',
  'deductible',
  'exchangeRate',
  'insuredAmount',
  'premium',
];
/** Where the application stands with a linked insurer (docs/insurance.md "Insurer link"). */
const INSURER_FIELDS = [
  'insurerState',
  'insurerApplicationId',
  'insurerAttempts',
  'insurerError',
  'insurerNextAttemptAt',
];
const INFORMATION_FIELDS = [
  'insuredName',
  'insuredAddress',
  'cargoDescription',
  'invoiceNumber',
  'invoiceDate',
  'dispatchAddress',
  'deliveryAddress',
  'transferAddress',
  'vehicleTypeId',
  'vehiclePlate',
  'additionalInfo',
];
const HEADER_FIELDS = ['orderId', 'policyId', 'currencyId'] as const;
/** The terms change while the certificate is ours, not once the insurer has it. */
const EDITABLE: readonly CargoInsuranceStatus[] = ['NOT_READY', 'READY', 'REJECTED'];

/**
 * The certificate page `/tms/cargo-insurance/{id}` (and `/new?orderId=`): read first like an order's, a
 * summary header (order and client, policy, amount and premium, period) with the status whose menu offers
 * the moves the order's transitions allow and the user's roles reach, then the details and the insurance
 * information as text, each turned into its part of the one form by Edit while the certificate is ours.
 */
export function CertificatePage({ descriptor }: ResourceScreenProps) {
  const { t, i18n } = useTranslation('insurance');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const [search] = useSearchParams();
  const { record, state } = useRecord<InsuranceCertificate>(descriptor);
  const current = record.data ?? null;
  const fromOrder = Number(search.get('orderId')) || null;
  const initial = (cert: InsuranceCertificate | null) => ({
    ...formValuesOf(descriptor, cert),
    ...(cert === null && fromOrder ? { orderId: fromOrder } : {}),
  });
  const form = useForm<FormValues>({ defaultValues: initial(null) });
  useRevealErrors(form);
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the record shown
  useEffect(() => {
    if (current) reset(initial(current));
  }, [current, descriptor, reset]);
  const [block, setBlock] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another certificate starts reading
  useEffect(() => setBlock(null), [current?.id]);
  // The queue gave up on the insurer: the desk sends the application again.
  const mayResend =
    current?.status === 'ACCEPTED' &&
    current.insurerState === 'failed' &&
    hasRole(system, INSURANCE_MOVE_ROLES.accept);
  const [action, setAction] = useState<CertificateAction | null>(null);
  const { save, conflict, setConflict } = useRecordSave({
    descriptor,
    t: texts.t,
    record: current,
    form,
    onSaved: () => setBlock(null),
  });
  const headerFields = HEADER_FIELDS.map((name) => descriptor.fields.find((f) => f.name === name)).filter(
    (field): field is FieldDescriptor => field !== undefined,
  );
  const labels = useReferenceLabels(headerFields, current ? [current] : []);

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
  const status = (current?.status ?? 'NOT_READY') as CargoInsuranceStatus;
  const editable = EDITABLE.includes(status);
  const fields = new Map(descriptor.fields.map((f) => [f.name, f]));
  const field = (name: string, options: { required?: boolean } = {}) => (
    <DescribedField
      field={fields.get(name)}
      control={form.control}
      texts={texts}
      disabled={!canWrite}
      required={options.required}
    />
  );
  const label = (name: (typeof HEADER_FIELDS)[number]) => {
    const described = fields.get(name);
    const value = current?.[name];
    return described && value !== null && value !== undefined ? labels(described, value) : '';
  };
  const money = (amount: string | null | undefined) =>
    amount ? `${formatDecimal(amount, i18n.language)} ${label('currencyId')}` : '—';
  const submit = form.handleSubmit((values) => save.mutate(bodyOf(descriptor, values)));

  /** A block: on a new certificate its inputs under the heading, on a saved one its values until Edit. */
  const section = (name: string, title: string, shown: ReactNode, inputs: ReactNode) =>
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
          reset(initial(current));
        }}
        view={shown}
      >
        {inputs}
      </EditableBlock>
    );
  const col = (name: string, span = 4, required = false) => (
    <Grid.Col key={name} span={{ base: 12, sm: 6, md: span }}>
      {field(name, { required })}
    </Grid.Col>
  );

  const content = (
    <form noValidate onSubmit={submit} data-testid="certificate-form">
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
          'details',
          t('certificates.sections.details'),
          current && (
            <FieldsView descriptor={descriptor} texts={texts} record={current} names={DETAIL_FIELDS} />
          ),
          <Grid gap="md">
            {current === null && (
              <Grid.Col span={12}>
                <Text size="sm" c="dimmed">
                  {t('certificates.fromOrderHint')}
                </Text>
              </Grid.Col>
            )}
            {current === null && col('orderId', 4, true)}
            {col('policyId', 4, true)}
            {col('amountBasis')}
            {col('insuredValue')}
            {col('valueCurrencyId')}
            {col('periodFrom')}
            {col('periodTo')}
            {col('issueDate')}
            {col('rate')}
            {col('deductible')}
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed">
                {t('certificates.premiumHint')}
              </Text>
            </Grid.Col>
          </Grid>,
        )}
        {section(
          'information',
          t('certificates.sections.information'),
          current && (
            <FieldsView descriptor={descriptor} texts={texts} record={current} names={INFORMATION_FIELDS} />
          ),
          <Grid gap="md">
            {col('insuredName', 6)}
            {col('insuredAddress', 6)}
            <Grid.Col span={12}>{field('cargoDescription')}</Grid.Col>
            {col('invoiceNumber')}
            {col('invoiceDate')}
            {col('vehicleTypeId')}
            {col('dispatchAddress', 6)}
            {col('deliveryAddress', 6)}
            {col('transferAddress', 8)}
            {col('vehiclePlate')}
            <Grid.Col span={12}>{field('additionalInfo')}</Grid.Col>
          </Grid>,
        )}
        {current && (
          <FormSection title={t('certificates.sections.decision')} testId="section-decision">
            <ValueGrid>
              <ValueItem label={texts.label(fields.get('rejectionReason')!)}>
                {current.rejectionReason}
              </ValueItem>
              <ValueItem label={texts.label(fields.get('issuedAt')!)}>
                {formatDateTime(current.issuedAt)}
              </ValueItem>
              <ValueItem label={texts.label(fields.get('cancelledAt')!)}>
                {formatDateTime(current.cancelledAt)}
              </ValueItem>
              {(['incomeBillId', 'expenseBillId'] as const).map((name) => (
                <ValueItem key={name} label={texts.label(fields.get(name)!)}>
                  {current[name] && (
                    <Anchor component={Link} to={`/finances/bills/${current[name]}`} size="sm">
                      {padId(current[name])}
                    </Anchor>
                  )}
                </ValueItem>
              ))}
            </ValueGrid>
          </FormSection>
        )}
        {current?.insurerState && (
          <FormSection title={t('certificates.sections.insurer')} testId="section-insurer">
            <Stack gap="xs">
              <FieldsView
                descriptor={descriptor}
                texts={texts}
                record={{
                  ...current,
                  insurerError: current.insurerError && translateServerMessage(current.insurerError),
                }}
                names={INSURER_FIELDS}
              />
              {mayResend && (
                <Group>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconSend size={16} />}
                    onClick={() => setAction('send-to-insurer')}
                    data-testid="send-to-insurer"
                  >
                    {t('certificates.moves.send-to-insurer')}
                  </Button>
                </Group>
              )}
            </Stack>
          </FormSection>
        )}
        {current?.status === 'INSURED' && (
          <FormSection title={t('claims.heading')} testId="section-claims">
            <SubResourceList
              descriptor={insuranceClaimResource}
              parent={{ field: 'certificateId', id: current.id }}
              canEdit={hasRole(system, CLAIM_ROLES.edit)}
            />
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

  const moves = current
    ? insuranceMovesFrom(status).filter((move) => hasRole(system, INSURANCE_MOVE_ROLES[move]))
    : [];
  const statusField = fields.get('status')!;
  const header = current && (
    <RecordHeader
      testId="certificate-header"
      statuses={
        <StatusMenuBar
          label={texts.label(statusField)}
          changeTo={t('certificates.fields.status')}
          loading={false}
          busy={record.isFetching}
          items={[
            {
              kind: 'insurance',
              label: texts.label(statusField),
              value: status,
              valueLabel: CARGO_INSURANCE_STATUS_LABELS[status][lang],
              color: STATUS_COLORS[status],
              choices: moves.map((move) => ({
                value: move,
                label: t(`certificates.moves.${move}`),
                onSelect: () => setAction(move),
              })),
            },
          ]}
        />
      }
    >
      <HeaderCell label={t('certificates.fields.orderId')} testId="header-order">
        <Anchor component={Link} to={`/tms/orders/${current.orderId}`} size="sm" fw={600}>
          {label('orderId') ? padId(label('orderId')) : padId(current.orderId)}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {current.clientName}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('certificates.fields.policyId')} testId="header-policy">
        <Text size="sm" fw={600} truncate>
          {label('policyId')}
        </Text>
        <Text size="xs" c="dimmed">
          {current.rate ? `${current.rate} %` : ''}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('certificates.fields.insuredAmount')} testId="header-amount">
        <Text size="sm" fw={600}>
          {money(current.insuredAmount)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="header-premium">
          {t('certificates.fields.premium')}: {money(current.premium)}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('certificates.period')} testId="header-period">
        <Text size="sm" fw={600}>
          {current.periodFrom ? formatDate(current.periodFrom) : '—'} –{' '}
          {current.periodTo ? formatDate(current.periodTo) : '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {current.issuedAt
            ? `${texts.label(fields.get('issuedAt')!)} ${formatDateTime(current.issuedAt)}`
            : ''}
        </Text>
      </HeaderCell>
    </RecordHeader>
  );
  const mayBill =
    current?.status === 'INSURED' &&
    (!current.incomeBillId || !current.expenseBillId) &&
    hasRole(system, ['ROLE_BILL_CREATE', 'ROLE_DIRECT_BILL_CREATE']);

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
              {current.number ? t('certificates.item') : t('certificates.draft')}{' '}
              <span data-testid="certificate-number">{certificateTitle(current)}</span>
            </>
          ) : (
            t('certificates.new')
          )
        }
        summary={header}
        actions={
          current && (
            <Group gap="xs">
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconDownload size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                    data-testid="certificate-pdf"
                  >
                    {t('certificates.pdf')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {(['ru', 'en'] as const).map((language) => (
                    <Menu.Item
                      key={language}
                      onClick={() => void download(`${descriptor.path}/${current.id}/pdf`, { language })}
                      data-testid={`pdf-${language}`}
                    >
                      {t(`certificates.pdfLanguage.${language}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              {mayBill && (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconReceipt size={16} />}
                  onClick={() => setAction('bill-premium')}
                  data-testid="bill-premium"
                >
                  {t('certificates.billPremium')}
                </Button>
              )}
            </Group>
          )
        }
        tabs={[
          {
            value: 'main',
            label: t('certificates.item'),
            icon: <IconFileDescription size={14} />,
            testId: 'tab-main',
            content,
          },
        ]}
      >
        {action && current && (
          <MoveDialog
            descriptor={descriptor}
            certificate={current}
            action={action}
            onClose={() => setAction(null)}
          />
        )}
      </RecordPage>
    </>
  );
}
