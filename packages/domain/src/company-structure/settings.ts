import { z } from 'zod';

/**
 * The structure's settings (one record): whether the "subordinates" scope of permissions follows the
 * structure (off: a user's subordinates are himself, as before the structure existed), and the head
 * position a new block or department gets at once, named in both languages.
 */
export const companyStructureSettingsSchema = z.object({
  subordinatesFollowStructure: z.boolean(),
  createHeadPosition: z.boolean(),
  headPositionName: z.string().trim().min(1).max(255),
  headPositionNameEn: z.string().trim().min(1).max(255),
  version: z.number().int(),
});
export type CompanyStructureSettings = z.infer<typeof companyStructureSettingsSchema>;
export const companyStructureSettingsBody = companyStructureSettingsSchema.strict();
