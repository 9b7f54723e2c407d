import {
  type CargoInsuranceStatus,
  INSURANCE_ROLES,
  insuranceCertificateSchema,
  insuranceMoveBaseSchema,
  type OperationActor,
  type Permission,
  SYSTEM_ACTOR,
} from '@tms/domain';
import { z } from 'zod';
import { conflict } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { defineUseCase, userOf } from '../../platform/resources';
import type { UseCaseContext } from '../../platform/resources/use-case';
import { moveCargoInsuranceStatus } from '../operations';
import { type CertificateRow, certificateService, detailsComplete } from './certificates';

export interface MoveDefinition<Extra extends z.ZodRawShape> {
  name: string;
  roles: readonly Permission[];
  to: CargoInsuranceStatus;
  /** The order's transitions see the system (the certificate issued) or the user. */
  by: 'user' | 'system';
  extra: Extra;
  /** The certificate's columns the move sets; may refuse it (nothing written then). */
  apply?(
    ctx: UseCaseContext,
    before: CertificateRow,
    input: z.infer<z.ZodObject<Extra>>,
    from: CargoInsuranceStatus,
  ): Promise<Partial<CertificateRow>> | Partial<CertificateRow>;
}

/**
 * One move of a certificate as a use case: the certificate in the caller's scope, locked, at the version the
 * user saw (else 409); the move's own rules (`apply`); then the order's cargo insurance status moved by
 * operations' transitions (who may, from which status, the details complete), refused under `status` with
 * nothing written. Logged on the certificate as `status` with the comment, and on the order.
 */
export function defineCertificateMove<Extra extends z.ZodRawShape>(definition: MoveDefinition<Extra>) {
  return defineUseCase({
    name: `insurance.${definition.name}`,
    roles: definition.roles,
    input: insuranceMoveBaseSchema.extend({ id: z.number().int().positive(), ...definition.extra }),
    output: insuranceCertificateSchema,
    async run(ctx, parsed) {
      const auth = userOf(ctx);
      const input = parsed as z.infer<typeof insuranceMoveBaseSchema> & { id: number };
      const before = await certificateService.find(ctx, input.id, { lock: true });
      if (before.version !== input.version) throw conflict();
      const actor: OperationActor =
        definition.by === 'system'
          ? SYSTEM_ACTOR
          : { roles: auth.roles, isSystem: false, canEdit: hasAnyRole(auth, INSURANCE_ROLES.edit) };
      return (await performMove(ctx, definition, before, parsed as never, actor, input.comment)) as never;
    },
  });
}

/**
 * A move the system makes on a linked insurer's answer (docs/insurance.md "Insurer link"): the same rules
 * as the user's, as the system, at the certificate's current version.
 */
export async function systemMove<Extra extends z.ZodRawShape>(
  ctx: UseCaseContext,
  definition: MoveDefinition<Extra>,
  certificateId: number,
  extra: z.infer<z.ZodObject<Extra>>,
  comment: string | null = null,
) {
  const before = await certificateService.find(ctx, certificateId, { lock: true });
  return performMove(ctx, definition, before, extra, SYSTEM_ACTOR, comment);
}

async function performMove<Extra extends z.ZodRawShape>(
  ctx: UseCaseContext,
  definition: MoveDefinition<Extra>,
  before: CertificateRow,
  input: z.infer<z.ZodObject<Extra>>,
  actor: OperationActor,
  rawComment: string | null | undefined,
) {
  const current = (await certificateService.toEntity(before, ctx)).status as CargoInsuranceStatus;
  const set = (await definition.apply?.(ctx, before, input, current)) ?? {};
  const comment = rawComment?.trim() || null;
  const from = await moveCargoInsuranceStatus(ctx, before.orderId, definition.to, {
    actor,
    insuranceDetailsComplete: detailsComplete({ ...before, ...set }),
    comment,
  });
  const after = await certificateService.write(ctx, before, set, {
    action: 'status',
    version: before.version,
    changes: {
      status: { old: from, new: definition.to },
      ...(comment ? { comment: { old: null, new: comment } } : {}),
    },
  });
  return certificateService.toEntity(after, ctx);
}
