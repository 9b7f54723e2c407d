import type { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { zodValidationError } from '../errors';
import type { CallContext } from './context';

/**
 * Who runs a use case and where: the principal (`request.auth` over HTTP; null for the system, e.g. a
 * scheduled job), the transaction or database it works in and the app's registries.
 */
export interface UseCaseContext extends CallContext {
  auth: AuthContext | null;
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
  readonly input: I;
  readonly output: O;
  /** Runs on input already parsed by `input` (a route's body schema, or `execute`). */
  run(ctx: C, input: z.infer<I>): Promise<z.infer<O>>;
  /** Parses `input` (a failure is the contract's 400 tree) and runs. */
  execute(ctx: C, input: z.input<I>): Promise<z.infer<O>>;
}

export function defineUseCase<
  I extends z.ZodType,
  O extends z.ZodType,
  C extends UseCaseContext = UseCaseContext,
>(definition: Pick<UseCase<I, O, C>, 'name' | 'input' | 'output' | 'run'>): UseCase<I, O, C> {
  return {
    ...definition,
    async execute(ctx, input) {
      const parsed = definition.input.safeParse(input);
      if (!parsed.success) throw zodValidationError(parsed.error);
      return definition.run(ctx, parsed.data);
    },
  };
}

/** The principal of a use case a user must run (not the system): 403-free, a programming error otherwise. */
export function userOf(ctx: UseCaseContext): AuthContext {
  if (!ctx.auth) throw new Error('This use case needs a signed-in user');
  return ctx.auth;
}
