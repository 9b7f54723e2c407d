import '@xyflow/react/dist/style.css';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StructureNode } from '@tms/domain';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchTree, ITEMS_PATH, TREE_KEY } from './api';
import { type Direction, layoutTree, NODE_HEIGHT, NODE_WIDTH, type Placed } from './layout';
import { chartPng } from './png';
import { KIND_ICONS } from './TreePage';
import { type ChartKey, chartStep } from './tree';

type ChartNode = Node<
  {
    node: StructureNode;
    direction: Direction;
    second: string;
    /** The one node of the chart in the tab order (a roving tab stop); the arrows move it. */
    active: boolean;
    onKey: (event: KeyboardEvent, id: number) => void;
  },
  'structure'
>;

const CHART_KEYS = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

const ACCENT = { block: 'blue.6', department: 'teal.6', position: 'gray.5' } as const;

function StructureCard({ data }: NodeProps<ChartNode>) {
  const { t } = useTranslation('companyStructure');
  const { node, direction, second, active, onKey } = data;
  const Icon = KIND_ICONS[node.kind];
  const vertical = direction === 'TB';
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      w={NODE_WIDTH}
      h={NODE_HEIGHT}
      role="button"
      tabIndex={active ? 0 : -1}
      aria-label={`${node.name}: ${second}`}
      aria-description={t('graph.keys')}
      onKeyDown={(event) => onKey(event, node.id)}
      className="mantine-focus-auto"
      style={{
        borderLeft: `4px solid var(--mantine-color-${ACCENT[node.kind].replace('.', '-')})`,
        cursor: 'pointer',
      }}
      data-testid={`chart-node-${node.id}`}
    >
      <Handle type="target" position={vertical ? Position.Top : Position.Left} isConnectable={false} />
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-hidden style={{ flex: 'none' }} />
        <Text size="sm" fw={node.kind === 'position' ? 500 : 700} truncate style={{ flex: 1 }}>
          {node.name}
        </Text>
        {node.head && (
          <Badge size="xs" variant="light">
            {t('tree.head')}
          </Badge>
        )}
      </Group>
      <Group gap={4} mt={6} wrap="nowrap">
        {node.kind !== 'position' && <IconUsers size={12} aria-hidden style={{ flex: 'none' }} />}
        <Text size="xs" c="dimmed" truncate>
          {second}
        </Text>
      </Group>
      <Handle type="source" position={vertical ? Position.Bottom : Position.Right} isConnectable={false} />
    </Paper>
  );
}

const NODE_TYPES = { structure: StructureCard };

/** The chart itself, inside the React Flow provider: the arrows walk it, Enter opens a node's record. */
function Chart({
  tree,
  layout,
  direction,
  second,
}: {
  tree: StructureNode[];
  layout: ReturnType<typeof layoutTree>;
  direction: Direction;
  second: (placed: Pick<Placed, 'node'>) => string;
}) {
  const navigate = useNavigate();
  const flow = useReactFlow();
  const [activeId, setActiveId] = useState<number | null>(null);
  const active = activeId ?? layout.placed[0]?.node.id ?? null;
  const across = useMemo(
    () => new Map(layout.placed.map((p) => [p.node.id, direction === 'TB' ? p.x : p.y])),
    [layout, direction],
  );
  const onKey = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      navigate(`${ITEMS_PATH}/${id}`);
      return;
    }
    if (!CHART_KEYS.has(event.key)) return;
    event.preventDefault();
    const next = chartStep(tree, id, event.key as ChartKey, direction, across);
    setActiveId(next);
    const card = () =>
      document
        .querySelector<HTMLElement>(`[data-testid="chart-node-${next}"]`)
        ?.focus({ preventScroll: true });
    card();
    const placed = layout.placed.find((p) => p.node.id === next);
    if (placed) {
      // The card is focused at once and again when the pan ends, so the focus stays on it.
      void flow
        .setCenter(placed.x + NODE_WIDTH / 2, placed.y + NODE_HEIGHT / 2, {
          zoom: flow.getZoom(),
          duration: 150,
        })
        .then(card);
    }
  };
  const nodes: ChartNode[] = layout.placed.map((p) => ({
    id: String(p.node.id),
    type: 'structure',
    position: { x: p.x, y: p.y },
    data: { node: p.node, direction, second: second(p), active: p.node.id === active, onKey },
  }));
  const edges: Edge[] = layout.edges.map(([from, to]) => ({
    id: `${from}-${to}`,
    source: String(from),
    target: String(to),
    type: 'smoothstep',
  }));
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      // The cards are the tab stops and walk with the arrows; React Flow's own node focus would add one
      // stop per node.
      nodesFocusable={false}
      edgesFocusable={false}
      onNodeClick={(_event, node) => navigate(`${ITEMS_PATH}/${node.id}`)}
      fitView
      // A wide structure fitted whole is unreadable: it opens at a readable size, the rest a pan away.
      fitViewOptions={{ minZoom: 0.6, maxZoom: 1 }}
      minZoom={0.1}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/**
 * The structure as a read-only chart (`/company-structure/tree-structure/graph`): laid out by dagre, every
 * root side by side, a node opening its record (a click, or Enter on the card the arrows reached); exported
 * as a PNG of the whole chart.
 */
export function GraphPage() {
  const { t } = useTranslation('companyStructure');
  const tree = useQuery({
    queryKey: TREE_KEY,
    queryFn: ({ signal }) => fetchTree(signal),
    refetchOnMount: 'always',
  });
  const [direction, setDirection] = useState<Direction>('TB');
  const second = (placed: Pick<Placed, 'node'>) =>
    placed.node.kind === 'position'
      ? placed.node.users.map((u) => u.name).join(', ') || t('tree.vacant')
      : t('tree.people', { count: placed.node.headCount });
  const layout = useMemo(() => layoutTree(tree.data ?? [], direction), [tree.data, direction]);

  const exportPng = async () => {
    const blob = await chartPng(layout, direction, second);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = t('graph.fileName');
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  if (!tree.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="md" data-testid="structure-graph">
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('graph.direction')}
          value={direction}
          onChange={(value) => setDirection(value as Direction)}
          data={[
            { value: 'TB', label: t('graph.vertical') },
            { value: 'LR', label: t('graph.horizontal') },
          ]}
        />
        <Group gap="sm">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('graph.keys')}
          </Text>
          <Button
            leftSection={<IconDownload size={16} />}
            variant="default"
            onClick={exportPng}
            disabled={layout.placed.length === 0}
            data-testid="export-png"
          >
            {t('graph.exportPng')}
          </Button>
        </Group>
      </Group>
      {layout.placed.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('graph.empty')}
        </Alert>
      ) : (
        <Box
          h="calc(100vh - 200px)"
          mih={420}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <ReactFlowProvider key={direction}>
            <Chart tree={tree.data} layout={layout} direction={direction} second={second} />
          </ReactFlowProvider>
        </Box>
      )}
    </Stack>
  );
}
