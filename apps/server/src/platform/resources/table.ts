import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A table the resource engine serves: an entity table (`entityColumns()`). Its own file so that the
 * registry and the engine need not import each other. */
export type ResourceTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };
