import { Alert, Badge, Button, Group, NumberInput, Popover, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type Stage, WAREHOUSE_ROLES, type WmsAdvice, wmsBehaviourOf } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { useSystemData } from '../../platform/auth/system';
import { refusalOf } from '../../platform/kit/blocks';
import { LazySelect } from '../../platform/widgets';

const STATE_COLORS: Record<WmsAdvice['state'], string> = {
  queued: 'yellow',
  received: 'blue',
  confirmed: 'teal',
  partial: 'orange',
  rejected: 'red',
  cancelled: 'gray',
  forced: 'grape',
};

interface WmsStageProps {
  /** The stages' address of the order (`/tms/orders/{id}/stages`). */
  base: string;
  stage: Stage;
  canManage: boolean;
  onDone: () => Promise<unknown>;
}

/**
 * A WMS_AA or WMS_AR stage's advice to the warehouse's WMS: where it stands (and why the WMS is not
 * reached, while it is retried); the way to send it; and, for forced WMS management, to close the stage
 * by hand with a reason. The stage itself closes when the WMS confirms.
 */
export function WmsStage({ base, stage, canManage, onDone }: WmsStageProps) {
  const { t } = useTranslation('warehouse');
  const system = useSystemData();
  const url = `${base}/${stage.id}`;
  const advice = useQuery({
    queryKey: ['wms-advice', stage.id, stage.version],
    queryFn: () => api.get<WmsAdvice | null>(`${url}/wms-advice`),
    enabled: wmsBehaviourOf(stage.behaviours) !== null,
  });
  if (!wmsBehaviourOf(stage.behaviours)) return null;
  const row = advice.data ?? null;
  const refresh = async () => {
    await advice.refetch();
    await onDone();
  };
  const canForce =
    system.roles.includes('ROLE_ADMIN') || WAREHOUSE_ROLES.forcedWms.some((r) => system.roles.includes(r));
  return (
    <Group gap="xs" data-testid="wms-stage">
      {row ? (
        <Badge size="sm" variant="light" color={STATE_COLORS[row.state]} tt="none" data-testid="wms-state">
          {t(`wms.states.${row.state}`)}
          {row.actualPlaces !== null ? ` · ${row.actualPlaces}/${row.places}` : ''}
        </Badge>
      ) : (
        <Text size="xs" c="dimmed">
          {t('wms.notSent')}
        </Text>
      )}
      {row?.lastError && (
        <Text size="xs" c="red" data-testid="wms-error">
          {t('wms.unreachable', { error: row.lastError, attempts: row.attempts })}
        </Text>
      )}
      {row?.reason && (
        <Text size="xs" c="dimmed">
          {row.reason}
        </Text>
      )}
      {!stage.closed && !row && canManage && <SendAdvice url={url} onDone={refresh} />}
      {!stage.closed && canForce && <ForceClose url={url} onDone={refresh} />}
    </Group>
  );
}

function SendAdvice({ url, onDone }: { url: string; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('warehouse');
  const [opened, setOpened] = useState(false);
  // The option names the warehouse advices usually go to (spec §9 `wmsWarehouseId`).
  const usual = useSystemData().options.wmsWarehouseId;
  const [warehouseId, setWarehouseId] = useState<number | null>(typeof usual === 'number' ? usual : null);
  const [places, setPlaces] = useState<number | string>('');
  const send = useMutation({
    mutationFn: () =>
      api.post<WmsAdvice>(
        `${url}/wms-advice`,
        { warehouseId, places: typeof places === 'number' ? places : Number(places) },
        { suppressPopup: true },
      ),
    onSuccess: async () => {
      setOpened(false);
      await onDone();
    },
  });
  const refusal = refusalOf(send.error);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconSend size={14} />}
          onClick={() => setOpened((o) => !o)}
          data-testid="wms-send"
        >
          {t('wms.send')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <Stack gap="xs" w={260}>
            {(refusal.field('root') || refusal.other) && (
              <Alert color="red" p="xs" icon={<IconAlertTriangle size={16} />}>
                {refusal.field('root') || refusal.other}
              </Alert>
            )}
            <LazySelect
              id={`wms-warehouse-${url}`}
              label={t('wms.warehouse')}
              url="/warehouse/warehouses"
              value={warehouseId}
              onChange={(value) => setWarehouseId(value as number | null)}
              error={refusal.field('warehouseId')}
              required
              withinPortal={false}
            />
            <NumberInput
              label={t('wms.places')}
              value={places}
              onChange={setPlaces}
              min={1}
              allowDecimal={false}
              error={refusal.field('places')}
              required
            />
            <Button type="submit" size="sm" loading={send.isPending} data-testid="wms-send-confirm">
              {t('wms.send')}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

function ForceClose({ url, onDone }: { url: string; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('warehouse');
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const force = useMutation({
    mutationFn: () => api.post<WmsAdvice>(`${url}/wms-force-close`, { reason }, { suppressPopup: true }),
    onSuccess: async () => {
      setOpened(false);
      await onDone();
    },
  });
  const refusal = refusalOf(force.error);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="default"
          color="grape"
          onClick={() => setOpened((o) => !o)}
          data-testid="wms-force"
        >
          {t('wms.force')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            force.mutate();
          }}
        >
          <Stack gap="xs" w={280}>
            {(refusal.field('root') || refusal.other) && (
              <Alert color="red" p="xs" icon={<IconAlertTriangle size={16} />}>
                {refusal.field('root') || refusal.other}
              </Alert>
            )}
            <Textarea
              label={t('wms.reason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={refusal.field('reason')}
              autosize
              minRows={2}
              required
            />
            <Button type="submit" size="sm" loading={force.isPending} data-testid="wms-force-confirm">
              {t('wms.forceConfirm')}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
