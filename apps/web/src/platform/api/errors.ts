import type { ValidationTree } from '@tms/domain';

/** A failed call: the contract's status, stable English message and (for 400) the field error tree. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ValidationTree,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isCancelled = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
