/** Stable English server messages (spec §8); the client translates them. */
export const ERROR_MESSAGES = {
  accessDenied: 'Access denied.',
  unauthorized: 'Authentication required.',
  invalidCredentials: 'Invalid credentials.',
  tooManyAttempts: 'Too many failed sign-in attempts, try again later.',
  tooManyPasswordAttempts: 'Too many wrong current passwords, try again later.',
  ipNotAllowed: 'Access from this address is not allowed.',
  notFound: 'Not found.',
  conflict: 'The record was changed by someone else. Reload it and try again.',
  internal: 'Something went wrong. Try again later.',
  tooLarge: 'The request is too large.',
  impersonationRefresh: 'A token cannot be refreshed while impersonating.',
  impersonationTarget: 'You may act only as a user whose permissions you hold.',
  impersonationCredentials:
    'Passwords, API keys, roles and access groups cannot be changed while impersonating.',
  passwordChangeRequired: 'Change your password to continue.',
  alreadyExists: 'Already exists.',
  changesLocked: 'Changes locked.',
  fieldEditAccessDenied: 'Field edit access denied.',
} as const;

/** Stable English messages of requests the HTTP platform refuses before any handler runs. */
export const REQUEST_MESSAGES = {
  tooDeep: 'The request body is nested too deeply.',
  ifMatchInvalid: 'The If-Match header does not name a version.',
  versionMismatch: 'The version in the body and the If-Match header differ.',
  idempotencyKeyInvalid: 'The Idempotency-Key header is not valid.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request.',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still being processed.',
} as const;

/**
 * Stable English messages of heavy work (documents, PDFs, exports, reading imports) that the server runs off
 * its request loop within limits of time and memory (docs/decisions/012-worker-pool.md).
 */
export const WORK_MESSAGES = {
  tooLong: 'Processing took too long and was stopped.',
  tooLarge: 'The file needs more memory to process than is allowed.',
  busy: 'The server is busy with other work. Try again in a minute.',
} as const;

/**
 * Counts the steps of a parser (characters scanned, lines and cells read) where a test passes one: the
 * tests of the import parsers double the input and check the work only doubles (linear, never quadratic).
 */
export interface WorkMeter {
  steps: number;
}

/** Most errors of one file an import answers: the first ones by line, with the count of all of them. */
export const MAX_FILE_ERRORS = 1000;

/** Said under `file` when a refused import lists only the first `MAX_FILE_ERRORS` of the file's errors. */
export const MORE_FILE_ERRORS = 'The file has more errors than are listed here.';

/**
 * The first `limit` errors of a file by `order` and how many there were, kept in O(limit) memory however many
 * are added: a file of a million bad lines answers a thousand and the count, not a million.
 */
export class FileErrors<E> {
  private kept: E[] = [];
  private found = 0;
  constructor(
    private readonly order: (a: E, b: E) => number,
    private readonly limit: number = MAX_FILE_ERRORS,
  ) {}
  /** How many errors the file has, kept or not. */
  get count(): number {
    return this.found;
  }
  add(error: E): void {
    this.found++;
    this.kept.push(error);
    // Trimmed once twice the limit: O(n log limit) in all, never the whole file's errors at once.
    if (this.kept.length >= 2 * this.limit) this.kept = this.kept.sort(this.order).slice(0, this.limit);
  }
  /** Another reader's errors of the same file: those it kept, and how many it found in all. */
  addFound(kept: readonly E[], count: number): void {
    for (const error of kept) this.add(error);
    this.found += count - kept.length;
  }
  /** The first errors in order, at most the limit. */
  list(): E[] {
    return this.kept.sort(this.order).slice(0, this.limit);
  }
}

export interface ErrorBody {
  code: number;
  message: string;
  errors?: import('./validation').ValidationTree;
}
