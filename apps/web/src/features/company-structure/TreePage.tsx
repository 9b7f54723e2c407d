import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowsMove,
  IconBuilding,
  IconChevronDown,
  IconChevronRight,
  IconGitBranch,
  IconPlus,
  IconSearch,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StructureNode } from '@tms/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { fetchTree, ITEMS_PATH, TREE_KEY } from './api';
import { MoveDialog } from './MoveDialog';
import { childrenOf, type NodeId, searchTree } from './tree';

export const KIND_ICONS = { block: IconBuilding, department: IconUsersGroup, position: IconUser } as const;

/**
 * The structure as a tree (`/company-structure/tree-structure/items`): blocks, departments and positions
 * with their holders and head-counts, searchable by name or person, opened and closed by node or all at
 * once; editors open a node, add one or move one.
 */
export function TreePage() {
  const { t } = useTranslation('companyStructure');
  const system = useSystemData();
  const editor = hasRole(system, 'ROLE_COMPANY_STRUCTURE_EDIT');
  const tree = useQuery({
    queryKey: TREE_KEY,
    queryFn: ({ signal }) => fetchTree(signal),
    refetchOnMount: 'always',
  });
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<Set<NodeId> | null>(null);
  const [moving, setMoving] = useState<StructureNode | null>(null);
  const nodes = tree.data ?? [];
  const children = useMemo(() => childrenOf(nodes), [nodes]);
  const found = useMemo(() => searchTree(nodes, search), [nodes, search]);
  // Until the user opens or closes anything, the top two levels are open.
  const open = (id: NodeId, depth: number) =>
    found.visible ? found.open.has(id) : opened ? opened.has(id) : depth < 1;
  const toggle = (id: NodeId, depth: number) => {
    const next = new Set(opened ?? nodes.filter((n) => open(n.id, depthOf(nodes, n))).map((n) => n.id));
    if (open(id, depth)) next.delete(id);
    else next.add(id);
    setOpened(next);
  };

  if (!tree.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }

  const renderNode = (node: StructureNode, depth: number) => {
    if (found.visible && !found.visible.has(node.id)) return null;
    const kids = children.get(node.id) ?? [];
    const isOpen = kids.length > 0 && open(node.id, depth);
    const Icon = KIND_ICONS[node.kind];
    return (
      <li key={node.id}>
        <Group
          gap="xs"
          wrap="nowrap"
          py={6}
          pl={depth * 24}
          pr="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-testid={`structure-node-${node.id}`}
        >
          {kids.length ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => toggle(node.id, depth)}
              aria-expanded={isOpen}
              aria-label={t(isOpen ? 'tree.collapse' : 'tree.expand', { name: node.name })}
            >
              {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
          ) : (
            <span style={{ width: 22, flex: 'none' }} />
          )}
          <Icon size={18} color="var(--mantine-color-dimmed)" style={{ flex: 'none' }} aria-hidden />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Anchor
                component={Link}
                to={`${ITEMS_PATH}/${node.id}`}
                fw={node.kind === 'position' ? 400 : 600}
                size="sm"
                c={found.matches.has(node.id) ? 'orange.8' : undefined}
              >
                {node.name}
              </Anchor>
              {node.head && (
                <Badge size="xs" variant="light" color="blue">
                  {t('tree.head')}
                </Badge>
              )}
              {node.staffPositionName && node.staffPositionName !== node.name && (
                <Text size="xs" c="dimmed" truncate>
                  {node.staffPositionName}
                </Text>
              )}
            </Group>
            {node.kind === 'position' && (
              <Text size="xs" c={node.users.length ? undefined : 'dimmed'} truncate>
                {node.users.length ? node.users.map((u) => u.name).join(', ') : t('tree.vacant')}
              </Text>
            )}
          </Stack>
          {node.kind !== 'position' && (
            <Tooltip label={t('tree.people', { count: node.headCount })}>
              <Badge
                variant="light"
                color="gray"
                leftSection={<IconUsers size={12} />}
                aria-label={t('tree.people', { count: node.headCount })}
              >
                {node.headCount}
              </Badge>
            </Tooltip>
          )}
          {editor && (
            <Tooltip label={t('tree.move')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setMoving(node)}
                aria-label={`${t('tree.move')}: ${node.name}`}
                data-testid={`move-${node.id}`}
              >
                <IconArrowsMove size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {isOpen && <ul style={LIST}>{kids.map((child) => renderNode(child, depth + 1))}</ul>}
      </li>
    );
  };

  const roots = children.get(null) ?? [];
  return (
    <Stack gap="md" maw={1100} data-testid="structure-tree">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('tree.search')}
          aria-label={t('tree.search')}
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', sm: 340 }}
          data-testid="structure-search"
        />
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => setOpened(new Set(nodes.map((n) => n.id)))}>
            {t('tree.expandAll')}
          </Button>
          <Button variant="default" size="sm" onClick={() => setOpened(new Set())}>
            {t('tree.collapseAll')}
          </Button>
          <Button
            component={Link}
            to="/company-structure/tree-structure/graph"
            variant="default"
            size="sm"
            leftSection={<IconGitBranch size={16} />}
          >
            {t('tree.graph')}
          </Button>
          {editor && (
            <Button component={Link} to={`${ITEMS_PATH}/new`} size="sm" leftSection={<IconPlus size={16} />}>
              {t('tree.newNode')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder>
        {roots.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('tree.empty')}
          </Alert>
        ) : found.visible && found.visible.size === 0 ? (
          <Text p="md" c="dimmed" size="sm">
            {t('tree.nothingFound')}
          </Text>
        ) : (
          <ul aria-label={t('items.title')} style={LIST}>
            {roots.map((root) => renderNode(root, 0))}
          </ul>
        )}
      </Paper>
      {moving && <MoveDialog node={moving} nodes={nodes} onClose={() => setMoving(null)} />}
    </Stack>
  );
}

const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;

function depthOf(nodes: readonly StructureNode[], node: StructureNode): number {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let depth = 0;
  let parent = node.parentId;
  while (parent !== null && byId.has(parent)) {
    depth++;
    parent = byId.get(parent)!.parentId;
  }
  return depth;
}
