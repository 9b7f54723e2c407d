import type { Timers } from './queue';

/** A frame gap longer than this (a long render, a hidden tab) is time the page did not show. */
export const MAX_FRAME_MS = 100;

export interface Frames {
  request(callback: (now: number) => void): number;
  cancel(handle: number): void;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Timers that count only the time the page is painting: a frame gap counts at most MAX_FRAME_MS, and a
 * timer due while the page paints no frames waits for the next one. A message then stays its full time on
 * screen even when a long render or a hidden tab holds the page right after it appears; with plain timers
 * it could vanish before a single frame showed it. While frames come steadily a timer fires on the clock.
 */
export function paintedTimers(frames: Frames): Timers {
  return {
    setTimeout(fn, ms) {
      const timer: { clock: unknown; frame: number } = { clock: undefined, frame: 0 };
      let last = frames.now();
      let shown = 0;
      let waiting = false;
      const settle = () => {
        if (shown >= ms) {
          frames.cancel(timer.frame);
          fn();
        } else {
          timer.clock = frames.setTimeout(due, ms - shown);
        }
      };
      const watch = () => {
        const now = frames.now();
        shown += Math.min(now - last, MAX_FRAME_MS);
        last = now;
        timer.frame = frames.request(watch);
        if (waiting) {
          waiting = false;
          settle();
        }
      };
      const due = () => {
        const open = frames.now() - last;
        // No frame for a while: the page shows nothing now; the next frame decides.
        if (open > MAX_FRAME_MS) {
          waiting = true;
          return;
        }
        shown += open;
        last = frames.now();
        settle();
      };
      timer.frame = frames.request(watch);
      timer.clock = frames.setTimeout(due, ms);
      return timer;
    },
    clearTimeout(handle) {
      if (!handle) return;
      const timer = handle as { clock: unknown; frame: number };
      frames.clearTimeout(timer.clock);
      frames.cancel(timer.frame);
    },
  };
}
