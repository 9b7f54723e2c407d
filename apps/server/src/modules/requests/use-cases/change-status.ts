import {
  REQUEST_QUESTION_STATUS,
  type RequestStatus,
  requestResource,
  requestRestorable,
  requestSchema,
  requestStatusChangeSchema,
  requestStatusMachine,
} from '@tms/domain';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { fieldError } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { getOptions } from '../../options';
import { assertHasRates, quoteRowOf } from '../quotes';
import type { RequestRow } from '../requests';
import { requestService } from '../requests';
import { requestScope } from '../scope';

export const changeRequestStatusInput = requestStatusChangeSchema.extend({
  id: z.number().int().positive(),
  /** The moment of the change: the app's clock (the restore timeout counts from the move to NO_SERVICE). */
  at: z.date(),
});

/**
 * The status a NO_SERVICE request may go back to at `at`: the one it left, while the option
 * `customerRequestRestoreStatusTimeout` (minutes) since the move has not run out.
 */
export async function restorableStatus(
  tx: Tx,
  row: Pick<RequestRow, 'status' | 'previousStatus' | 'statusChangedAt'>,
  at: Date,
): Promise<RequestStatus | null> {
  if (row.status !== 'NO_SERVICE' || !row.previousStatus) return null;
  const { customerRequestRestoreStatusTimeout } = await getOptions(tx);
  return requestRestorable(row.statusChangedAt, at, customerRequestRestoreStatusTimeout)
    ? row.previousStatus
    : null;
}

/**
 * A user moves a request's operational status by the transitions of docs/requests.md: the request in their
 * read scope, the move allowed to them (their edit scope reaching it counts), a reason where the move needs
 * one, a NO_SERVICE request back only to the status it left and within the restore timeout; the same
 * status again changes nothing; QUOTE_COMPLETED needs the quote's selected rates. Logged as `status` with
 * the reason; a move to NO_SERVICE keeps the reason on the request, one to NEED_MORE_INFO the question
 * to the client; any other move clears it.
 */
export const changeRequestStatus = defineUseCase({
  name: 'requests.change-status',
  roles: [...requestResource.roles.view, ...requestResource.roles.edit],
  input: changeRequestStatusInput,
  output: requestSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const before = await requestService.find(ctx, input.id, { access: 'read', lock: true });
    const canEdit = await requestService.reaches(ctx.tx, input.id, requestScope(auth, 'write', false));
    const from = before.status;
    const reason = input.reason?.trim() || null;
    const restorable = await restorableStatus(ctx.tx, before, input.at);
    const result = requestStatusMachine.check(
      from,
      input.status,
      { roles: auth.roles, canEdit },
      { reason, restorable },
    );
    if (!result.ok) throw fieldError(result.path, result.error);
    if (from === input.status) return (await requestService.toEntity(before, ctx)) as never;
    // A quote is complete only with its selected rates, whichever door asks (the status menu or "Mark quote
    // complete").
    if (input.status === 'QUOTE_COMPLETED') assertHasRates(await quoteRowOf(ctx.tx, input.id));
    const after = await requestService.write(
      ctx,
      before,
      {
        status: input.status,
        statusReason:
          input.status === 'NO_SERVICE' || input.status === REQUEST_QUESTION_STATUS ? reason : null,
        previousStatus: from,
        statusChangedAt: input.at,
      },
      {
        action: 'status',
        version: input.version,
        changes: reason ? { reason: { old: null, new: reason } } : {},
      },
    );
    return (await requestService.toEntity(after, ctx)) as never;
  },
});
