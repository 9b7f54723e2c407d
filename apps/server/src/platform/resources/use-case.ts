import type { CabinetKind, Permission } from '@tms/domain';
import type { z } from 'zod';
import { type AuthContext, isStaff, type Principal } from '../auth/context';
import { forbidden, zodValidationError } from '../errors';
import { hasAnyRole } from '../permissions/check';
import type { CallContext } from './context';

/**
 * Who runs a use case and where: the principal (a staff user, a cabinet, or the system through `asSystem`),
 * the transaction or database it works in and the app's registries.
 */
export interface UseCaseContext extends CallContext {
  auth: Principal;
}

/**
 * A business action that is more than a resource's CRUD (change a status, archive, close a stage, merge):
 * one transport-independent function with its input and output schemas, called alike by thin routes,
 * scheduled jobs, imports and workflows.
 */
export interface UseCase<
  I extends z.ZodType,
  O extends z.ZodType,
  C extends UseCaseContext = UseCaseContext,
> {
  readonly name: string;
  /**
   * Who may run it, checked whoever calls (a route, a job, an import, another use case): a staff user
   * holding one of `roles` (none listed: any staff user; the use case's own rules then decide, e.g. a
   * status machine's transitions), a cabinet only where `cabinet` is set, the system always (`asSystem`).
   * A route calling it declares the same roles (`config: { roles: useCase.roles }`).
   */
  readonly roles: readonly Permission[];
  /**
   * Counterparties' cabinets may run it too (within what its rules give a cabinet): `true` every cabinet,
   * a kind (or kinds) those cabinets' principals alone.
   */
  readonly cabinet?: true | CabinetKind | readonly CabinetKind[];
  readonly input: I;
  readonly output: O;
  /** Checks the principal, then runs on input already parsed by `input` (a route's body schema, or `execute`). */
  run(ctx: C, input: z.infer<I>): Promise<z.infer<O>>;
  /** Parses `input` (a failure is the contract's 400 tree) and runs. */
  execute(ctx: C, input: z.input<I>): Promise<z.infer<O>>;
}

export function defineUseCase<
  I extends z.ZodType,
  O extends z.ZodType,
  C extends UseCaseContext = UseCaseContext,
>(
  definition: Pick<UseCase<I, O, C>, 'name' | 'roles' | 'cabinet' | 'input' | 'output' | 'run'>,
): UseCase<I, O, C> {
  const run: UseCase<I, O, C>['run'] = async (ctx, input) => {
    authorizeUseCase(ctx.auth, definition);
    return definition.run(ctx, input);
  };
  return {
    ...definition,
    run,
    async execute(ctx, input) {
      authorizeUseCase(ctx.auth, definition);
      const parsed = definition.input.safeParse(input);
      if (!parsed.success) throw zodValidationError(parsed.error);
      return definition.run(ctx, parsed.data);
    },
  };
}

/** Refuses (403) a principal the use case is not for; the system passes. */
function authorizeUseCase(
  auth: Principal,
  useCase: { roles: readonly Permission[]; cabinet?: true | CabinetKind | readonly CabinetKind[] },
): void {
  if (auth.kind === 'system') return;
  const kinds = useCase.cabinet;
  const refused =
    auth.kind === 'cabinet'
      ? !kinds ||
        (kinds !== true && !(typeof kinds === 'string' ? [kinds] : kinds).includes(auth.cabinetKind))
      : !hasAnyRole(auth, useCase.roles);
  if (refused) throw forbidden();
}

/**
 * The staff user running a use case only a user may run: a cabinet gets 403; the system here is a
 * programming error.
 */
export function userOf(ctx: { auth: Principal }): AuthContext {
  if (isStaff(ctx.auth)) return ctx.auth;
  if (ctx.auth.kind === 'cabinet') throw forbidden();
  throw new Error('This use case needs a signed-in user');
}
