import { Alert, Anchor, Badge, Button, Card, Group, List, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconPlayerPlay } from '@tabler/icons-react';
import {
  stateName,
  type WorkflowInitiatorType,
  type WorkflowInstanceView,
  type WorkflowOption,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDateTime } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { refusalOf } from '../../platform/kit/blocks';
import { notifySaved } from '../../platform/snackbar';
import { validationErrorsOf } from '../../platform/widgets';
import { useMoveWorkflow, useRecordWorkflows, useStartWorkflow } from './api';

type Lang = 'ru' | 'en';

/** Who opens an instance's own page and the list (spec §6 "workflow access"). */
const INSTANCE_READERS = ['ROLE_SETTINGS_WORKFLOW_ACCESS', 'ROLE_SETTINGS_WORKFLOW'] as const;

/** The refusal of a move in words: each unmet field by its label, other refusals as the server said. */
function moveRefusal(error: unknown, option: WorkflowOption | undefined, lang: Lang): string[] {
  const fields = validationErrorsOf(error);
  if (!fields) return [refusalOf(error).all ?? ''];
  return Object.entries(fields).map(([path, messages]) => {
    const label = option?.unmet.find((u) => u.field === path)?.label[lang];
    const text = messages.map((m) => translateServerMessage(m)).join(' ');
    return label ? `${label}: ${text}` : text;
  });
}

/** One running workflow: its state, the steps out of it (with what they still need) and its history. */
export function InstanceCard({
  view,
  showRecord = false,
}: {
  view: WorkflowInstanceView;
  showRecord?: boolean;
}) {
  const { t, i18n } = useTranslation('workflows');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const system = useSystemData();
  const move = useMoveWorkflow();
  const [tried, setTried] = useState<string | null>(null);
  const { instance } = view;
  const refused = move.error
    ? moveRefusal(
        move.error,
        view.options.find((o) => o.target.id === tried),
        lang,
      )
    : [];

  return (
    <Card withBorder padding="md" data-testid={`workflow-${instance.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{view.descriptionName}</Text>
            {showRecord && (
              <Text size="sm" c="dimmed">
                {t('block.record')}:{' '}
                <Anchor component={Link} to={view.record.link}>
                  {view.record.title}
                </Anchor>
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('block.state')}
            </Text>
            <Badge size="lg" variant="light" color="violet" tt="none" data-testid="workflow-state">
              {stateName(instance.state ?? undefined, lang)}
            </Badge>
            {hasRole(system, INSTANCE_READERS) && !showRecord && (
              <Anchor component={Link} to={`/workflow-instances/${instance.id}`} size="sm">
                {t('block.open')}
              </Anchor>
            )}
          </Group>
        </Group>

        {view.options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('block.final')}
          </Text>
        ) : (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('block.next')}
            </Text>
            {view.options.map((option) => {
              const label = option.name || stateName(option.target, lang);
              const button = (
                <Button
                  size="xs"
                  variant={option.unmet.length ? 'default' : 'filled'}
                  rightSection={<IconArrowRight size={14} />}
                  disabled={!option.allowed}
                  loading={move.isPending && tried === option.target.id}
                  onClick={() => {
                    setTried(option.target.id);
                    move.mutate(
                      { instance, to: option.target.id },
                      {
                        onSuccess: (saved) =>
                          notifySaved(
                            t('block.moved', { state: stateName(saved.instance.state ?? undefined, lang) }),
                          ),
                      },
                    );
                  }}
                  data-testid={`workflow-move-${option.transitionId}`}
                >
                  {label}
                </Button>
              );
              return (
                <Group key={option.transitionId} gap="sm" wrap="nowrap" align="center">
                  {option.allowed ? (
                    button
                  ) : (
                    <Tooltip label={t('block.notAllowed')}>{<span>{button}</span>}</Tooltip>
                  )}
                  {!option.allowed && (
                    <Text size="xs" c="dimmed">
                      {t('block.notAllowed')}
                    </Text>
                  )}
                  {option.allowed && option.unmet.length > 0 && (
                    <Text size="xs" c="orange.9" data-testid="workflow-unmet">
                      {t('block.unmet', {
                        fields: option.unmet
                          .map((u) => `${u.label[lang]} — ${translateServerMessage(u.message).toLowerCase()}`)
                          .join('; '),
                      })}
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}

        {refused.length > 0 && (
          <Alert color="red" variant="light" data-testid="workflow-refusal">
            <List size="sm">
              {refused.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('block.history')}
          </Text>
          {view.moves.map((m) => (
            <Text key={m.id} size="xs" c="dimmed">
              {formatDateTime(m.at)} · {m.userName ?? t('block.system')} ·{' '}
              {m.from
                ? t('block.historyMove', {
                    from: stateName(m.from, lang),
                    to: stateName(m.to ?? undefined, lang),
                  })
                : t('block.historyStart', { state: stateName(m.to ?? undefined, lang) })}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The workflows of one record (a record page's block, the start screen): each running one, and a start. */
export function RecordWorkflows({ type, id }: { type: WorkflowInitiatorType; id: number }) {
  const { t } = useTranslation('workflows');
  const workflows = useRecordWorkflows(type, id);
  const start = useStartWorkflow();
  const [chosen, setChosen] = useState<string | null>(null);

  if (workflows.isPending) return <Text c="dimmed">…</Text>;
  if (workflows.isError) return <Alert color="red">{refusalOf(workflows.error).all}</Alert>;
  const { instances, startable } = workflows.data;

  return (
    <Stack gap="md" data-testid="record-workflows">
      {instances.length === 0 && <Text c="dimmed">{t('block.none')}</Text>}
      {instances.map((view) => (
        <InstanceCard key={view.instance.id} view={view} />
      ))}
      {startable.length > 0 && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('block.startWhich')}
            data={startable.map((d) => ({ value: String(d.id), label: d.name }))}
            value={chosen}
            onChange={setChosen}
            w={320}
            data-testid="workflow-start-select"
          />
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={chosen === null}
            loading={start.isPending}
            onClick={() =>
              start.mutate(
                { descriptionId: Number(chosen), initiatorType: type, initiatorId: id },
                {
                  onSuccess: () => {
                    setChosen(null);
                    notifySaved(t('block.started'));
                  },
                },
              )
            }
            data-testid="workflow-start"
          >
            {t('block.start')}
          </Button>
          {start.error && (
            <Text size="sm" c="red.8">
              {refusalOf(start.error).all}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
