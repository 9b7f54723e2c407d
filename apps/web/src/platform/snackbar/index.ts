import { paintedTimers } from './painted-timers';
import { type SnackbarInput, SnackbarQueue } from './queue';

export type { SnackbarMessage } from './queue';
export { ERROR_TIMEOUT_MS, FORBIDDEN_TIMEOUT_MS, SNACKBAR_TIMEOUT_MS } from './queue';

/** The application's one snackbar queue; the shell renders its current message for its time on screen. */
export const snackbar = new SnackbarQueue(
  paintedTimers({
    request: (callback) => window.requestAnimationFrame(callback),
    cancel: (handle) => window.cancelAnimationFrame(handle),
    now: () => performance.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  }),
);

export const notify = (input: SnackbarInput) => snackbar.show(input);

/** The success messages of spec §7/§8, in the user's language. */
export const notifySaved = (text: string) => snackbar.show({ text, color: 'success' });
export const notifyDeleted = (text: string) => snackbar.show({ text, color: 'warning' });
