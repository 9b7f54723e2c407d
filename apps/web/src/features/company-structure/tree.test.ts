import type { StructureNode } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { childrenOf, moveTargets, searchTree, subtreeOf } from './tree';

const node = (
  id: number,
  kind: StructureNode['kind'],
  parentId: number | null,
  users: string[] = [],
): StructureNode => ({
  id,
  version: 1,
  kind,
  name: `N${id}`,
  nameEn: null,
  parentId,
  head: false,
  staffPositionId: null,
  staffPositionName: null,
  users: users.map((name, i) => ({ id: i + 1, name, active: true })),
  headCount: users.length,
});

const nodes = [
  node(1, 'block', null),
  node(2, 'department', 1),
  node(3, 'position', 2, ['Иван Иванов']),
  node(4, 'position', 3, ['Wang Li']),
  node(5, 'department', null),
];

describe('the structure tree on screen', () => {
  it('finds a person in his place, opening the way to him', () => {
    const found = searchTree(nodes, 'wang');
    expect([...found.matches]).toEqual([4]);
    expect([...found.visible!].sort()).toEqual([1, 2, 3, 4]);
    expect([...found.open].sort()).toEqual([1, 2, 3]);
    expect(searchTree(nodes, '  ').visible).toBeNull();
  });

  it('offers as move targets neither the node nor anything below it, and only where its kind stands', () => {
    expect(moveTargets(nodes, nodes[1]!).map((n) => n.id)).toEqual([1, 5]);
    expect(moveTargets(nodes, nodes[2]!).map((n) => n.id)).toEqual([1, 2, 5]);
    expect([...subtreeOf(childrenOf(nodes), 2)].sort()).toEqual([2, 3, 4]);
  });
});
