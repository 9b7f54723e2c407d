import type { Timers } from './queue';

/** A frame gap longer than this (a long render, a background tab) counts as this much time shown. */
export const MAX_FRAME_MS = 100;

export interface Frames {
  request(callback: (now: number) => void): number;
  cancel(handle: number): void;
  now(): number;
}

/**
 * Timers that count only the time the page is painting. A message then stays its full time on screen
 * even when a long render or a hidden tab holds the page right after it appears; with wall-clock
 * timers it could vanish before a single frame showed it.
 */
export function paintedTimers(frames: Frames): Timers {
  return {
    setTimeout(fn, ms) {
      const timer = { handle: 0 };
      let left = ms;
      let last = frames.now();
      const frame = (now: number) => {
        left -= Math.min(Math.max(now - last, 0), MAX_FRAME_MS);
        last = now;
        if (left <= 0) fn();
        else timer.handle = frames.request(frame);
      };
      timer.handle = frames.request(frame);
      return timer;
    },
    clearTimeout(timer) {
      if (timer) frames.cancel((timer as { handle: number }).handle);
    },
  };
}
