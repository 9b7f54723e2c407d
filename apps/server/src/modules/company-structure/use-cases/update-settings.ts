import { companyStructureSettingsBody, companyStructureSettingsSchema } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { diff, recordChange } from '../../../platform/changelog/service';
import { conflict } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { lockStructure } from '../paths';
import { readSettings, STRUCTURE_SETTINGS_ENTITY } from '../settings';
import { structureSettings } from '../tables';

/**
 * Saves the structure's settings with the version the user saw (a stale one is a 409, as any record's).
 * Turning "subordinates follow the structure" off or on changes every "subordinates" scope at once: the
 * scope reads the setting when its statement runs, and the sessions' caches drop on the change (trigger).
 * A save that changes something is an `update` in the change log (`companyStructureSettings`, id 1).
 */
export const updateStructureSettings = defineUseCase({
  name: 'company-structure.update-settings',
  roles: ['ROLE_COMPANY_STRUCTURE_EDIT'],
  input: companyStructureSettingsBody,
  output: companyStructureSettingsSchema,
  async run(ctx, input) {
    await lockStructure(ctx.tx);
    const current = await readSettings(ctx.tx);
    if (current.version !== input.version) throw conflict();
    const { version: _version, ...values } = input;
    const changes = diff(current, { ...current, ...values });
    if (Object.keys(changes).length === 0) return current;
    await ctx.tx
      .update(structureSettings)
      .set({ ...values, version: sql`${structureSettings.version} + 1` })
      .where(eq(structureSettings.id, 1));
    const after = await readSettings(ctx.tx);
    await recordChange(ctx.tx, {
      entityType: STRUCTURE_SETTINGS_ENTITY,
      entityId: 1,
      action: 'update',
      auth: ctx.auth,
      changes,
      version: after.version,
    });
    return after;
  },
});
