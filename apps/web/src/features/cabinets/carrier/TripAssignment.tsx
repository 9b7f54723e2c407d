import { Alert, Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CarrierDriver,
  type CarrierVehicle,
  type TripAssignment,
  tripAssignmentText,
} from '@tms/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldFailure } from '../CabinetKit';
import { CABINET_CLIENTS } from '../cabinetApi';

const api = CABINET_CLIENTS.carrier;
type Page<T> = { collection: T[] };

/**
 * A trip's driver and vehicle: who is on it, and (for a user who keeps the drivers) a choice of his verified
 * drivers and his vehicles to put on it.
 */
export function TripAssignmentCard({ tripId }: { tripId: number }) {
  const { t, i18n } = useTranslation('cabinets');
  const client = useQueryClient();
  const key = ['carrier', 'trip', tripId, 'assignment'];
  const { failure, fields, fail, clear } = useFieldFailure();
  const [saved, setSaved] = useState(false);
  const assignment = useQuery({
    queryKey: key,
    queryFn: () => api.get<TripAssignment>(`/carrier/trips/${tripId}/assignment`),
  });
  // Only verified drivers can go on a trip; a user without the drivers role gets no lists (403) and no form.
  const drivers = useQuery({
    queryKey: ['carrier', 'assignable-drivers'],
    queryFn: () =>
      api.get<Page<CarrierDriver>>('/carrier/drivers?verificationStatus=verified&itemsPerPage=100'),
    retry: false,
  });
  const vehicles = useQuery({
    queryKey: ['carrier', 'assignable-vehicles'],
    queryFn: () => api.get<Page<CarrierVehicle>>('/carrier/vehicles?itemsPerPage=100'),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: { driverId: number; vehicleId: number }) =>
      api.put<TripAssignment>(`/carrier/trips/${tripId}/assignment`, body),
    onSuccess: (next) => {
      clear();
      setSaved(true);
      client.setQueryData(key, next);
    },
    onError: (error) => {
      setSaved(false);
      fail(error);
    },
  });
  const current = assignment.data ?? null;
  const [driverId, setDriverId] = useState<string | null>(null);
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const chosenDriver = driverId ?? (current ? String(current.driverId) : null);
  const chosenVehicle = vehicleId ?? (current ? String(current.vehicleId) : null);
  const canChoose = drivers.isSuccess && vehicles.isSuccess;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosenDriver && chosenVehicle)
      save.mutate({ driverId: Number(chosenDriver), vehicleId: Number(chosenVehicle) });
  };
  return (
    <Paper withBorder p="md" maw={560} data-testid="carrier-assignment">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('carrier.assignment.title')}
          </Title>
          <Text size="sm" c={current ? undefined : 'dimmed'} data-testid="carrier-assignment-current">
            {current ? tripAssignmentText(current, i18n.language) : t('carrier.assignment.none')}
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status">
              {t('carrier.assignment.saved')}
            </Alert>
          )}
          {canChoose && (
            <>
              <Select
                label={t('carrier.assignment.driver')}
                description={t('carrier.assignment.driverHint')}
                data={drivers.data.collection.map((d) => ({ value: String(d.id), label: d.name }))}
                value={chosenDriver}
                onChange={setDriverId}
                nothingFoundMessage={t('carrier.assignment.noDrivers')}
                searchable
                required
                error={fields.driverId}
                data-testid="carrier-assignment-driver"
              />
              <Select
                label={t('carrier.assignment.vehicle')}
                data={vehicles.data.collection.map((v) => ({ value: String(v.id), label: v.plate }))}
                value={chosenVehicle}
                onChange={setVehicleId}
                searchable
                required
                error={fields.vehicleId}
                data-testid="carrier-assignment-vehicle"
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={save.isPending}
                disabled={!chosenDriver || !chosenVehicle}
                data-testid="carrier-assignment-save"
              >
                {t('carrier.assignment.save')}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
