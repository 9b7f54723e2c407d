import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarQueue } from './queue';

describe('snackbar queue', () => {
  let queue: SnackbarQueue;
  beforeEach(() => {
    vi.useFakeTimers();
    queue = new SnackbarQueue({
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('shows one message at a time, defaults 3000 ms on the left', () => {
    queue.show({ text: 'first' });
    queue.show({ text: 'second' });
    expect(queue.current).toMatchObject({ text: 'first', timeout: 3000, position: 'left', color: 'info' });
    vi.advanceTimersByTime(2999);
    expect(queue.current?.text).toBe('first');
    vi.advanceTimersByTime(1);
    expect(queue.current).toBeNull();
    vi.advanceTimersByTime(499);
    expect(queue.current).toBeNull();
    vi.advanceTimersByTime(1);
    expect(queue.current?.text).toBe('second');
  });

  it('the next message comes 500 ms after the current one is closed', () => {
    queue.show({ text: 'a', timeout: 5000 });
    queue.show({ text: 'b' });
    vi.advanceTimersByTime(1000);
    queue.hide();
    expect(queue.current).toBeNull();
    vi.advanceTimersByTime(500);
    expect(queue.current?.text).toBe('b');
  });

  it('a message shown while idle appears at once', () => {
    queue.show({ text: 'x', timeout: 10_000, color: 'error' });
    expect(queue.current).toMatchObject({ text: 'x', timeout: 10_000, color: 'error' });
  });
});
