import { describe, expect, it, vi } from 'vitest';
import { MAX_FRAME_MS, paintedTimers } from './painted-timers';

/** Frames driven by hand: `paint(ms)` advances the clock and runs the waiting frame callbacks. */
function manualFrames() {
  let now = 0;
  let next = 1;
  let waiting = new Map<number, (now: number) => void>();
  return {
    frames: {
      request: (callback: (now: number) => void) => {
        waiting.set(next, callback);
        return next++;
      },
      cancel: (handle: number) => void waiting.delete(handle),
      now: () => now,
    },
    paint(ms: number) {
      now += ms;
      const due = waiting;
      waiting = new Map();
      for (const callback of due.values()) callback(now);
    },
  };
}

describe('painted timers', () => {
  it('fire after the time painted at a steady frame rate', () => {
    const { frames, paint } = manualFrames();
    const fired = vi.fn();
    paintedTimers(frames).setTimeout(fired, 3000);
    for (let i = 0; i < 187; i++) paint(16);
    expect(fired).not.toHaveBeenCalled();
    paint(16);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('count a long frame gap as one short frame, so a blocked page does not eat the time', () => {
    const { frames, paint } = manualFrames();
    const fired = vi.fn();
    paintedTimers(frames).setTimeout(fired, 3000);
    paint(2500);
    paint(2500);
    expect(fired).not.toHaveBeenCalled();
    for (let i = 0; i < (3000 - 2 * MAX_FRAME_MS) / 20 - 1; i++) paint(20);
    expect(fired).not.toHaveBeenCalled();
    paint(20);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('a cleared timer never fires', () => {
    const { frames, paint } = manualFrames();
    const fired = vi.fn();
    const timers = paintedTimers(frames);
    const handle = timers.setTimeout(fired, 100);
    paint(50);
    timers.clearTimeout(handle);
    for (let i = 0; i < 10; i++) paint(50);
    expect(fired).not.toHaveBeenCalled();
  });
});
