import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPencil, IconPlus, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CarrierDriver,
  type CarrierStage,
  type CarrierTrip,
  type CarrierVehicle,
  type CarrierVehicleType,
  DRIVER_VERIFICATION_LABELS,
  type DriverVerificationEvent,
  type DriverVerificationStatus,
  padId,
  type RouteEndPoint,
} from '@tms/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../platform/format';
import { type Language, translateServerMessage } from '../../../platform/i18n';
import {
  CabinetScreen,
  Empty,
  Pager,
  Rows,
  routeText,
  useCabinetList,
  useFailure,
  useFieldFailure,
} from '../CabinetKit';
import { CABINET_CLIENTS } from '../cabinetApi';
import { StageCloseForm } from '../StageCloseForm';
import { TripAssignmentCard } from './TripAssignment';

const api = CABINET_CLIENTS.carrier;
function Screen(props: { title: string; action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('cabinets');
  return <CabinetScreen cabinet={t('kinds.carrier.name')} {...props} />;
}
function Failure({ text }: { text: string | null }) {
  return text ? (
    <Alert color="red" role="alert" data-testid="carrier-error">
      {text}
    </Alert>
  ) : null;
}

/** `/carrier/trips`: the jobs given to the carrier. */
export function CarrierTripsScreen() {
  const { t } = useTranslation('cabinets');
  const { list, page, setPage } = useCabinetList<CarrierTrip>(api, '/carrier/trips', {});
  return (
    <Screen title={t('carrier.trips.title')}>
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            {
              label: t('carrier.trips.fields.number'),
              value: (trip) => (
                <Anchor component={Link} to={`/carrier/trips/${trip.id}`} data-testid="carrier-trip-link">
                  {padId(trip.number)}
                </Anchor>
              ),
            },
            {
              label: t('carrier.trips.fields.route'),
              value: (trip) => routeText(trip.route as RouteEndPoint[]),
            },
            { label: t('carrier.trips.fields.dispatchDate'), value: (trip) => formatDate(trip.dispatchDate) },
            { label: t('carrier.trips.fields.deliveryDate'), value: (trip) => formatDate(trip.deliveryDate) },
            {
              label: t('carrier.trips.fields.nextStage'),
              value: (trip) =>
                trip.nextStage ? (
                  <Text size="sm" fw={500} component="span" data-testid="carrier-trip-next">
                    {trip.nextStage}
                  </Text>
                ) : (
                  '—'
                ),
            },
            {
              label: t('carrier.trips.state'),
              value: (trip) =>
                trip.completionDate ? (
                  <Badge color="green" variant="light">
                    {t('carrier.trips.done')}
                  </Badge>
                ) : (
                  <Badge color="blue" variant="light">
                    {t('carrier.trips.active')}
                  </Badge>
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

/**
 * `/carrier/trips/:id`: the trip's route and its stages; the next open stage (or the one chosen) is closed
 * with the date it was reached by one big button, made for a phone in a cab.
 */
export function CarrierTripScreen() {
  const { t } = useTranslation('cabinets');
  const id = Number(useParams().id);
  const client = useQueryClient();
  const trip = useQuery({
    queryKey: ['carrier', 'trip', id],
    queryFn: () => api.get<CarrierTrip>(`/carrier/trips/${id}`),
  });
  const stages = useQuery({
    queryKey: ['carrier', 'trip', id, 'stages'],
    queryFn: () => api.get<CarrierStage[]>(`/carrier/trips/${id}/stages`),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { failure, fail, clear } = useFailure();
  const open = (stages.data ?? []).filter((s) => !s.closed);
  const stage = open.find((s) => s.id === chosen) ?? open[0];
  const close = useMutation({
    mutationFn: ({ stage: s, actualDate }: { stage: CarrierStage; actualDate: string }) =>
      api.post<CarrierStage>(`/carrier/trips/${id}/stages/${s.id}/close`, {
        actualDate,
        version: s.version,
      }),
    onSuccess: async (closed) => {
      clear();
      setChosen(null);
      setDone(closed.name);
      await client.invalidateQueries({ queryKey: ['carrier', 'trip', id] });
    },
    onError: (error) => {
      setDone(null);
      fail(error);
    },
  });
  if (trip.error) return <Alert color="red">{translateServerMessage((trip.error as Error).message)}</Alert>;
  if (!trip.data) return <Empty loading />;
  const reached = (stages.data ?? []).filter((s) => s.closed).length;
  return (
    <Screen title={`${t('carrier.trips.item')} ${padId(trip.data.number)}`}>
      <Anchor component={Link} to="/carrier/trips" size="sm">
        ← {t('carrier.trips.back')}
      </Anchor>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text>{routeText(trip.data.route as RouteEndPoint[])}</Text>
          <Text c="dimmed" size="sm">
            {t('carrier.trips.fields.dispatchDate')}: {formatDate(trip.data.dispatchDate) || '—'} ·{' '}
            {t('carrier.trips.fields.deliveryDate')}: {formatDate(trip.data.deliveryDate) || '—'}
          </Text>
        </Stack>
      </Paper>
      <TripAssignmentCard tripId={trip.data.id} />
      {done && (
        <Alert color="green" role="status" data-testid="carrier-stage-closed">
          {t('carrier.stages.closedNotice', { name: done })}
        </Alert>
      )}
      {stage && (
        <Paper withBorder p="md" shadow="xs" maw={560} data-testid="carrier-close-card">
          <StageCloseForm
            phone
            stage={stage}
            onClose={(actualDate) => close.mutate({ stage, actualDate })}
            pending={close.isPending}
            failure={<Failure text={failure} />}
            labels={{
              caption: t('carrier.stages.next'),
              date: t('carrier.stages.date'),
              submit: t('carrier.stages.close'),
            }}
            testIds={{
              date: 'carrier-close-date',
              submit: 'carrier-close-stage',
              name: 'carrier-close-stage-name',
            }}
          />
        </Paper>
      )}
      <Title order={3} size="h4">
        {t('carrier.stages.title')}
      </Title>
      {stages.data?.length ? (
        <Timeline active={reached - 1} bulletSize={26} lineWidth={2} data-testid="carrier-timeline">
          {stages.data.map((s) => (
            <Timeline.Item
              key={s.id}
              title={s.name}
              data-testid="carrier-stage"
              bullet={s.closed ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
            >
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {s.closed
                    ? `${t('carrier.stages.reached')} ${formatDate(s.actualDate)}`
                    : s.expectedDate
                      ? `${t('carrier.stages.expected')} ${formatDate(s.expectedDate)}`
                      : t('carrier.stages.open')}
                </Text>
                {!s.closed && s.id !== stage?.id && (
                  <Button size="compact-sm" variant="default" onClick={() => setChosen(s.id)}>
                    {t('carrier.stages.choose')}
                  </Button>
                )}
              </Group>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Empty loading={stages.isLoading} />
      )}
    </Screen>
  );
}

const VERIFICATION_COLORS: Record<DriverVerificationStatus, string> = {
  draft: 'gray',
  pending: 'orange',
  verified: 'green',
  rejected: 'red',
};

function VerificationBadge({ status }: { status: DriverVerificationStatus }) {
  const { i18n } = useTranslation('cabinets');
  return (
    <Badge color={VERIFICATION_COLORS[status]} variant="light" data-testid="carrier-driver-status">
      {DRIVER_VERIFICATION_LABELS[status][i18n.language as Language]}
    </Badge>
  );
}

/** `/carrier/drivers`: the carrier's drivers and where each one's verification stands. */
export function CarrierDriversScreen() {
  const { t } = useTranslation('cabinets');
  const { list, page, setPage } = useCabinetList<CarrierDriver>(api, '/carrier/drivers', {});
  return (
    <Screen
      title={t('carrier.drivers.title')}
      action={
        <Button
          component={Link}
          to="/carrier/drivers/new"
          leftSection={<IconPlus size={16} />}
          data-testid="carrier-new-driver"
        >
          {t('carrier.drivers.new')}
        </Button>
      }
    >
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            {
              label: t('carrier.drivers.fields.name'),
              value: (d) => (
                <Anchor component={Link} to={`/carrier/drivers/${d.id}`} data-testid="carrier-driver-link">
                  {d.name}
                </Anchor>
              ),
            },
            { label: t('carrier.drivers.fields.phone'), value: (d) => d.phone ?? '' },
            { label: t('carrier.drivers.fields.licenseNumber'), value: (d) => d.licenseNumber ?? '' },
            {
              label: t('carrier.drivers.fields.verificationStatus'),
              value: (d) => <VerificationBadge status={d.verificationStatus} />,
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

const DRIVER_TEXT = [
  'name',
  'phone',
  'passportSeries',
  'passportNumber',
  'passportIssuedBy',
  'licenseNumber',
  'licenseCategories',
] as const;
const DRIVER_DATES = ['birthDate', 'passportIssuedAt', 'licenseExpiresAt'] as const;

/**
 * `/carrier/drivers/new` and `/carrier/drivers/:id`: the driver's person, passport and licence; where his
 * verification stands, submitting it, and its history.
 */
export function CarrierDriverScreen() {
  const { t } = useTranslation('cabinets');
  const param = useParams().id;
  const id = param ? Number(param) : null;
  const navigate = useNavigate();
  const client = useQueryClient();
  const { failure, fields, fail, clear } = useFieldFailure();
  const [saved, setSaved] = useState(false);
  const driver = useQuery({
    queryKey: ['carrier', 'driver', id],
    queryFn: () => api.get<CarrierDriver>(`/carrier/drivers/${id}`),
    enabled: id !== null,
  });
  const history = useQuery({
    queryKey: ['carrier', 'driver', id, 'history'],
    queryFn: () => api.get<DriverVerificationEvent[]>(`/carrier/drivers/${id}/verifications`),
    enabled: id !== null,
  });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['carrier', 'driver', id] });
    await client.invalidateQueries({ queryKey: ['carrier', '/carrier/drivers'] });
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      id === null
        ? api.post<CarrierDriver>('/carrier/drivers', body)
        : api.put<CarrierDriver>(`/carrier/drivers/${id}`, { ...body, version: driver.data!.version }),
    onSuccess: async (result) => {
      clear();
      setSaved(true);
      if (id === null) navigate(`/carrier/drivers/${result.id}`, { replace: true });
      else await refresh();
    },
    onError: (error) => {
      setSaved(false);
      fail(error);
    },
  });
  const submit = useMutation({
    mutationFn: () =>
      api.post<CarrierDriver>(`/carrier/drivers/${id}/submit`, { version: driver.data!.version }),
    onSuccess: async () => {
      clear();
      setSaved(false);
      await refresh();
    },
    onError: fail,
  });
  if (driver.error)
    return <Alert color="red">{translateServerMessage((driver.error as Error).message)}</Alert>;
  if (id !== null && !driver.data) return <Empty loading />;
  const d = driver.data;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {};
    for (const name of [...DRIVER_TEXT, ...DRIVER_DATES]) {
      const value = String(form.get(name) ?? '').trim();
      body[name] = value || (name === 'name' ? '' : null);
    }
    save.mutate(body);
  };
  const field = (name: (typeof DRIVER_TEXT)[number] | (typeof DRIVER_DATES)[number]) => ({
    name,
    label: t(`carrier.drivers.fields.${name}`),
    defaultValue: (d?.[name] as string | null | undefined) ?? '',
    type: (DRIVER_DATES as readonly string[]).includes(name) ? 'date' : 'text',
    error: fields[name],
  });
  const canSubmit = d && (d.verificationStatus === 'draft' || d.verificationStatus === 'rejected');
  return (
    <Screen title={d ? d.name : t('carrier.drivers.new')}>
      <Anchor component={Link} to="/carrier/drivers" size="sm">
        ← {t('carrier.drivers.back')}
      </Anchor>
      {d && (
        <Paper withBorder p="md" data-testid="carrier-verification">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Text fw={500}>{t('carrier.drivers.verification')}</Text>
                <VerificationBadge status={d.verificationStatus} />
              </Group>
              {canSubmit && (
                <Button
                  leftSection={<IconSend size={16} />}
                  loading={submit.isPending}
                  onClick={() => submit.mutate()}
                  data-testid="carrier-driver-submit"
                >
                  {t('carrier.drivers.submit')}
                </Button>
              )}
            </Group>
            {d.verificationReason && (
              <Text size="sm" c={d.verificationStatus === 'rejected' ? 'red' : 'dimmed'}>
                {translateServerMessage(d.verificationReason)}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t(`carrier.drivers.hint.${d.verificationStatus}`)}
            </Text>
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="md">
        <form onSubmit={onSubmit} key={d ? `${d.id}-${d.version}` : 'new'}>
          <Stack>
            <Failure text={failure} />
            {saved && !failure && (
              <Alert color="green" role="status">
                {t('carrier.saved')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...field('name')} required data-autofocus autoFocus={id === null} />
              <TextInput {...field('phone')} type="tel" />
              <TextInput {...field('birthDate')} />
            </SimpleGrid>
            <Title order={3} size="h5">
              {t('carrier.drivers.passport')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...field('passportSeries')} />
              <TextInput {...field('passportNumber')} />
              <TextInput {...field('passportIssuedBy')} />
              <TextInput {...field('passportIssuedAt')} />
            </SimpleGrid>
            <Title order={3} size="h5">
              {t('carrier.drivers.license')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...field('licenseNumber')} />
              <TextInput {...field('licenseCategories')} placeholder="C, CE" />
              <TextInput {...field('licenseExpiresAt')} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="carrier-driver-save">
                {t('carrier.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {d && (
        <>
          <Title order={3} size="h4">
            {t('carrier.drivers.history')}
          </Title>
          {history.data?.length ? (
            <Timeline bulletSize={18} lineWidth={2} data-testid="carrier-driver-history">
              {history.data.map((event) => (
                <Timeline.Item key={event.id} title={<HistoryTitle event={event} />}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.createdAt)} · {t(`carrier.drivers.actor.${event.actor}`)}
                  </Text>
                  {event.reason && <Text size="sm">{translateServerMessage(event.reason)}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          ) : (
            <Empty loading={history.isLoading} />
          )}
        </>
      )}
    </Screen>
  );
}

function HistoryTitle({ event }: { event: DriverVerificationEvent }) {
  const { i18n } = useTranslation('cabinets');
  const lang = i18n.language as Language;
  const from = event.fromStatus ? DRIVER_VERIFICATION_LABELS[event.fromStatus][lang] : null;
  return (
    <Text size="sm" fw={500}>
      {from ? `${from} → ` : ''}
      {DRIVER_VERIFICATION_LABELS[event.toStatus][lang]}
    </Text>
  );
}

/** `/carrier/vehicles`: the carrier's vehicles, added and edited in a dialog. */
export function CarrierVehiclesScreen() {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language as Language;
  const { list, page, setPage } = useCabinetList<CarrierVehicle>(api, '/carrier/vehicles', {});
  const [editing, setEditing] = useState<CarrierVehicle | 'new' | null>(null);
  const types = useVehicleTypes();
  const typeName = (v: CarrierVehicle) => {
    const type = types.data?.find((x) => x.id === v.vehicleTypeId);
    return type ? (lang === 'en' && type.nameEn ? type.nameEn : type.name) : v.vehicleTypeName;
  };
  return (
    <Screen
      title={t('carrier.vehicles.title')}
      action={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing('new')}
          data-testid="carrier-new-vehicle"
        >
          {t('carrier.vehicles.new')}
        </Button>
      }
    >
      {list.data?.collection.length ? (
        <Rows
          rows={list.data.collection}
          columns={[
            { label: t('carrier.vehicles.fields.plate'), value: (v) => v.plate },
            { label: t('carrier.vehicles.fields.trailerPlate'), value: (v) => v.trailerPlate ?? '' },
            { label: t('carrier.vehicles.fields.vehicleTypeId'), value: typeName },
            { label: t('carrier.vehicles.fields.brand'), value: (v) => v.brand ?? '' },
            {
              label: t('carrier.vehicles.fields.capacity'),
              value: (v) => (v.capacity === null ? '' : `${v.capacity} ${t('carrier.vehicles.tonnes')}`),
            },
            {
              label: t('carrier.vehicles.edit'),
              value: (v) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(v)}
                  aria-label={`${t('carrier.vehicles.edit')} ${v.plate}`}
                >
                  {t('carrier.vehicles.edit')}
                </Button>
              ),
            },
          ]}
        />
      ) : (
        <Empty loading={list.isLoading} />
      )}
      <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
      {editing && (
        <VehicleDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          vehicle={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Screen>
  );
}

function useVehicleTypes() {
  return useQuery({
    queryKey: ['carrier', 'vehicle-types'],
    queryFn: () => api.get<CarrierVehicleType[]>('/carrier/vehicle-types'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function VehicleDialog({ vehicle, onClose }: { vehicle: CarrierVehicle | 'new'; onClose: () => void }) {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language as Language;
  const client = useQueryClient();
  const types = useVehicleTypes();
  const { failure, fields, fail, clear } = useFieldFailure();
  const existing = vehicle !== 'new' ? vehicle : null;
  const [type, setType] = useState<string | null>(existing ? String(existing.vehicleTypeId) : null);
  const [capacity, setCapacity] = useState<number | string>(existing?.capacity ?? '');
  const [volume, setVolume] = useState<number | string>(existing?.volume ?? '');
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      existing
        ? api.put<CarrierVehicle>(`/carrier/vehicles/${existing.id}`, { ...body, version: existing.version })
        : api.post<CarrierVehicle>('/carrier/vehicles', body),
    onSuccess: async () => {
      clear();
      await client.invalidateQueries({ queryKey: ['carrier', '/carrier/vehicles'] });
      onClose();
    },
    onError: fail,
  });
  const close = () => {
    clear();
    onClose();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || null;
    save.mutate({
      vehicleTypeId: type ? Number(type) : undefined,
      plate: text('plate') ?? '',
      trailerPlate: text('trailerPlate'),
      brand: text('brand'),
      capacity: capacity === '' ? null : Number(capacity),
      volume: volume === '' ? null : Number(volume),
      comment: text('comment'),
    });
  };
  return (
    <Modal opened onClose={close} title={existing ? existing.plate : t('carrier.vehicles.new')} size="lg">
      <form onSubmit={onSubmit}>
        <Stack>
          <Failure text={failure} />
          <Select
            label={t('carrier.vehicles.fields.vehicleTypeId')}
            required
            searchable
            value={type}
            onChange={setType}
            error={fields.vehicleTypeId}
            data={(types.data ?? []).map((x) => ({
              value: String(x.id),
              label: lang === 'en' && x.nameEn ? x.nameEn : x.name,
            }))}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              name="plate"
              label={t('carrier.vehicles.fields.plate')}
              placeholder="А123ВС 77"
              required
              data-autofocus
              error={fields.plate}
              defaultValue={existing?.plate ?? ''}
            />
            <TextInput
              name="trailerPlate"
              label={t('carrier.vehicles.fields.trailerPlate')}
              placeholder="АВ 1234 77"
              defaultValue={existing?.trailerPlate ?? ''}
              error={fields.trailerPlate}
            />
            <TextInput
              name="brand"
              label={t('carrier.vehicles.fields.brand')}
              defaultValue={existing?.brand ?? ''}
            />
            <NumberInput
              label={t('carrier.vehicles.fields.capacity')}
              min={0}
              max={1000}
              decimalScale={3}
              value={capacity}
              onChange={setCapacity}
              error={fields.capacity}
            />
            <NumberInput
              label={t('carrier.vehicles.fields.volume')}
              min={0}
              max={1000}
              decimalScale={3}
              value={volume}
              onChange={setVolume}
              error={fields.volume}
            />
          </SimpleGrid>
          <Textarea
            name="comment"
            label={t('carrier.vehicles.fields.comment')}
            defaultValue={existing?.comment ?? ''}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('pcc.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="carrier-vehicle-save">
              {t('carrier.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
