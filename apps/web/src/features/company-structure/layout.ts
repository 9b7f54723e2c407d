import dagre from '@dagrejs/dagre';
import type { StructureNode } from '@tms/domain';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 76;
export type Direction = 'TB' | 'LR';

export interface Placed {
  node: StructureNode;
  /** The top-left corner. */
  x: number;
  y: number;
}

/**
 * Places every node of the structure with dagre, parents before children; several roots make a forest side
 * by side. A node whose parent is missing is a root of its own.
 */
export function layoutTree(
  nodes: readonly StructureNode[],
  direction: Direction,
): { placed: Placed[]; edges: [number, number][]; width: number; height: number } {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: direction, nodesep: 24, ranksep: 56, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  const known = new Set(nodes.map((n) => n.id));
  for (const node of nodes) graph.setNode(String(node.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  const edges: [number, number][] = [];
  for (const node of nodes) {
    if (node.parentId !== null && known.has(node.parentId)) {
      graph.setEdge(String(node.parentId), String(node.id));
      edges.push([node.parentId, node.id]);
    }
  }
  dagre.layout(graph);
  const placed = nodes.map((node) => {
    const { x, y } = graph.node(String(node.id));
    return { node, x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 };
  });
  const { width = 0, height = 0 } = graph.graph();
  return { placed, edges, width, height };
}
