import {
  customsPeopleAfter,
  customsStatusChangeSchema,
  customsStatusMachine,
  MESSAGES,
  requestEditLock,
  requestResource,
  requestSchema,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import type { RequestRow } from '../requests';
import { requestService } from '../requests';
import { requestScope } from '../scope';

export const changeCustomsStatusInput = customsStatusChangeSchema.extend({ id: z.number().int().positive() });

/** The facts of a customs move on a stored request (its people and its lock). */
export function customsFactsOf(row: RequestRow) {
  return {
    declarantId: row.declarantId,
    customsSpecialistId: row.customsSpecialistId,
    lock: requestEditLock(row.status),
  };
}

/**
 * A user moves a customs request's customs processing status by the transitions of docs/requests.md
 * "Customs requests": the request in their read scope and a customs request (else 400 under
 * `customsStatus`), not locked by its operational status, the move theirs to make (the declarant's, the
 * customs specialist's or the request's editor's), a reason where it needs one. An acceptance makes the
 * mover the declarant or the specialist. Logged as `customsStatus`; the reason of TO_WAIT_ADDITIONAL_INFO
 * stays on the request until the next move.
 */
export const changeCustomsStatus = defineUseCase({
  name: 'requests.change-customs-status',
  roles: [...requestResource.roles.view, ...requestResource.roles.edit],
  input: changeCustomsStatusInput,
  output: requestSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const before = await requestService.find(ctx, input.id, { access: 'read', lock: true });
    if (!before.customs || !before.customsStatus) throw fieldError(['customsStatus'], MESSAGES.invalid);
    // The editor's moves are the request's own people's, not the customs team's.
    const canEdit = await requestService.reaches(ctx.tx, input.id, requestScope(auth, 'write', false, false));
    const from = before.customsStatus;
    const reason = input.reason?.trim() || null;
    const result = customsStatusMachine.check(
      from,
      input.customsStatus,
      { userId: auth.userId, roles: auth.roles, canEdit },
      { ...customsFactsOf(before), reason },
    );
    if (!result.ok) throw fieldError(result.path, result.error);
    if (from === input.customsStatus) return (await requestService.toEntity(before, ctx)) as never;
    const people = customsPeopleAfter(from, input.customsStatus, auth.userId, before);
    const after = await requestService.write(
      ctx,
      before,
      {
        customsStatus: input.customsStatus,
        customsStatusReason: input.customsStatus === 'TO_WAIT_ADDITIONAL_INFO' ? reason : null,
        ...people,
      },
      {
        action: 'customsStatus',
        version: input.version,
        changes: reason ? { reason: { old: null, new: reason } } : {},
      },
    );
    return (await requestService.toEntity(after, ctx)) as never;
  },
});
