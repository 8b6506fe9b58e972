import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, once, settledOrAfter, whenIdle } from './boot';

afterEach(() => vi.useRealTimers());

describe('start-up order', () => {
  it('the first render waits for the data, but no longer than the cap', async () => {
    vi.useFakeTimers();
    let done = false;
    void settledOrAfter(new Promise(() => {}), 250).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('renders as soon as the data is in, also when loading failed', async () => {
    vi.useFakeTimers();
    await settledOrAfter(Promise.resolve(), 250);
    await settledOrAfter(Promise.reject(new Error('offline')), 250);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs deferred work when the browser is idle, or on the next task without requestIdleCallback', async () => {
    const idle = vi.fn((task: () => void) => task());
    const task = vi.fn();
    whenIdle(task, 1500, idle);
    expect(idle).toHaveBeenCalledWith(task, { timeout: 1500 });
    expect(task).toHaveBeenCalledOnce();
    vi.useFakeTimers();
    const later = vi.fn();
    whenIdle(later, 1500, undefined);
    expect(later).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toHaveBeenCalledOnce();
  });

  it('runs work after the next frame was painted, not inside it', async () => {
    vi.useFakeTimers();
    let frame: (() => void) | undefined;
    const task = vi.fn();
    afterPaint(task, (cb) => (frame = cb));
    await vi.advanceTimersByTimeAsync(10);
    expect(task).not.toHaveBeenCalled(); // no frame yet
    frame!();
    expect(task).not.toHaveBeenCalled(); // the frame paints first
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledOnce();
  });

  it('starts deferred loading once, whichever trigger comes first', () => {
    const task = vi.fn();
    const run = once(task);
    run();
    run();
    expect(task).toHaveBeenCalledOnce();
  });
});
