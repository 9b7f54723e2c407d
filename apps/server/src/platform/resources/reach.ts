import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { Principal } from '../auth/context';

/** What a reference to a resource may name: the records of its read scope. */
export interface ReadReach {
  /**
   * Whether the principal reads the record: the resource's read roles and scope, as its `get` asks them.
   * What a new record starts from (a bill from an order, a copy) is read through it.
   */
  canRead(ctx: { tx: Tx; auth: Principal }, id: number): Promise<boolean>;
  /** The ids among `ids` the principal's read scope does not reach (none when it is not restricted). */
  outsideReadScope(ctx: { tx: Tx; auth: Principal }, ids: readonly number[]): Promise<Set<number>>;
  /**
   * A query of the labels of the records among `ids` the principal may read, as rows `(field, id, label)`
   * with `field` as given, for a list that shows references to them; null when the principal reads none of
   * them or `labelField` is no column (the client then asks the resource itself).
   */
  labelsQuery(auth: Principal, field: string, ids: readonly number[], labelField: string): SQL | null;
}
