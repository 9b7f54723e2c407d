import { z } from 'zod';
import { listQuerySchema } from '../common/list';

/**
 * A note about a release (spec §3: id, version, shortContent), shown once on the screens it concerns, by
 * route name (spec §2). `version` is the release it tells about, so an edit replaces the whole note.
 */
export const versionNewsCreateSchema = z.object({
  version: z.string().trim().min(1).max(50),
  shortContent: z.string().max(100_000),
  /** The route names (screen paths such as `/tms/orders`) it is shown on; empty: every screen. */
  routeNames: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
});
export type VersionNewsCreate = z.input<typeof versionNewsCreateSchema>;

export const versionNewsSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  shortContent: z.string(),
  routeNames: z.array(z.string()),
  createdTimestamp: z.string(),
});
export type VersionNews = z.infer<typeof versionNewsSchema>;

export const versionNewsListQuerySchema = listQuerySchema.pick({ page: true, itemsPerPage: true });

/** The route name of a screen path: its ids replaced by `{id}` (`/tms/orders/12` → `/tms/orders/{id}`). */
export function routeNameOf(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return trimmed.replace(/\/\d+(?=\/|$)/g, '/{id}');
}
