import type { AssignmentKind, CustomsAssignee } from '@tms/domain';
import type { Tx } from '../../db/connection';

/**
 * How many open records each of `userIds` holds in the role a kind assigns (forwarder: open orders and
 * requests; customs: customs requests in work), for least-loaded rules. The modules owning the records
 * contribute their part (operations: orders; requests: requests), so assignment reads no table of theirs.
 */
export interface AssignmentLoad {
  kind: AssignmentKind;
  /** Customs: the person whose load it counts (the declarations' declarants); unset, the customs specialist. */
  assigns?: CustomsAssignee;
  count(tx: Tx, userIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
}

declare module '../../platform/modules' {
  interface ModuleContributions {
    /** A module's open records by the person a kind of auto-assignment gives them to. */
    assignmentLoads: AssignmentLoad;
  }
}
