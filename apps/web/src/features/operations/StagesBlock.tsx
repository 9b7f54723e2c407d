import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Popover,
  Stack,
  Text,
  Timeline,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconClock,
  IconLockOpen,
  IconPlus,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isStageOverdue, STAGE_BEHAVIOURS, STAGE_ROLES, type Stage, wmsBehaviourOf } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { useSystemData } from '../../platform/auth/system';
import { formatDate } from '../../platform/format';
import { RowDelete, refusalOf } from '../../platform/kit/blocks';
import { DateInput, LazySelect } from '../../platform/widgets';
import { WmsStage } from '../warehouse/WmsStage';
import { OPERATIONS_KEY, type OperationPath, stagesKey, useStages } from './api';
import { todayIso } from './logic';
import classes from './operations.module.css';

const holds = (roles: readonly string[], wanted: readonly string[]) =>
  roles.includes('ROLE_ADMIN') || wanted.some((role) => roles.includes(role));

interface StagesBlockProps {
  path: OperationPath;
  operationId: number;
}

/**
 * The stages of a job (or order): each with its behaviours, expected and actual dates; an open stage is
 * closed on the day it happened (today unless told), a closed one re-opened by who may; stages are added
 * from the stage types. Closing applies the behaviours to the orders, so the orders are reloaded after.
 */
