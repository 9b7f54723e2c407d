import type { CabinetKind, ListResult, ResourceDescriptor } from '@tms/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../../db/connection';
import type { AuthContext, Principal } from '../../auth/context';
import type { changeHistory, changeHistoryQuerySchema } from '../../changelog/history';
import type { ChangeAction } from '../../changelog/service';
import type { FieldChanges } from '../../changelog/tables';
import type { CallContext, ChangeContext, ResourceContext } from '../context';
import type { ListFilters } from '../query';
import type { ResourceTable } from '../table';
import type { ResourceAction } from './roles';
import type { resourceSchemas } from './schemas';

export type Values = Record<string, unknown>;
export type RowOf<T extends ResourceTable> = T['$inferSelect'];

/** What a client sends to create a record of the resource: its create schema's output. */
export type CreateInput<D extends ResourceDescriptor> = z.output<D['create']>;

/**
 * What a create or update writes: members of the body (`Input`) and columns of the table (`Row`), each of its
 * own type. A hook answering a member that is neither is a type error; the kernel refuses it at run time too.
 */
export type WriteValues<Row, Input> = {
  [K in keyof Input | keyof Row]?:
    | (K extends keyof Input ? Input[K] : never)
    | (K extends keyof Row ? Row[K] : never);
};

export interface WriteEvent<Row, Input extends object = Values> {
  action: ChangeAction;
  before: Row | null;
  after: Row | null;
  /**
   * The validated body as sent (includes members that are not columns, e.g. a link list); for `write`, the
   * columns it set.
   */
  input: WriteValues<Row, Input>;
}

/**
 * What is special about a resource, typed from its declaration: `Row` is its table's row, `Input` its create
 * body (`CreateInput`), so a hook reads `values.amount` as the declared type. Methods, so that a service of
 * typed hooks is still a `ResourceService<Row>` to code that does not know its body.
 */
export interface ResourceHooks<Row, Input extends object = Values> {
  /**
   * Rows the user may see (`read`: list, get, export, history) and change (`write`: update, toggle,
   * delete); a resource whose view and edit permissions are scoped apart tells them apart by `access`.
   */
  scope?(auth: AuthContext, access: 'read' | 'write'): SQL | undefined;
  /** Checks and completes a create; throw fieldError / ErrorCollector; return replaced column values. */
  beforeCreate?(
    ctx: ResourceContext,
    values: Input,
  ): Promise<WriteValues<Row, Input> | undefined> | WriteValues<Row, Input> | undefined;
  /**
   * `beforeCreate` of several records created together (`createMany`: an import's chunk): the same rules,
   * their lookups made once for all (and each record checked against the others before it, as one by one
   * it would be against the stored ones); throws `ManyRefused` with the first refused record. Unset,
   * `beforeCreate` runs per record.
   */
  beforeCreateMany?(ctx: ResourceContext, values: Input[]): Promise<(WriteValues<Row, Input> | undefined)[]>;
  /**
   * Refuses any change of `existing` (archived, merged, locked) before the field roles are checked;
   * `changed`: the members the update changes.
   */
  guardUpdate?(ctx: ResourceContext, existing: Row, changed: string[]): Promise<void> | void;
  /** Checks and completes an update of `existing`; `values` holds only the members sent. */
  beforeUpdate?(
    ctx: ResourceContext,
    values: Partial<Input>,
    existing: Row,
  ): Promise<WriteValues<Row, Input> | undefined> | WriteValues<Row, Input> | undefined;
  /**
   * `beforeUpdate` of several records updated together (`updateMany`: an import's chunk): the same rules,
   * their lookups made once for all (each record checked against the others before it); throws
   * `ManyRefused` with the first refused record. Unset, `updateMany` updates one by one (`update`).
   */
  beforeUpdateMany?(
    ctx: ResourceContext,
    items: { values: Partial<Input>; existing: Row }[],
  ): Promise<(WriteValues<Row, Input> | undefined)[]>;
  /** After a user's create, update, enable, disable or delete, in the same transaction. */
  afterWrite?(ctx: ResourceContext, event: WriteEvent<Row, Input>): Promise<void> | void;
  /** `afterWrite` of several records created together (`createMany`); unset, `afterWrite` runs per record. */
  afterCreateMany?(ctx: ResourceContext, events: WriteEvent<Row, Input>[]): Promise<void>;
  /**
   * After every change, also the system's and those of `write` (a status, the archive), in the same
   * transaction and after `afterWrite`: what must commit with the change. What may follow it (real time, most
   * news) is a domain-event subscriber's (platform/events).
   */
  onChange?(ctx: ChangeContext, event: WriteEvent<Row, Input>): Promise<void> | void;
  /** Refuses a delete, typically `throw conflict('service used in orders or products')`. */
  beforeDelete?(ctx: ResourceContext, row: Row): Promise<void> | void;
  /** Row → JSON entity; by default the entity schema's members taken from the row, dates as ISO text. */
  toEntity?(row: Row, ctx: CallContext): Promise<Values> | Values;
  /**
   * Rows → JSON entities in one go, for entities that read other tables (a document's lines): a list
   * page or an export then asks once for all its rows instead of once per row. Replaces `toEntity`.
   */
  toEntities?(rows: readonly Row[], ctx: CallContext): Promise<Values[]>;
  /**
   * The columns a custom `toEntity`/`toEntities` reads beyond the entity's own members: a list page then
   * selects those and the entity's, not the columns kept for search (unset: every column).
   */
  entityColumns?: readonly string[];
}

