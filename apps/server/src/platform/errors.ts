import {
  addToTree,
  ERROR_MESSAGES,
  type ErrorBody,
  emptyTree,
  issuesToTree,
  MESSAGES,
  VALIDATION_FAILED,
  type ValidationTree,
} from '@tms/domain';
import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** An error with a contract status and stable English message; thrown anywhere, answered by the handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly tree?: ValidationTree,
    /** Headers the answer carries (a 429's `Retry-After`). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export class ValidationError extends HttpError {
  constructor(tree: ValidationTree) {
    super(400, VALIDATION_FAILED, tree);
  }
}

export const forbidden = (message: string = ERROR_MESSAGES.accessDenied) => new HttpError(403, message);
export const notFound = (message: string = ERROR_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string = ERROR_MESSAGES.conflict) => new HttpError(409, message);
export const unauthorized = (message: string = ERROR_MESSAGES.unauthorized) => new HttpError(401, message);

/** One field error: `fieldError(['cleartextPassword', 'first'], 'This value is too short.')`. */
export function fieldError(path: readonly PropertyKey[], message: string): ValidationError {
  return new ValidationError(addToTree(emptyTree(), path, message));
}

/** Collects field errors of a business rule check and throws them together. */
export class ErrorCollector {
  private readonly tree = emptyTree();
  private count = 0;
  add(path: readonly PropertyKey[], message: string): this {
    addToTree(this.tree, path, message);
    this.count++;
    return this;
  }
  get empty(): boolean {
    return this.count === 0;
  }
  /**
   * Runs a check that throws its field errors (a rule shared with other callers) and keeps them with the
   * others instead of stopping there; answers the check's result, or undefined when it refused. `under`:
   * where its errors go (a statement line's payment: under the line).
   */
  async collect<T>(check: () => Promise<T>, under: readonly string[] = []): Promise<T | undefined> {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof ValidationError) || !error.tree) throw error;
      this.merge(error.tree, under);
      return undefined;
    }
  }
  private merge(tree: ValidationTree, path: readonly string[]): void {
    for (const message of tree.errors) this.add(path, message);
    for (const [key, child] of Object.entries(tree.children)) this.merge(child, [...path, key]);
  }
  throwIfAny(): void {
    if (this.count) throw new ValidationError(this.tree);
  }
}

export function zodValidationError(error: z.ZodError): ValidationError {
  return new ValidationError(issuesToTree(error.issues));
}

/** Validates request parts with their zod schemas; failures become the contract's Validation Failed tree. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: zodValidationError(result.error) };
  };
};

const STATUS_MESSAGES: Record<number, string> = {
  401: ERROR_MESSAGES.unauthorized,
  403: ERROR_MESSAGES.accessDenied,
  404: ERROR_MESSAGES.notFound,
  409: ERROR_MESSAGES.conflict,
  413: ERROR_MESSAGES.tooLarge,
  429: ERROR_MESSAGES.tooManyAttempts,
};

function body(code: number, message: string, errors?: ValidationTree): ErrorBody {
  return errors ? { code, message, errors } : { code, message };
}

/** PostgreSQL's class 22 "data exception" (out of range, invalid text representation), also when wrapped. */
function isDataException(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A body refused as too large is not parsed on: whatever the client still sends is drained unread (a
    // multipart parser left piped would go through every one of a hundred thousand fields), and the
    // connection stays open so the client reads the refusal instead of a reset while it still sends.
    if ((error as { statusCode?: number }).statusCode === 413) request.raw.unpipe().resume();
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.statusCode, error.message, error.tree));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said without internals.
      if (status === 400 || status === 415) {
        const tree = emptyTree();
        tree.errors.push(
          status === 415 ? 'Unsupported content type.' : 'The request body is not valid JSON.',
        );
        return reply.code(400).send(body(400, VALIDATION_FAILED, tree));
      }
      return reply.code(status).send(body(status, STATUS_MESSAGES[status] ?? error.message));
    }
    if (isDataException(error)) {
      // A value the schemas let through but the database cannot hold (a number past its column's range):
      // still the request's fault, and nothing was written.
      request.log.warn({ err: error, reqId: request.id }, 'value refused by the database');
      const tree = emptyTree();
      tree.errors.push(MESSAGES.invalid);
      return reply.code(400).send(body(400, VALIDATION_FAILED, tree));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.code(500).send(body(500, ERROR_MESSAGES.internal));
  });
}

/** Paths of strings holding a NUL character, which PostgreSQL text cannot store. */
function nulPaths(
  value: unknown,
  path: PropertyKey[] = [],
  out: PropertyKey[][] = [],
  depth = 0,
): PropertyKey[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (value && typeof value === 'object' && depth < 32) {
    for (const [key, child] of Object.entries(value)) nulPaths(child, [...path, key], out, depth + 1);
  }
  return out;
}

/** Whether `value` holds a NUL character anywhere `nulPaths` looks: the common answer, found without building paths. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth >= 32) return false;
  for (const key in value) {
    if (Object.hasOwn(value, key) && holdsNul((value as Record<string, unknown>)[key], depth + 1))
      return true;
  }
  return false;
}

/** Refuses NUL characters anywhere in a request with the Validation Failed tree, before any handler. */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!holdsNul(request.query) && !holdsNul(request.params) && !holdsNul(request.body)) return done();
    const paths = [...nulPaths(request.query), ...nulPaths(request.params), ...nulPaths(request.body)];
    if (paths.length === 0) return done();
    const tree = emptyTree();
    for (const path of paths) addToTree(tree, path, MESSAGES.invalid);
    done(new ValidationError(tree));
  });
}
