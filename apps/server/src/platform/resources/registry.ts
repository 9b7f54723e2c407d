import type { ResourceDescriptor } from '@tms/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import type { Principal } from '../auth/context';
import type { ReadReach } from './reach';

/**
 * What the registry keeps of a resource service (`ResourceService` has it all): declared here so that the
 * app's registries do not depend on the engine that fills them.
 */
export interface RegistrableService extends ReadReach {
  readonly descriptor: ResourceDescriptor;
  readonly table: PgTable;
  readonly options: { virtual?: readonly string[]; hooks?: { toEntity?: unknown; toEntities?: unknown } };
  changeLogAccess(auth: Principal, entityId: SQL | AnyPgColumn): SQL | boolean;
  /** What a prepared export reads (platform/exports), with the query its export route parses. */
  readonly schemas: { exportQuery: { parse(input: unknown): unknown } };
  /** `ctx` is the owner's `ResourceContext` (typed by what the registry may import). */
  exportSelection(ctx: { tx: Tx; auth: Principal }, query: ExportQuery): ExportSelection;
}

/** A list's query as its export reads it, with the columns chosen. */
export type ExportQuery = Record<string, unknown> & { columns?: string };

/** The rows a list's export reads, page by page, in the list's order within the caller's scope. */
export interface ExportSelection {
  fields: ResourceDescriptor['fields'];
  count(): Promise<number>;
  pages(pageRows?: number): AsyncGenerator<Record<string, unknown>[]>;
}

export interface RegisteredResource {
  descriptor: ResourceDescriptor;
  table: PgTable;
  service: RegistrableService;
}

/**
 * The resources one app instance serves, filled as their routes are registered: for platform parts that
 * serve all lists (saved filters and column choice, the change log), for a reference to name the resource
 * it points to (by list path), and for the suites that check every resource (mass assignment). Part of the
 * app's registries, so two instances in one process (tests, extra modules) never see each other's.
 */
export class ResourceRegistry {
  private readonly byName = new Map<string, RegisteredResource>();
  private readonly byPath = new Map<string, ReadReach>();

  remember(service: RegistrableService): void {
    this.byName.set(service.descriptor.name, {
      descriptor: service.descriptor,
      table: service.table,
      service,
    });
    this.byPath.set(service.descriptor.path, service);
  }

  /** The registered descriptor of that name, if any. */
  descriptor(name: string): ResourceDescriptor | undefined {
    return this.byName.get(name)?.descriptor;
  }

  /** What a reference to the resource at that list path may name, if it is registered. */
  reachAt(path: string): ReadReach | undefined {
    return this.byPath.get(path);
  }

  /** Every registered resource with its table and service. */
  all(): RegisteredResource[] {
    return [...this.byName.values()];
  }
}
