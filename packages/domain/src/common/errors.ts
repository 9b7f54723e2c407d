/** Stable English server messages (spec §8); the client translates them. */
export const ERROR_MESSAGES = {
  accessDenied: 'Access denied.',
  unauthorized: 'Authentication required.',
  invalidCredentials: 'Invalid credentials.',
  tooManyAttempts: 'Too many failed sign-in attempts, try again later.',
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

export interface ErrorBody {
  code: number;
  message: string;
  errors?: import('./validation').ValidationTree;
}
