/**
 * The refusal of one of several records written together (`createMany`, a hook's `beforeCreateMany`): which
 * one (its index in the call) and the refusal it would have had alone (a 400 tree, a 403, a 404).
 */
export class ManyRefused extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super(`record ${index} refused`);
  }
}

/** Runs a check of the record at `index`: its refusal becomes that record's (`ManyRefused`). */
export function refusedAt<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ManyRefused) throw error;
    throw new ManyRefused(index, error);
  }
}

/** `refusedAt` of an asynchronous check. */
export async function refusedAtAsync<T>(index: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ManyRefused) throw error;
    throw new ManyRefused(index, error);
  }
}

/** A check of several records made for one: its refusal as that record's own. */
export async function unwrapMany<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    throw error instanceof ManyRefused ? error.error : error;
  }
}
