// Start-up order of the renderer, arranged for Home's time to interactive.

/** Resolves when `ready` settles (either way) or after `capMs`, whichever comes first. */
export function settledOrAfter(ready: Promise<unknown>, capMs: number, timer: typeof setTimeout = setTimeout): Promise<void> {
  return new Promise((resolve) => {
    const cap = timer(resolve, capMs);
    const done = () => {
      clearTimeout(cap);
      resolve();
    };
    ready.then(done, done);
  });
}

/**
 * Runs `task` after the next frame has been painted: a rAF callback runs just before the
 * paint, a task it posts just after.
 */
export function afterPaint(task: () => void, frame: (callback: () => void) => unknown = (cb) => requestAnimationFrame(cb)): void {
  frame(() => setTimeout(task, 0));
}

type IdleScheduler = (task: () => void, options: { timeout: number }) => unknown;

/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs`. Without
 * requestIdleCallback the task runs on the next macrotask.
 */
export function whenIdle(
  task: () => void,
  timeoutMs = 2000,
  idle: IdleScheduler | undefined = globalThis.requestIdleCallback?.bind(globalThis),
): void {
  if (idle) idle(task, { timeout: timeoutMs });
  else setTimeout(task, 0);
}

/** `task` behind a guard: however often the result is called, `task` runs once. */
export function once(task: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    task();
  };
}
