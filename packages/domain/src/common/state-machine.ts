/**
 * A state machine: the states of a status, the transitions between them, who may make each (roles, or
 * whatever `authorize` says) and the guards that must hold. Pure: the facts the guards look at come from
 * the caller (the server reads them from the database).
 */
export interface StateTransition<S extends string> {
  from: S;
  to: S;
  /** Holders of any of these roles may make it (the default `authorize`); none listed: anyone. */
  roles?: readonly string[];
}

/** Why a transition is refused: a stable message and where it goes in a Validation Failed tree ([] = root). */
export interface TransitionRefusal {
  error: string;
  path: string[];
}

export type StateTransitionResult = { ok: true } | ({ ok: false } & TransitionRefusal);

export interface StateMachineDefinition<S extends string, T extends StateTransition<S>, Actor, Facts> {
  /** Every state; a move to anything else is refused. */
  states: readonly S[];
  transitions: readonly T[];
  /** The refusal of a move no transition allows, or that the actor may not make. */
  refusal: TransitionRefusal;
  /** Whether `actor` may make `transition`; default: `transition.roles` against `actor.roles`. */
  authorize?: (transition: T, actor: Actor, facts: Facts) => boolean;
  /** A refusal that applies before the authority is looked at (e.g. an archived record), or null. */
  precheck?: (transition: T, actor: Actor, facts: Facts) => TransitionRefusal | null;
  /** The first guard of `transition` that does not hold for these facts, or null. */
  guard?: (transition: T, actor: Actor, facts: Facts) => TransitionRefusal | null;
}

export interface StateMachine<S extends string, T extends StateTransition<S>, Actor, Facts> {
  readonly states: readonly S[];
  readonly transitions: readonly T[];
  /** Whether `actor` may move `from` → `to`; the same state is no change and passes. */
  check(from: S, to: string, actor: Actor, facts: Facts): StateTransitionResult;
  can(from: S, to: string, actor: Actor, facts: Facts): boolean;
  /** The transitions `actor` may make from `from`, in declaration order. */
  next(from: S, actor: Actor, facts: Facts): T[];
  /** Throws a TransitionRefusedError unless the move is allowed. */
  assertTransition(from: S, to: string, actor: Actor, facts: Facts): void;
}

export class TransitionRefusedError extends Error {
  constructor(readonly refusal: TransitionRefusal) {
    super(refusal.error);
  }
}

const holdsAnyRole = (actor: unknown, roles: readonly string[]): boolean => {
  const held = (actor as { roles?: ReadonlySet<string> | readonly string[] } | null)?.roles;
  if (!held) return false;
  return roles.some((role) => ('has' in held ? held.has(role) : held.includes(role)));
};

export function defineStateMachine<S extends string, T extends StateTransition<S>, Actor, Facts>(
  definition: StateMachineDefinition<S, T, Actor, Facts>,
): StateMachine<S, T, Actor, Facts> {
  const { states, transitions, refusal } = definition;
  const authorize =
    definition.authorize ??
    ((transition: T, actor: Actor) => !transition.roles?.length || holdsAnyRole(actor, transition.roles));
  const refuse = (r: TransitionRefusal): StateTransitionResult => ({ ok: false, ...r });

  function checkRule(rule: T, actor: Actor, facts: Facts): StateTransitionResult {
    const pre = definition.precheck?.(rule, actor, facts);
    if (pre) return refuse(pre);
    if (!authorize(rule, actor, facts)) return refuse(refusal);
    const failure = definition.guard?.(rule, actor, facts);
    return failure ? refuse(failure) : { ok: true };
  }

  function check(from: S, to: string, actor: Actor, facts: Facts): StateTransitionResult {
    if (!(states as readonly string[]).includes(to)) return refuse(refusal);
    if (from === to) return { ok: true };
    const rule = transitions.find((t) => t.from === from && t.to === to);
    return rule ? checkRule(rule, actor, facts) : refuse(refusal);
  }

  return {
    states,
    transitions,
    check,
    can: (from, to, actor, facts) => check(from, to, actor, facts).ok,
    next: (from, actor, facts) => transitions.filter((t) => t.from === from && checkRule(t, actor, facts).ok),
    assertTransition(from, to, actor, facts) {
      const result = check(from, to, actor, facts);
      if (!result.ok) throw new TransitionRefusedError({ error: result.error, path: result.path });
    },
  };
}
