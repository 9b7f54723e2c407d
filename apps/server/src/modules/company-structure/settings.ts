import type { CompanyStructureSettings } from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { structureSettings } from './tables';

/** The change log's entity type of the settings (one row, id 1). */
export const STRUCTURE_SETTINGS_ENTITY = 'companyStructureSettings';

/** The structure's one settings row (the migration made it). */
export async function readSettings(tx: Tx): Promise<CompanyStructureSettings> {
  const [row] = await tx.select().from(structureSettings).where(eq(structureSettings.id, 1));
  if (!row) throw new Error('company_structure_settings has no row 1: migrations not applied');
  const { id: _id, ...settings } = row;
  return settings;
}
