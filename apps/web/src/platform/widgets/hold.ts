import type { Timers } from '../snackbar/queue';

/** Hold-to-confirm (spec §9): 1.5 s by default, progress updated every 500 ms. */
export const HOLD_DURATION_MS = 1500;
export const HOLD_STEP_MS = 500;

export interface HoldCallbacks {
  /** Share of the hold done, 0…100. */
  onProgress(percent: number): void;
  onConfirm(): void;
}

/** Counts a hold in steps; releasing early resets it and nothing is confirmed. */
export class HoldTimer {
  private handle: unknown = null;
  private elapsed = 0;

  constructor(
    private readonly timers: Timers,
    private readonly callbacks: HoldCallbacks,
    private readonly duration = HOLD_DURATION_MS,
  ) {}

  get holding(): boolean {
    return this.handle !== null;
  }

  start(): void {
    if (this.handle !== null) return;
    this.elapsed = 0;
    this.callbacks.onProgress(0);
    this.tick();
  }

  release(): void {
    if (this.handle === null) return;
    this.timers.clearTimeout(this.handle);
    this.handle = null;
    this.elapsed = 0;
    this.callbacks.onProgress(0);
  }

  private tick(): void {
    this.handle = this.timers.setTimeout(() => {
      this.elapsed += HOLD_STEP_MS;
      if (this.elapsed >= this.duration) {
        this.handle = null;
        this.elapsed = 0;
        this.callbacks.onProgress(100);
        this.callbacks.onConfirm();
        return;
      }
      this.callbacks.onProgress(Math.round((this.elapsed / this.duration) * 100));
      this.tick();
    }, HOLD_STEP_MS);
  }
}
