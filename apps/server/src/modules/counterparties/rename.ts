import type { Tx } from '../../db/connection';

/**
 * Rewrites what a module keeps of a counterparty's name (an order's client name, which its list sorts and
 * searches by) when the counterparty is renamed, inside the update's transaction. Modules that keep a name
 * contribute one in their definition (`contributes: { counterpartyRenameHooks: { name: hook } }`), as they
 * contribute merge hooks, so no list shows a name the counterparty no longer has.
 */
export type CounterpartyRenameHook = (tx: Tx, id: number, name: string) => Promise<void> | void;

declare module '../../platform/modules' {
  interface ModuleContributions {
    counterpartyRenameHooks: CounterpartyRenameHook;
  }
}
