import {
  addDays,
  MESSAGES,
  OFFER_MESSAGES,
  requestOfferResource,
  requestOfferSchema,
  sendToContractorsSchema,
  validityIssue,
} from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { diff, recordChange } from '../../../platform/changelog/service';
import { ErrorCollector } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { getOptions } from '../../options';
import { contractorName, type OfferContext, offerService, todayOf, writableRequest } from '../offers';
import { requestOffers, requestOfferTypes } from '../tables';

export const sendToContractorsInput = sendToContractorsSchema.extend({
  requestId: z.number().int().positive(),
});

/**
 * "Send to contractors" (ROLE_REQUEST_SEND_TO_CONTRACTOR, the route's): one REQUESTED offer of the type for
 * each chosen contractor, who answers it later (the request page, or their cabinet through
 * `requests.write-offer`). The request must be one the user reads, not locked by its status; each
 * contractor a contractor without
 * an offer of this type on the request yet. All or nothing.
 */
export const sendToContractors = defineUseCase({
  name: 'requests.send-to-contractors',
  roles: ['ROLE_REQUEST_SEND_TO_CONTRACTOR'],
  input: sendToContractorsInput,
  output: z.array(requestOfferSchema),
  async run(ctx: OfferContext, input) {
    const auth = userOf(ctx);
    await writableRequest({ ...ctx, auth }, input.requestId, 'read');
    const today = todayOf(ctx);
    const errors = new ErrorCollector();
    const [type] = await ctx.tx
      .select({ enabled: requestOfferTypes.enabled })
      .from(requestOfferTypes)
      .where(eq(requestOfferTypes.id, input.offerTypeId));
    if (!type?.enabled) errors.add(['offerTypeId'], MESSAGES.invalid);
    const names = new Map<number, string>();
    for (const [index, id] of input.contractorIds.entries()) {
      const name = await errors.collect(() => contractorName(ctx.tx, id, ['contractorIds', index]));
      if (name !== undefined) names.set(id, name);
    }
    const asked = await ctx.tx
      .select({ contractorId: requestOffers.contractorId })
      .from(requestOffers)
      .where(
        and(
          eq(requestOffers.requestId, input.requestId),
          eq(requestOffers.offerTypeId, input.offerTypeId),
          inArray(requestOffers.contractorId, input.contractorIds),
        ),
      );
    const already = new Set(asked.map((row) => row.contractorId));
    input.contractorIds.forEach((id, index) => {
      if (already.has(id)) errors.add(['contractorIds', index], OFFER_MESSAGES.contractorTwice);
    });
    const validUntil =
      input.validUntil ?? addDays(today, (await getOptions(ctx.tx)).defaultOfferValidityDays);
    const validity = validityIssue(validUntil, today, null);
    if (validity) errors.add(['validUntil'], validity);
    errors.throwIfAny();

    const rows = await ctx.tx
      .insert(requestOffers)
      .values(
        input.contractorIds.map((contractorId) => ({
          requestId: input.requestId,
          offerTypeId: input.offerTypeId,
          contractorId,
          contractorName: names.get(contractorId)!,
          validUntil,
          comment: input.comment || null,
          status: 'REQUESTED' as const,
          createdById: auth.userId,
        })),
      )
      .returning();
    const entities = [];
    for (const row of rows) {
      const entity = await offerService.toEntity(row, ctx);
      await recordChange(ctx.tx, {
        entityType: requestOfferResource.name,
        entityId: row.id,
        action: 'create',
        auth,
        changes: diff(null, entity),
      });
      entities.push(entity);
    }
    return entities as never;
  },
});
