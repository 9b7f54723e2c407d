import { Button, Card, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import {
  stateName,
  WORKFLOW_INITIATOR_LABELS,
  WORKFLOW_INITIATOR_TYPES,
  type WorkflowInitiatorType,
} from '@tms/domain';
import { Background, MarkerType, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceScreenProps } from '../../platform/resources';
import { RecordPage, RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { recordStateOf } from '../../platform/resources/recordState';
import { useResourceTexts } from '../../platform/resources/texts';
import { useInstanceView } from './api';
import { layoutStates, NODE_HEIGHT, NODE_WIDTH } from './layout';
import { InstanceCard, RecordWorkflows } from './RecordWorkflows';
import { edgeRoute, NODE_TYPES } from './StateNode';

/** The description's graph with the instance's state marked (read only). */
function InstanceGraph({
  states,
  transitions,
  current,
}: {
  states: { id: string; name: string; nameEn?: string | null }[];
  transitions: { id: string; source: string; target: string }[];
  current: string;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const positions = useMemo(() => layoutStates(states, transitions), [states, transitions]);
  return (
    <div style={{ height: 320 }} data-testid="instance-graph">
      <ReactFlow
        nodes={states.map((s) => ({
          id: s.id,
          position: positions.get(s.id) ?? { x: 0, y: 0 },
          type: 'state',
          data: {
            label: stateName(s, lang),
            readOnly: true,
            style: {
              width: NODE_WIDTH,
              height: NODE_HEIGHT,
              borderRadius: 8,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 13,
              border: `2px solid ${s.id === current ? 'var(--mantine-color-violet-6)' : 'var(--mantine-color-gray-4)'}`,
              background: s.id === current ? 'var(--mantine-color-violet-1)' : 'var(--mantine-color-body)',
              fontWeight: s.id === current ? 600 : 400,
            },
          },
        }))}
        edges={transitions.map((tr) => ({
          id: tr.id,
          source: tr.source,
          target: tr.target,
          ...edgeRoute(positions, tr.source, tr.target),
          markerEnd: { type: MarkerType.ArrowClosed },
        }))}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1.1 }}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={16} />
      </ReactFlow>
    </div>
  );
}

/** `/workflow-instances/{id}`: the instance's state on its graph, its steps and history. */
export function InstancePage({ descriptor }: ResourceScreenProps) {
  const texts = useResourceTexts(descriptor);
  const { id, record } = useRecord(descriptor);
  const view = useInstanceView(id);
  const state = recordStateOf([record, view], id !== null && Number.isNaN(id));
  if (state !== 'ready' || !view.data) {
    return (
      <RecordPlaceholder
        state={state === 'ready' ? 'loading' : state}
        back={descriptor.path}
        error={view.error ?? record.error}
        onRetry={() => void view.refetch()}
      />
    );
  }
  const data = view.data;
  return (
    <RecordPage
      descriptor={descriptor}
      texts={texts}
      record={record.data ?? null}
      title={`${data.descriptionName} · ${data.record.title}`}
      tabs={[
        {
          value: 'main',
          label: texts.t('tabs.main'),
          content: (
            <Stack gap="md">
              <InstanceCard view={data} showRecord />
              <Card withBorder padding="sm">
                <InstanceGraph
                  states={data.states}
                  transitions={data.transitions}
                  current={data.instance.stateId}
                />
              </Card>
            </Stack>
          ),
        },
      ]}
    />
  );
}

/** `/workflow-instances/new`: a record chosen by its kind and number, then its workflows and the start. */
export function StartPage() {
  const { t, i18n } = useTranslation('workflows');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const [kind, setKind] = useState<WorkflowInitiatorType>('order');
  const [typed, setTyped] = useState<number | string>('');
  const [chosen, setChosen] = useState<{ type: WorkflowInitiatorType; id: number } | null>(null);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('instances.newTitle')}</Title>
      <Card withBorder padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typeof typed === 'number' && typed > 0) setChosen({ type: kind, id: typed });
          }}
        >
          <Group align="flex-end">
            <Select
              label={t('start.kind')}
              data={WORKFLOW_INITIATOR_TYPES.map((type) => ({
                value: type,
                label: WORKFLOW_INITIATOR_LABELS[type][lang],
              }))}
              value={kind}
              onChange={(value) => value && setKind(value as WorkflowInitiatorType)}
              allowDeselect={false}
              w={220}
              data-testid="start-kind"
            />
            <NumberInput
              label={t('start.record')}
              description={t('start.hint')}
              value={typed}
              onChange={setTyped}
              min={1}
              allowDecimal={false}
              w={260}
              data-testid="start-order-number"
            />
            <Button type="submit" variant="default" data-testid="start-find">
              {t('start.find')}
            </Button>
          </Group>
        </form>
      </Card>
      {chosen !== null && (
        <Stack gap="xs">
          <Text fw={600}>
            {WORKFLOW_INITIATOR_LABELS[chosen.type][lang]}: {String(chosen.id).padStart(6, '0')}
          </Text>
          <RecordWorkflows key={`${chosen.type}-${chosen.id}`} type={chosen.type} id={chosen.id} />
        </Stack>
      )}
    </Stack>
  );
}