/** What a counterparty's cabinet may do with a resource: its actions, within its counterparty's records. */
export interface CabinetAccess {
  /** The cabinet it is open to (its principals alone); unset, every cabinet. */
  kind?: CabinetKind;
  /** The records of the cabinet's counterparty (the counterparty dimension of the scope). */
  counterparty: (counterpartyId: number) => SQL;
  /** The actions open to cabinets; default: read only. */
  actions?: readonly ResourceAction[];
  /**
   * A view made for cabinets alone (the client cabinet's requests, orders, bills): staff users get 403 on
   * every action, as they read the records through their own resource and its scope.
   */
  only?: boolean;
  /** The cabinet role (any of) an action needs beyond being open to cabinets; unset, none. */
  roles?: Partial<Record<ResourceAction, readonly string[]>>;
}

export interface ResourceOptions<Row, Input extends object = Values> {
  hooks?: ResourceHooks<Row, Input>;
  /** Opens the resource to counterparties' cabinets; unset, a cabinet gets 403 on every action. */
  cabinet?: CabinetAccess;
  /**
   * The field a write is refused under when it would leave the record outside its author's read scope
   * (orders: the office); unset, the refusal belongs to no field.
   */
  scopeField?: string;
  /** Constraint name → field, for constraints the table definition does not name (expression indexes). */
  constraints?: Record<string, string>;
  /**
   * Create (or entity) members that are no column: the hooks read them and write them elsewhere (a payment's
   * links, a user's password). Any other member without a column stops the service at start-up, and a write
   * of a member that is neither a column nor virtual is refused.
   */
  virtual?: readonly (keyof Input & string)[];
  /** Members masked in the change log (e.g. a secret). */
  secretFields?: string[];
  /** The 409 message when a delete is refused because other tables refer to the record (spec §8). */
  inUseMessage?: string;
  /**
   * List filters on computed values (no column of that name): the condition for the values asked, called
   * on every list and export, also with none asked, so a filter can have a default.
   */
  filters?: ListFilters;
}

export type ListQuery = Values & { page: number; itemsPerPage: number };

import type { ExportQuery, ExportSelection } from '../registry';

export type { ExportQuery, ExportSelection };

export type HistoryQuery = z.infer<typeof changeHistoryQuerySchema>;

/** Where a row is looked for: the principal's scope (`access`), an explicit condition, or none (system). */
export interface FindOptions {
  /** The principal's scope for reading (default) or writing; ignored when `where` is given. */
  access?: 'read' | 'write';
  /** The condition instead of the scope hook (undefined in `where`: every row). */
  where?: SQL | undefined;
  /** Lock the row for the transaction (FOR UPDATE). */
  lock?: boolean;
}

/**
 * A resource as a service: list, get, create, update, delete, enable/disable, history, with validation,
 * scope, field checks of the hooks, optimistic locking, change log and the hooks' events. No HTTP: any
 * code calls it with a principal and a transaction; the routes of `registerResource` are a thin adapter.
 */
