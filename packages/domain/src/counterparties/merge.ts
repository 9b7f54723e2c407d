import { z } from 'zod';
import { recordIdSchema } from '../common/list';
import { counterpartyCreateSchema, counterpartySchema } from './counterparty';

/**
 * Fields whose value the person merging picks, source or survivor. The API key and its addresses stay
 * with the survivor: a key is never handed from one company to another.
 */
export const MERGEABLE_COUNTERPARTY_FIELDS = Object.keys(counterpartyCreateSchema.shape).filter(
  (name) => name !== 'apiAllowedIps',
) as readonly string[];

export const MERGE_SIDES = ['source', 'survivor'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/**
 * `POST /api/counterparties/{sourceId}/merge`: the source is merged into the survivor. A field not named in
 * `fields` keeps the survivor's value. Both versions are the ones the choice was made on (409 otherwise).
 */
export const counterpartyMergeSchema = z.strictObject({
  survivorId: z.number().int().positive(),
  fields: z
    .partialRecord(z.enum(MERGEABLE_COUNTERPARTY_FIELDS as [string, ...string[]]), z.enum(MERGE_SIDES))
    .default({}),
  survivorVersion: z.number().int().positive(),
  sourceVersion: z.number().int().positive(),
});
export type CounterpartyMerge = z.infer<typeof counterpartyMergeSchema>;

export const counterpartyMergePreviewQuerySchema = z.object({
  survivorId: recordIdSchema,
});

/** `GET /api/counterparties/{sourceId}/merge?survivorId=`: both records and the mergeable fields that differ. */
export const counterpartyMergePreviewSchema = z.object({
  source: counterpartySchema,
  survivor: counterpartySchema,
  differences: z.array(z.string()),
});
export type CounterpartyMergePreview = z.infer<typeof counterpartyMergePreviewSchema>;
