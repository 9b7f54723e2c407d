import type { StructureNode } from '@tms/domain';

export type NodeId = number;

/** The children of each node (null: the roots), in the server's order (heads first, then by name). */
export function childrenOf(nodes: readonly StructureNode[]): Map<NodeId | null, StructureNode[]> {
  const known = new Set(nodes.map((n) => n.id));
  const out = new Map<NodeId | null, StructureNode[]>();
  for (const node of nodes) {
    // A node whose parent is not in the list is drawn as a root rather than lost.
    const parent = node.parentId !== null && known.has(node.parentId) ? node.parentId : null;
    out.set(parent, [...(out.get(parent) ?? []), node]);
  }
  return out;
}

/** The node and everything under it. */
export function subtreeOf(children: Map<NodeId | null, StructureNode[]>, id: NodeId): Set<NodeId> {
  const out = new Set<NodeId>([id]);
  const stack = [id];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      out.add(child.id);
      stack.push(child.id);
    }
  }
  return out;
}

/** The text a search matches: the node's names and its holders' names. */
const textOf = (node: StructureNode) =>
  [node.name, node.nameEn ?? '', ...node.users.map((u) => u.name)].join('\n').toLocaleLowerCase();

/**
 * What a search shows: the matching nodes and every ancestor on their way from the top (so each match is
 * seen in its place), and the ancestors to open. An empty search shows everything and opens nothing.
 */
export function searchTree(
  nodes: readonly StructureNode[],
  search: string,
): { visible: Set<NodeId> | null; matches: Set<NodeId>; open: Set<NodeId> } {
  const text = search.trim().toLocaleLowerCase();
  if (!text) return { visible: null, matches: new Set(), open: new Set() };
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const matches = new Set(nodes.filter((n) => textOf(n).includes(text)).map((n) => n.id));
  const visible = new Set<NodeId>();
  const open = new Set<NodeId>();
  for (const id of matches) {
    visible.add(id);
    let parent = byId.get(id)?.parentId ?? null;
    while (parent !== null && !visible.has(parent)) {
      visible.add(parent);
      open.add(parent);
      parent = byId.get(parent)?.parentId ?? null;
    }
    if (parent !== null) open.add(parent);
  }
  return { visible, matches, open };
}

/** The nodes a node may move under: not itself nor anything below it, and only where its kind may stand. */
export function moveTargets(nodes: readonly StructureNode[], node: StructureNode): StructureNode[] {
  const below = subtreeOf(childrenOf(nodes), node.id);
  const allowed: Record<StructureNode['kind'], StructureNode['kind'][]> = {
    block: ['block'],
    department: ['block', 'department'],
    position: ['block', 'department', 'position'],
  };
  return nodes.filter((n) => !below.has(n.id) && allowed[node.kind].includes(n.kind));
}

/** A node's place for a person reading a list of targets: its ancestors' names, top first. */
export function pathLabel(nodes: readonly StructureNode[], node: StructureNode): string {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const names = [node.name];
  let parent = node.parentId === null ? undefined : byId.get(node.parentId);
  while (parent) {
    names.unshift(parent.name);
    parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
  }
  return names.join(' / ');
}

/** The keys that walk the chart; which of them go down the hierarchy depends on the chart's direction. */
export type ChartKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/**
 * The node a key leads to from `from` on the chart (itself when there is none): towards the children
 * (ArrowDown top-down, ArrowRight left-right) the first child, back the parent, across the previous or
 * next node of the same parent (roots count as siblings); Home and End the first and last root. `across`
 * is where each node is drawn across the chart (x top-down, y left-right): siblings go in that order, so an
 * arrow goes the way it points.
 */
export function chartStep(
  nodes: readonly StructureNode[],
  from: NodeId,
  key: ChartKey,
  direction: 'TB' | 'LR',
  across?: ReadonlyMap<NodeId, number>,
): NodeId {
  const children = childrenOf(nodes);
  if (across) {
    for (const list of children.values())
      list.sort((a, b) => (across.get(a.id) ?? 0) - (across.get(b.id) ?? 0));
  }
  const roots = children.get(null) ?? [];
  if (key === 'Home') return roots[0]?.id ?? from;
  if (key === 'End') return roots.at(-1)?.id ?? from;
  const node = nodes.find((n) => n.id === from);
  if (!node) return roots[0]?.id ?? from;
  const parent = node.parentId !== null && nodes.some((n) => n.id === node.parentId) ? node.parentId : null;
  const vertical = direction === 'TB';
  const down = vertical ? 'ArrowDown' : 'ArrowRight';
  const up = vertical ? 'ArrowUp' : 'ArrowLeft';
  const previous = vertical ? 'ArrowLeft' : 'ArrowUp';
  if (key === down) return children.get(from)?.[0]?.id ?? from;
  if (key === up) return parent ?? from;
  const siblings = children.get(parent) ?? [];
  const at = siblings.findIndex((n) => n.id === from);
  const next = siblings[key === previous ? at - 1 : at + 1];
  return next?.id ?? from;
}
