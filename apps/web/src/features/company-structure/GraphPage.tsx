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
} from '@xyflow/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchTree, ITEMS_PATH, TREE_KEY } from './api';
import { type Direction, layoutTree, NODE_HEIGHT, NODE_WIDTH, type Placed } from './layout';
import { chartPng } from './png';
import { KIND_ICONS } from './TreePage';

type ChartNode = Node<{ node: StructureNode; direction: Direction; second: string }, 'structure'>;

const ACCENT = { block: 'blue.6', department: 'teal.6', position: 'gray.5' } as const;

function StructureCard({ data }: NodeProps<ChartNode>) {
  const { t } = useTranslation('companyStructure');
  const { node, direction, second } = data;
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

/**
 * The structure as a read-only chart (`/company-structure/tree-structure/graph`): laid out by dagre, every
 * root side by side, a node opening its record; exported as a PNG of the whole chart.
 */
export function GraphPage() {
  const { t } = useTranslation('companyStructure');
  const navigate = useNavigate();
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
  const nodes: ChartNode[] = layout.placed.map((p) => ({
    id: String(p.node.id),
    type: 'structure',
    position: { x: p.x, y: p.y },
    data: { node: p.node, direction, second: second(p) },
  }));
  const edges: Edge[] = layout.edges.map(([from, to]) => ({
    id: `${from}-${to}`,
    source: String(from),
    target: String(to),
    type: 'smoothstep',
  }));

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
        <Button
          leftSection={<IconDownload size={16} />}
          variant="default"
          onClick={exportPng}
          disabled={nodes.length === 0}
          data-testid="export-png"
        >
          {t('graph.exportPng')}
        </Button>
      </Group>
      {nodes.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('graph.empty')}
        </Alert>
      ) : (
        <Box
          h="calc(100vh - 200px)"
          mih={420}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <ReactFlowProvider>
            <ReactFlow
              key={direction}
              nodes={nodes}
              edges={edges}
              nodeTypes={NODE_TYPES}
              nodesDraggable={false}
              nodesConnectable={false}
              elementsSelectable={false}
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
          </ReactFlowProvider>
        </Box>
      )}
    </Stack>
  );
}
