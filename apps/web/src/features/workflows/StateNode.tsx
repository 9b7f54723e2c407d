import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import type { CSSProperties } from 'react';

/** `readOnly`: a picture only (an instance's graph), its handles not shown. */
export type StateNodeData = { label: string; style: CSSProperties; readOnly?: boolean };

/**
 * A state of the graph: transitions down enter at the top and leave at the bottom; a transition back up
 * (to a state placed above) leaves and enters on the right, so it is drawn beside the way down, not on it.
 */
export function StateNode({ data }: NodeProps<Node<StateNodeData>>) {
  const hidden: CSSProperties | undefined = data.readOnly ? { opacity: 0 } : undefined;
  return (
    <div style={data.style}>
      <Handle type="target" position={Position.Top} id="top" style={hidden} />
      {data.label}
      <Handle type="source" position={Position.Bottom} id="bottom" style={hidden} />
      <Handle type="source" position={Position.Right} id="right-out" style={{ top: '35%', ...hidden }} />
      <Handle type="target" position={Position.Right} id="right-in" style={{ top: '65%', ...hidden }} />
    </div>
  );
}

export const NODE_TYPES = { state: StateNode };

/** Which handles a transition uses: down the graph top to bottom, back up along the right side. */
export function edgeRoute(
  positions: ReadonlyMap<string, { x: number; y: number }>,
  source: string,
  target: string,
): { sourceHandle: string; targetHandle: string; type: 'default' | 'smoothstep' } {
  const up = (positions.get(target)?.y ?? 0) < (positions.get(source)?.y ?? 0);
  return up
    ? { sourceHandle: 'right-out', targetHandle: 'right-in', type: 'smoothstep' }
    : { sourceHandle: 'bottom', targetHandle: 'top', type: 'default' };
}
