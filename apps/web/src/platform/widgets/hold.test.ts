import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoldTimer } from './hold';

describe('hold to confirm', () => {
  const timers = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('confirms after 1.5 s held, with progress every 500 ms', () => {
    const progress: number[] = [];
    const onConfirm = vi.fn();
    const hold = new HoldTimer(timers, { onProgress: (p) => progress.push(p), onConfirm });
    hold.start();
    vi.advanceTimersByTime(1499);
    expect(onConfirm).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(progress).toEqual([0, 33, 67, 100]);
  });

  it('releasing early confirms nothing and resets the progress', () => {
    const progress: number[] = [];
    const onConfirm = vi.fn();
    const hold = new HoldTimer(timers, { onProgress: (p) => progress.push(p), onConfirm });
    hold.start();
    vi.advanceTimersByTime(1200);
    hold.release();
    vi.advanceTimersByTime(5000);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(progress.at(-1)).toBe(0);
  });
});
