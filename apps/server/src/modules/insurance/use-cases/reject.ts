import { INSURANCE_MOVE_ROLES } from '@tms/domain';
import { z } from 'zod';
import { defineCertificateMove, type MoveDefinition } from '../move';

/** The insurer declines the risk, saying why (by the desk, or a linked insurer's answer as the system); the forwarder may mend the details and offer it again. */
export const rejectMove = {
  name: 'certificate-reject',
  roles: INSURANCE_MOVE_ROLES.reject,
  to: 'REJECTED' as const,
  by: 'user' as const,
  extra: { reason: z.string().trim().min(1).max(2000) },
  apply: (_ctx: unknown, _before: unknown, input: { reason: string }) => ({ rejectionReason: input.reason }),
} satisfies MoveDefinition<{ reason: z.ZodString }>;

export const rejectCertificate = defineCertificateMove(rejectMove);
