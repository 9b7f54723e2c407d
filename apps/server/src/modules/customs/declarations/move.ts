import {
  customsDeclarationSchema,
  DECLARATION_MOVE_REFUSALS,
  DECLARATION_MOVES,
  DECLARATION_STATUS_ROLE,
  type DeclarationMove,
  type DeclarationStatus,
  declarationMoveBaseSchema,
  DECLARATION_MESSAGES as M,
  type Permission,
  VOID_DECLARATION_STATUSES,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import type { UseCaseContext } from '../../../platform/resources/use-case';
import { recheckOrderTnvedControl } from '../../operations';
import { type DeclarationNotification, notifyDeclaration } from './notifications';
import { type DeclarationRow, declarationService } from './service';

/** The moves that give or take away the order's declaration date (docs/customs.md "TNVED control"). */
const DATE_MOVES = new Set<DeclarationStatus>(['REGISTERED', ...VOID_DECLARATION_STATUSES]);

/** Who records the authority's messages: the customs staff entering them (and the administrator). */
export const AUTHORITY_ROLES: readonly Permission[] = [DECLARATION_STATUS_ROLE];

interface MoveDefinition<Extra extends z.ZodRawShape> {
  move: DeclarationMove;
  roles: readonly Permission[];
  /** The members the message brings beyond its moment (a number, a decision code). */
  extra: Extra;
  /** The news of the move, if any. */
  notification?: DeclarationNotification;
  /** The columns the message sets beside the status and its moment; may refuse it. */
  apply(
    ctx: UseCaseContext,
    before: DeclarationRow,
    at: Date,
    input: z.infer<z.ZodObject<Extra>>,
  ): Promise<Partial<DeclarationRow>> | Partial<DeclarationRow>;
}

/**
 * One message of the customs authority (or the declarant's filing) as a use case: the declaration in the
 * caller's read scope, locked; the move one the authority sends from its status (else 400 under `status`
 * naming that status, nothing written); its moment not in the future nor before the previous move; the
 * version the user saw (else 409). Logged as `status` with the comment; the news told to the order's people.
 */
export function defineDeclarationMove<Extra extends z.ZodRawShape>(definition: MoveDefinition<Extra>) {
  const { move, roles, extra } = definition;
  const to = DECLARATION_MOVES[move].to as DeclarationStatus;
  return defineUseCase({
    name: `customs.declaration-${move}`,
    roles,
    input: declarationMoveBaseSchema.extend({ id: z.number().int().positive(), ...extra }),
    output: customsDeclarationSchema,
    async run(ctx, parsed) {
      const input = parsed as z.infer<typeof declarationMoveBaseSchema> & { id: number };
      const before = await declarationService.find(ctx, input.id, { lock: true });
      const from = before.status;
      if (!(DECLARATION_MOVES[move].from as readonly DeclarationStatus[]).includes(from))
        throw fieldError(['status'], DECLARATION_MOVE_REFUSALS[from]);
      const now = (ctx as { clock?: () => Date }).clock?.() ?? new Date();
      const at = input.at ? new Date(input.at) : now;
      if (at.getTime() > now.getTime()) throw fieldError(['at'], M.atInFuture);
      if (from !== 'DRAFT' && before.statusChangedAt && at < before.statusChangedAt)
        throw fieldError(['at'], M.atBeforePrevious);
      const set = await definition.apply(ctx, before, at, parsed as never);
      const comment = input.comment?.trim() || null;
      const after = await declarationService.write(
        ctx,
        before,
        { ...set, status: to, statusChangedAt: at },
        {
          action: 'status',
          version: input.version,
          changes: comment ? { comment: { old: null, new: comment } } : {},
        },
      );
      // The order's declaration date came or went: its TNVED control is asked again on the date now in force.
      if (DATE_MOVES.has(to)) await recheckOrderTnvedControl(ctx, after.orderId);
      if (definition.notification) await notifyDeclaration(ctx, definition.notification, after);
      return (await declarationService.toEntity(after, ctx)) as never;
    },
  });
}

/** The decision code of a final message: one of its own (the first by default). */
export function decisionCodeOf(codes: readonly string[], given: string | undefined): string {
  if (given === undefined) return codes[0]!;
  if (!codes.includes(given)) throw fieldError(['decisionCode'], M.decisionCode);
  return given;
}

export const decisionCodeInput = { decisionCode: z.string().trim().max(2).optional() };
