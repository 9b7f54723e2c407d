import { Graph, layout } from '@dagrejs/dagre';

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 46;

/**
 * Positions of the states for the graph (dagre, top to bottom): computed from the graph alone, so the
 * picture follows the data and nothing about positions is stored.
 */
export function layoutStates(
  states: readonly { id: string }[],
  transitions: readonly { source: string; target: string }[],
): Map<string, { x: number; y: number }> {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 50, ranksep: 70 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(states.map((state) => state.id));
  for (const state of states) graph.setNode(state.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  transitions.forEach((t, index) => {
    if (ids.has(t.source) && ids.has(t.target)) graph.setEdge(t.source, t.target, {}, String(index));
  });
  layout(graph);
  const positions = new Map<string, { x: number; y: number }>();
  for (const state of states) {
    const node = graph.node(state.id);
    positions.set(state.id, { x: node.x - NODE_WIDTH / 2, y: node.y - NODE_HEIGHT / 2 });
  }
  return positions;
}

/** A new stable id for a state or a transition (kept across renames: instances point at it). */
export const newId = () => crypto.randomUUID();
