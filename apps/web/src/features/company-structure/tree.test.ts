import type { StructureNode } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { chartStep, childrenOf, moveTargets, searchTree, subtreeOf } from './tree';

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

describe('chartStep', () => {
  // Two roots; the first holds departments 2 and 3, department 2 the position 4.
  const nodes = [
    node(1, 'block', null),
    node(2, 'department', 1),
    node(3, 'department', 1),
    node(4, 'position', 2),
    node(5, 'block', null),
  ];

  it('goes down to the first child and back up to the parent, by the direction of the chart', () => {
    expect(chartStep(nodes, 1, 'ArrowDown', 'TB')).toBe(2);
    expect(chartStep(nodes, 2, 'ArrowDown', 'TB')).toBe(4);
    expect(chartStep(nodes, 4, 'ArrowUp', 'TB')).toBe(2);
    expect(chartStep(nodes, 1, 'ArrowRight', 'LR')).toBe(2);
    expect(chartStep(nodes, 4, 'ArrowLeft', 'LR')).toBe(2);
  });

  it('goes across to the siblings, roots included, and stays at the ends', () => {
    expect(chartStep(nodes, 2, 'ArrowRight', 'TB')).toBe(3);
    expect(chartStep(nodes, 3, 'ArrowLeft', 'TB')).toBe(2);
    expect(chartStep(nodes, 3, 'ArrowRight', 'TB')).toBe(3);
    expect(chartStep(nodes, 1, 'ArrowRight', 'TB')).toBe(5);
    expect(chartStep(nodes, 2, 'ArrowDown', 'LR')).toBe(3);
    expect(chartStep(nodes, 4, 'ArrowDown', 'TB')).toBe(4);
    expect(chartStep(nodes, 1, 'ArrowUp', 'TB')).toBe(1);
  });

  it('goes across in the order the chart draws the siblings', () => {
    const drawn = new Map([
      [1, 0],
      [2, 300],
      [3, 100],
      [4, 0],
      [5, 600],
    ]);
    expect(chartStep(nodes, 1, 'ArrowDown', 'TB', drawn)).toBe(3);
    expect(chartStep(nodes, 3, 'ArrowRight', 'TB', drawn)).toBe(2);
    expect(chartStep(nodes, 2, 'ArrowLeft', 'TB', drawn)).toBe(3);
  });

  it('goes to the first and last root with Home and End', () => {
    expect(chartStep(nodes, 4, 'Home', 'TB')).toBe(1);
    expect(chartStep(nodes, 4, 'End', 'TB')).toBe(5);
  });
});
