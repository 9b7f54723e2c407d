import { describe, expect, it } from 'vitest';
import { layoutStates, NODE_HEIGHT } from './layout';

describe('workflow graph layout', () => {
  it('puts each state below the one a transition comes from, ignoring dangling transitions', () => {
    const positions = layoutStates(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
        { source: 'c', target: 'gone' },
      ],
    );
    const [a, b, c] = ['a', 'b', 'c'].map((id) => positions.get(id)!);
    expect(b!.y).toBeGreaterThanOrEqual(a!.y + NODE_HEIGHT);
    expect(c!.y).toBeGreaterThanOrEqual(b!.y + NODE_HEIGHT);
  });
});
