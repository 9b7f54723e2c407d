import { describe, expect, it } from 'vitest';
import { defineStateMachine, TransitionRefusedError } from './state-machine';

type Door = 'closed' | 'open' | 'locked';
interface Actor {
  roles: ReadonlySet<string>;
}
interface Facts {
  blocked?: boolean;
  broken?: boolean;
}

const REFUSED = { error: 'Not allowed.', path: ['state'] };
const door = defineStateMachine<
  Door,
  { from: Door; to: Door; roles?: string[]; needsKey?: boolean },
  Actor,
  Facts
>({
  states: ['closed', 'open', 'locked'],
  transitions: [
    { from: 'closed', to: 'open' },
    { from: 'open', to: 'closed' },
    { from: 'closed', to: 'locked', roles: ['ROLE_KEY'] },
    { from: 'locked', to: 'closed', roles: ['ROLE_KEY'], needsKey: true },
  ],
  refusal: REFUSED,
  precheck: (_t, _actor, facts) => (facts.broken ? { error: 'Broken.', path: [] } : null),
  guard: (t, _actor, facts) => (t.needsKey && facts.blocked ? { error: 'Blocked.', path: ['key'] } : null),
});
const anyone: Actor = { roles: new Set() };
const keeper: Actor = { roles: new Set(['ROLE_KEY']) };

describe('state machine', () => {
  it('allows the declared transitions to whoever holds their roles, and staying put', () => {
    expect(door.check('closed', 'open', anyone, {})).toEqual({ ok: true });
    expect(door.can('closed', 'locked', anyone, {})).toBe(false);
    expect(door.can('closed', 'locked', keeper, {})).toBe(true);
    expect(door.can('locked', 'locked', anyone, {})).toBe(true);
  });

  it('refuses undeclared moves and unknown states with the refusal', () => {
    expect(door.check('open', 'locked', keeper, {})).toEqual({ ok: false, ...REFUSED });
    expect(door.check('open', 'ajar', keeper, {})).toEqual({ ok: false, ...REFUSED });
  });

  it('checks the precheck before the roles, the guards after', () => {
    expect(door.check('closed', 'locked', anyone, { broken: true })).toEqual({
      ok: false,
      error: 'Broken.',
      path: [],
    });
    expect(door.check('locked', 'closed', anyone, { blocked: true })).toEqual({ ok: false, ...REFUSED });
    expect(door.check('locked', 'closed', keeper, { blocked: true })).toEqual({
      ok: false,
      error: 'Blocked.',
      path: ['key'],
    });
  });

  it('lists the next transitions the actor may make', () => {
    expect(door.next('closed', anyone, {}).map((t) => t.to)).toEqual(['open']);
    expect(door.next('closed', keeper, {}).map((t) => t.to)).toEqual(['open', 'locked']);
    expect(door.next('locked', keeper, { blocked: true })).toEqual([]);
  });

  it('asserts a transition by throwing the refusal', () => {
    expect(() => door.assertTransition('closed', 'open', anyone, {})).not.toThrow();
    try {
      door.assertTransition('closed', 'locked', anyone, {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TransitionRefusedError);
      expect((error as TransitionRefusedError).refusal).toEqual(REFUSED);
    }
  });
});