export function StagesBlock({ path, operationId }: StagesBlockProps) {
  const { t, i18n } = useTranslation('operations');
  const { t: common } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const system = useSystemData();
  const canManage = holds(system.roles, STAGE_ROLES.manage);
  const canReopen = holds(system.roles, STAGE_ROLES.reopen);
  const stages = useStages(path, operationId);
  const client = useQueryClient();
  const base = `${path}/${operationId}/stages`;
  const behaviourLabel = (code: string) =>
    STAGE_BEHAVIOURS.find((b) => b.code === code)?.labels[lang] ?? code;

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: stagesKey(path, operationId) }),
      client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
      client.invalidateQueries({ queryKey: ['resource'] }),
    ]);

  const [typeId, setTypeId] = useState<number | null>(null);
  const [expected, setExpected] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () =>
      api.post<Stage>(base, { stageTypeId: typeId, expectedDate: expected }, { suppressPopup: true }),
    onSuccess: async () => {
      setTypeId(null);
      setExpected(null);
      await refresh();
    },
  });
  const addRefusal = refusalOf(add.error);

  const update = useMutation({
    mutationFn: ({ stage, expectedDate }: { stage: Stage; expectedDate: string | null }) =>
      api.put<Stage>(`${base}/${stage.id}`, { expectedDate, version: stage.version }),
    onSettled: refresh,
  });
  const reopen = useMutation({
    mutationFn: (stage: Stage) => api.post<Stage>(`${base}/${stage.id}/reopen`, { version: stage.version }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (stage: Stage) => api.delete<Stage>(`${base}/${stage.id}`),
    onSettled: refresh,
  });

  const rows = stages.data?.collection ?? [];
  const today = todayIso();
  return (
    <Stack gap="md" data-testid="stages-block">
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {stages.isLoading ? common('loading') : t('stages.none')}
        </Text>
      ) : (
        // Every item active, so each bullet wears its state's colour.
        <Timeline active={rows.length - 1} bulletSize={24} lineWidth={2} data-testid="stage-timeline">
          {rows.map((stage) => {
            const overdue = isStageOverdue(stage, today);
            return (
              <Timeline.Item
                key={stage.id}
                data-testid="stage-row"
                data-closed={stage.closed}
                data-overdue={overdue}
                color={stage.closed ? 'teal.8' : overdue ? 'red.9' : 'gray.6'}
                lineVariant={stage.closed ? 'solid' : 'dashed'}
                bullet={
                  stage.closed ? (
                    <IconCheck size={14} aria-hidden />
                  ) : overdue ? (
                    <IconAlertTriangle size={14} aria-hidden />
                  ) : (
                    <IconClock size={14} aria-hidden />
                  )
                }
                className={overdue ? classes.overdue : undefined}
              >
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        {stage.opsName}
                      </Text>
                      {stage.opsName !== stage.name && (
                        <Text size="xs" c="dimmed">
                          {stage.name}
                        </Text>
                      )}
                      {overdue ? (
                        // Red.9 under white text keeps 4.5:1 (WCAG AA).
                        <Badge size="sm" variant="filled" tt="none" color="red.9" data-testid="stage-overdue">
                          {t('stages.overdue')}
                        </Badge>
                      ) : (
                        <Badge size="sm" variant="dot" tt="none" color={stage.closed ? 'teal' : 'gray'}>
                          {t(stage.closed ? 'stages.closed' : 'stages.open')}
                        </Badge>
                      )}
                    </Group>
                    <Group gap="xl" align="center">
                      <Group gap={6} align="center" wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {t('stages.expectedDate')}
                        </Text>
                        {!stage.closed && canManage ? (
                          <DateInput
                            size="xs"
                            w={130}
                            aria-label={`${t('stages.expectedDate')}: ${stage.opsName}`}
                            value={stage.expectedDate}
                            onChange={(expectedDate) => {
                              if (expectedDate !== stage.expectedDate) update.mutate({ stage, expectedDate });
                            }}
                          />
                        ) : (
                          <Text size="sm" fw={500} c={overdue ? 'red.9' : undefined}>
                            {formatDate(stage.expectedDate) || '—'}
                          </Text>
                        )}
                      </Group>
                      <Group gap={6} align="center" wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {t('stages.actualDate')}
                        </Text>
                        <Text size="sm" fw={500}>
                          {formatDate(stage.actualDate) || '—'}
                        </Text>
                      </Group>
                    </Group>
                    {stage.behaviours.length > 0 && (
                      <Group gap={4} aria-label={t('stages.behaviours')}>
                        {stage.behaviours.map((code) => (
                          <Badge key={code} size="xs" variant="light" color="gray" tt="none" title={code}>
                            {behaviourLabel(code)}
                          </Badge>
                        ))}
                      </Group>
                    )}
                    {path === '/tms/orders' && (
                      <WmsStage base={base} stage={stage} canManage={canManage} onDone={refresh} />
                    )}
                  </Stack>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {/* An order's WMS stage closes on the WMS's confirmation (or by hand, without it, below). */}
                    {!stage.closed &&
                      canManage &&
                      !(path === '/tms/orders' && wmsBehaviourOf(stage.behaviours)) && (
                        <CloseStage base={base} stage={stage} onDone={refresh} />
                      )}
                    {stage.closed && canReopen && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconLockOpen size={14} />}
                        loading={reopen.isPending && reopen.variables?.id === stage.id}
                        onClick={() => reopen.mutate(stage)}
                        data-testid="stage-reopen"
                      >
                        {t('stages.reopen')}
                      </Button>
                    )}
                    {!stage.closed && canManage && (
                      <RowDelete row={stage} remove={remove} testId="stage-delete">
                        {t('stages.delete')}
                      </RowDelete>
                    )}
                  </Group>
                </Group>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      {canManage && (
        <Paper withBorder p="md">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              add.mutate();
            }}
          >
            <Stack gap="xs">
              {(addRefusal.field('root') ?? addRefusal.other) && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                  {addRefusal.field('root') ?? addRefusal.other}
                </Alert>
              )}
              <Group align="flex-start" gap="sm">
                <Box w={320}>
                  <LazySelect
                    id="stage-type"
                    label={t('stages.type')}
                    url="/settings/stage-types"
                    labelField="name"
                    toggle
                    required
                    value={typeId}
                    onChange={(value) => setTypeId(value as number | null)}
                    error={addRefusal.field('stageTypeId')}
                  />
                </Box>
                <DateInput
                  id="stage-expected"
                  label={t('stages.expectedDate')}
                  value={expected}
                  onChange={setExpected}
                  error={addRefusal.field('expectedDate')}
                  w={180}
                />
                <Button
                  type="submit"
                  mt={25}
                  leftSection={<IconPlus size={16} />}
                  loading={add.isPending}
                  data-testid="stage-add"
                >
                  {t('stages.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

/** Closing a stage: the actual date (today unless told), its refusal shown in place. */
function CloseStage({ base, stage, onDone }: { base: string; stage: Stage; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('operations');
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState<string | null>(todayIso());
  const close = useMutation({
    mutationFn: () =>
      api.post<Stage>(
        `${base}/${stage.id}/close`,
        { actualDate: date ?? undefined, version: stage.version },
        { suppressPopup: true },
      ),
    onSuccess: async () => {
      setOpened(false);
      await onDone();
    },
  });
  const refusal = refusalOf(close.error);
  const refused = refusal.field('root') || refusal.other;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Tooltip label={t('stages.closeHint')} disabled={opened}>
          <Button
            size="compact-sm"
            leftSection={<IconCircleCheck size={14} />}
            onClick={() => setOpened((o) => !o)}
            data-testid="stage-close"
          >
            {t('stages.close')}
          </Button>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            close.mutate();
          }}
        >
          <Stack gap="xs" w={240}>
            {refused && (
              <Alert
                color="red"
                p="xs"
                icon={<IconAlertTriangle size={16} />}
                data-testid="stage-close-error"
              >
                {refused}
              </Alert>
            )}
            <DateInput
              id={`stage-${stage.id}-actual`}
              label={t('stages.actualDate')}
              value={date}
              onChange={setDate}
              error={refusal.field('actualDate')}
            />
            <Button type="submit" size="sm" loading={close.isPending} data-testid="stage-close-confirm">
              {t('stages.confirmClose')}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
