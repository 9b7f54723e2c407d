/** The snackbar queue of spec §4 "Other behaviours": one message at a time, in order. */

export const SNACKBAR_TIMEOUT_MS = 3000;
export const SNACKBAR_GAP_MS = 500;
export const ERROR_TIMEOUT_MS = 5000;
export const FORBIDDEN_TIMEOUT_MS = 10_000;

export type SnackbarColor = 'success' | 'info' | 'warning' | 'error';
export type SnackbarPosition = 'left' | 'right' | 'center';

export interface SnackbarMessage {
  id: number;
  /**
   * What it says; a function translates it where it shows, so that it follows the language the user's
   * profile applies while the message waits or shows (the first screen's requests may fail before that).
   */
  text: string | (() => string);
  color: SnackbarColor;
  timeout: number;
  position: SnackbarPosition;
}

export type SnackbarInput = Partial<Omit<SnackbarMessage, 'id' | 'text'>> & { text: SnackbarMessage['text'] };

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export class SnackbarQueue {
  private pending: SnackbarMessage[] = [];
  private shown: SnackbarMessage | null = null;
  private timer: unknown = null;
  /** True between one message hiding and the next showing. */
  private waiting = false;
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly timers: Timers) {}

  get current(): SnackbarMessage | null {
    return this.shown;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  show(input: SnackbarInput): SnackbarMessage {
    const message: SnackbarMessage = {
      id: this.nextId++,
      text: input.text,
      color: input.color ?? 'info',
      timeout: input.timeout ?? SNACKBAR_TIMEOUT_MS,
      position: input.position ?? 'left',
    };
    this.pending.push(message);
    this.advance();
    return message;
  }

  /** Hides the current message (its timeout ran out, or the user closed it). */
  hide(): void {
    if (!this.shown) return;
    this.timers.clearTimeout(this.timer);
    this.shown = null;
    this.waiting = true;
    this.emit();
    this.timer = this.timers.setTimeout(() => {
      this.waiting = false;
      this.advance();
    }, SNACKBAR_GAP_MS);
  }

  private advance(): void {
    if (this.shown || this.waiting) return;
    const next = this.pending.shift();
    if (!next) return;
    this.shown = next;
    this.timer = this.timers.setTimeout(() => this.hide(), next.timeout);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
