import { z } from 'zod';
import { recordIdSchema } from '../common/list';
import { COUNTERPARTY_MESSAGES as M } from './messages';

/** Why a counterparty came up in a similar search. */
export const SIMILARITY_REASONS = ['name', 'inn', 'email', 'phone'] as const;
export type SimilarityReason = (typeof SIMILARITY_REASONS)[number];

const criterion = z.string().trim().max(255).optional();

/**
 * `GET /api/counterparties/similar`: possible duplicates of a counterparty being entered. At least one of
 * name, INN, email, phone; `excludeId` leaves out the record being edited.
 */
export const counterpartySimilarQuerySchema = z
  .object({
    name: criterion,
    inn: criterion,
    email: criterion,
    phone: criterion,
    excludeId: recordIdSchema.optional(),
  })
  .refine((q) => Boolean(q.name || q.inn || q.email || q.phone), { message: M.similarCriteria });
export type CounterpartySimilarQuery = z.infer<typeof counterpartySimilarQuerySchema>;

/** The few members of a counterparty a result shows. */
export const similarCounterpartySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  countryId: z.number().int(),
  client: z.boolean(),
  contractor: z.boolean(),
  blackList: z.boolean(),
});

/** One match: how alike (0..1, 1 for an exact INN, email or phone) and by what. */
export const counterpartySimilarMatchSchema = z.object({
  counterparty: similarCounterpartySchema,
  score: z.number(),
  reasons: z.array(z.enum(SIMILARITY_REASONS)),
});
export type CounterpartySimilarMatch = z.infer<typeof counterpartySimilarMatchSchema>;

/** Most matches answered, best first. */
export const SIMILAR_LIMIT = 50;

/** Smallest trigram similarity of names that counts as a match. */
export const SIMILAR_NAME_THRESHOLD = 0.3;
