import { ARCHIVE_BLOCKERS, archiveBlockers, jobSchema, OPERATION_TYPES, orderSchema } from '@tms/domain';
import { z } from 'zod';
import { defineUseCase } from '../../../platform/resources';
import { getOptions } from '../../options';
import { archiveFactsOf } from '../archive-facts';
import { OPERATION_KINDS } from '../operation';
import { stageRulesOf, today } from '../stages';

export const setArchivedInput = z.object({
  operation: z.enum(OPERATION_TYPES),
  id: z.number().int().positive(),
  /** true: archive; false: take out of the archive. */
  archived: z.boolean(),
  /** The version the change is based on (a user's change); the system changes without. */
  version: z.number().int().positive().optional(),
  /** The system's day (YYYY-MM-DD) the conditions of spec §4 are checked for; default today. */
  on: z.string().optional(),
  /** The option "archive after days", when the caller (the archiver) read it once for a whole run. */
  archiveAfterDays: z.number().int().min(0).optional(),
});

export const setArchivedOutput = z.object({
  /** The operation as it is now. */
  entity: z.union([orderSchema, jobSchema]),
  /** Whether it changed (already so, or for the system a condition not met: false). */
  changed: z.boolean(),
  /** For the system: why it was left out (empty when archived). */
  blockers: z.array(z.enum(ARCHIVE_BLOCKERS)),
});

/**
 * Archives an order or a job, or takes it out of the archive. A user (ROLE_ORDER_ARCHIVE, checked by the
 * route) does it by hand on a record of their view scope (else 404) with its version; the system (the
 * archiver, `asSystem`) archives only when every condition of spec §4 holds, re-checked under the row lock.
 * Logged as `archive` / `unarchive`; announced in real time.
 */
export const setArchived = defineUseCase({
  name: 'operations.set-archived',
  roles: ['ROLE_ORDER_ARCHIVE'],
  input: setArchivedInput,
  output: setArchivedOutput,
  async run(ctx, input) {
    const { tx, auth } = ctx;
    const kind = OPERATION_KINDS[input.operation];
    // A user's archive is guarded by the archive role alone: a record out of the view scope is not found.
    const system = auth.kind === 'system';
    const where = system ? undefined : kind.scope(auth, 'read', false);
    const before = await kind.service.find(ctx, input.id, { where, lock: true });
    const unchanged = async (blockers: z.infer<typeof setArchivedOutput>['blockers']) => ({
      entity: (await kind.service.toEntity(before, ctx)) as never,
      changed: false,
      blockers,
    });
    if (before.archived === input.archived) return unchanged([]);
    if (system && input.archived) {
      const archiveAfterDays = input.archiveAfterDays ?? (await getOptions(tx)).archiveAfterDays;
      const facts = await archiveFactsOf(ctx, kind, before, { today: input.on ?? today(), archiveAfterDays });
      const blockers = archiveBlockers(facts, stageRulesOf(ctx.registries));
      if (blockers.length) return unchanged(blockers);
    }
    const set = { archived: input.archived, archivedAt: input.archived ? new Date() : null };
    const after = await kind.service.write(ctx, before, set, {
      action: input.archived ? 'archive' : 'unarchive',
      version: input.version,
    });
    return { entity: (await kind.service.toEntity(after, ctx)) as never, changed: true, blockers: [] };
  },
});
