/** Long-running calls (spec §4): a 202 is retried after 5 s, at most four times. */
export const ACCEPTED_RETRY_DELAY_MS = 5000;
export const ACCEPTED_MAX_RETRIES = 4;
export const TOO_LONG_MESSAGE = 'Your request taking to much time, try refreshing page later.';

/** Whether a call that answered 202 on attempt number `attempt` (0 = first) is tried again. */
export const shouldRetryAccepted = (attempt: number): boolean => attempt < ACCEPTED_MAX_RETRIES;
