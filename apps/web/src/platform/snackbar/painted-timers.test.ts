import { describe, expect, it, vi } from 'vitest';
import { type Frames, paintedTimers } from './painted-timers';

/**
 * A page driven by hand: `run(ms)` moves the clock in 16 ms steps, painting a frame at each step unless
 * the page is `blocked` (a long render, a hidden tab), and runs the timers that are due.
 */
function page() {
  let now = 0;
  let next = 1;
  let frames = new Map<number, (now: number) => void>();
  const timeouts = new Map<number, { at: number; callback: () => void }>();
  const env: Frames = {
    request: (callback) => {
      frames.set(next, callback);
      return next++;
    },
    cancel: (handle) => void frames.delete(handle),
    now: () => now,
    setTimeout: (callback, ms) => {
      timeouts.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout: (handle) => void timeouts.delete(handle as number),
  };
  const runTimeouts = () => {
    for (const [handle, timeout] of [...timeouts]) {
      if (timeout.at > now) continue;
      timeouts.delete(handle);
      timeout.callback();
    }
  };
  return {
    env,
    run(ms: number, { blocked = false } = {}) {
      for (let step = 0; step < ms; step += 16) {
        now += Math.min(16, ms - step);
        if (!blocked) {
          const due = frames;
          frames = new Map();
          for (const callback of due.values()) callback(now);
        }
        runTimeouts();
      }
    },
  };
}

describe('painted timers', () => {
  it('fire on time while the page paints', () => {
    const { env, run } = page();
    const fired = vi.fn();
    paintedTimers(env).setTimeout(fired, 3000);
    run(2999);
    expect(fired).not.toHaveBeenCalled();
    run(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('do not count the time the page did not paint, beyond one long frame', () => {
    const { env, run } = page();
    const fired = vi.fn();
    paintedTimers(env).setTimeout(fired, 3000);
    run(96);
    // 2,516 ms from one frame to the next count as 100: 2,416 more to wait.
    run(2500, { blocked: true });
    run(2800);
    expect(fired).not.toHaveBeenCalled();
    run(100);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('wait for a hidden page to show again', () => {
    const { env, run } = page();
    const fired = vi.fn();
    paintedTimers(env).setTimeout(fired, 1000);
    run(20_000, { blocked: true });
    expect(fired).not.toHaveBeenCalled();
    // Back on screen: the first frame counts 100 ms, then the other 900.
    run(896);
    expect(fired).not.toHaveBeenCalled();
    run(32);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('a cleared timer never fires', () => {
    const { env, run } = page();
    const fired = vi.fn();
    const timers = paintedTimers(env);
    const handle = timers.setTimeout(fired, 100);
    run(50);
    timers.clearTimeout(handle);
    run(500);
    expect(fired).not.toHaveBeenCalled();
  });
});