export interface ResourceService<Row = Values, Input extends object = Values> {
  readonly descriptor: ResourceDescriptor;
  readonly table: ResourceTable;
  readonly options: ResourceOptions<Row, Input>;
  readonly schemas: ReturnType<typeof resourceSchemas>;
  /**
   * One page (`query` as `schemas.listQuery` parses it) within the read scope, for a principal holding the
   * read roles; `narrower`: a condition of the caller on top of it (a lookup offering only the records an
   * action may take, authorized by that action's roles instead).
   */
  list(ctx: ResourceContext, query: ListQuery, narrower?: SQL): Promise<ListResult<Values>>;
  /**
   * The entities of the list's selection and order with the fields to export, in the request: a selection
   * over MAX_EXPORT_ROWS is refused (422) and is prepared in the background instead (`exportSelection`).
   */
  exportRows(
    ctx: ResourceContext,
    query: ExportQuery,
  ): Promise<{ fields: ResourceDescriptor['fields']; entities: Values[] }>;
  /**
   * A prepared export's reading of the list (its reader's roles, scope, filters, search and order): the
   * fields to write, the exact number of rows, and the entities page after page by keyset, so that however
   * many rows it holds only one page is in memory.
   */
  exportSelection(ctx: ResourceContext, query: ExportQuery): ExportSelection;
  /** The entity within the read scope; 404 otherwise. */
  get(ctx: ResourceContext, id: number): Promise<Values>;
  /** The stored row: 404 when the scope (or `where`) does not reach it. */
  find(ctx: ChangeContext, id: number, options?: FindOptions): Promise<Row>;
  /** Whether `where` reaches the row (e.g. the edit scope of a record the user can read). */
  reaches(tx: Tx, id: number, where: SQL | undefined): Promise<boolean>;
  /**
   * Whether the principal may read the record (its read roles and scope; a cabinet its counterparty's): what
   * the record's files and real-time topic follow (`recordFileOwner`, `recordTopic`).
   */
  canRead(ctx: { tx: Tx; auth: Principal }, id: number): Promise<boolean>;
  /** The ids among `ids` the read scope does not reach (none when it is not restricted); for references. */
  outsideReadScope(ctx: ResourceContext, ids: readonly number[]): Promise<Set<number>>;
  /** See `ReadReach.labelsQuery`. */
  labelsQuery(auth: Principal, field: string, ids: readonly number[], labelField: string): SQL | null;
  /**
   * Which change-log entries of this resource the principal may read, as a condition on the entry's
   * record id (`entityId`): none without the read roles; with them, those of records the read scope reaches
   * and of deleted records (whose roles are all that is left to judge by). `true`: all, `false`: none.
   */
  changeLogAccess(auth: Principal, entityId: SQL | AnyPgColumn): SQL | boolean;
  history(ctx: ResourceContext, id: number, query: HistoryQuery): ReturnType<typeof changeHistory>;
  create(ctx: ResourceContext, input: unknown): Promise<Values>;
  /**
   * Several creates in one transaction, each by the rules of `create`, their lookups and writes made once
   * for all (an import's chunk): the entities in the order given; the first refused body throws
   * `ManyRefused` (its index, its refusal) and nothing of the call is written.
   */
  createMany(ctx: ResourceContext, inputs: readonly unknown[]): Promise<Values[]>;
  /**
   * Several updates in one transaction, each by the rules of `update` (an import's chunk): the rows read
   * and locked in one query, the hooks' lookups once for all (`beforeUpdateMany`), the change log in one
   * statement, readability in one query. An item's `version` is checked when given (409); without it the
   * record is changed as stored (locked). The first refused item throws `ManyRefused`, nothing written.
   */
  updateMany(
    ctx: ResourceContext,
    items: readonly { id: number; input: unknown; version?: number }[],
  ): Promise<Values[]>;
  /** `version`: the one the change is based on (or in `input.version`); 409 when it is not the stored one. */
  update(ctx: ResourceContext, id: number, input: unknown, version?: number): Promise<Values>;
  delete(ctx: ResourceContext, id: number): Promise<Values>;
  /** Enable or disable (descriptors with `toggle`); already so: nothing changes, nothing is logged. */
  setEnabled(ctx: ResourceContext, id: number, enabled: boolean): Promise<Values>;
  /**
   * A change of a row the caller read and locked (`find` with `lock`), beside the checks of `update`: a
   * status, the archive, the system's own moves. `version`: the optimistic check (undefined: none);
   * `changes`: members the log shows beside the columns' difference. Logged under `action`; `onChange`
   * runs. Answers the new row. Only columns may be set: any other member is refused (an error).
   */
  write(
    ctx: ChangeContext,
    before: Row,
    set: { [K in keyof Row]?: Row[K] },
    options: { action: ChangeAction; version?: number; changes?: FieldChanges },
  ): Promise<Row>;
  toEntity(row: Row, ctx: CallContext): Promise<Values>;
  /** Several rows at once (a page of a custom list): one query for what they read beside the row. */
  toEntities(rows: readonly Row[], ctx: CallContext): Promise<Values[]>;
}
