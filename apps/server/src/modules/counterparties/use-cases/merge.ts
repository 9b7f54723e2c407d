import { counterpartyMergeSchema, counterpartySchema } from '@tms/domain';
import { z } from 'zod';
import { defineUseCase, userOf } from '../../../platform/resources';
import { mergeCounterparties } from '../merge';

export const mergeCounterpartiesInput = counterpartyMergeSchema.extend({
  /** The counterparty merged away; `survivorId` names the one that stays. */
  id: z.number().int().positive(),
});

/**
 * A user (ROLE_COUNTERPARTY_MERGE, checked by the route) merges a counterparty into a survivor, both in
 * their edit scope and at the versions they saw: the chosen values go to the survivor (checked like an
 * edit, field roles included), everything kept under the merged one moves to the survivor, the merged one
 * stays marked as merged and both are logged. Answers the survivor.
 */
export const mergeCounterpartiesUseCase = defineUseCase({
  name: 'counterparties.merge',
  roles: ['ROLE_COUNTERPARTY_MERGE'],
  input: mergeCounterpartiesInput,
  output: counterpartySchema,
  run: (ctx, { id, ...body }) => mergeCounterparties({ ...ctx, auth: userOf(ctx) }, id, body),
});
