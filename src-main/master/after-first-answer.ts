import type { FastifyInstance } from 'fastify';

const HEALTH = '/api/health';

export interface FirstAnswerGate {
  /** From the master's start on: the work runs at the latest after `fallbackMs`. */
  arm(): void;
  /** The master stops: work that has not run is dropped. */
  cancel(): void;
}

/**
 * Start-up work that the first `/api/health` answer does not need runs right after that
 * answer has gone out, so a supervisor (or the desktop window) sees the master up as soon as
 * it listens. Any other request first waits for the work, so no answer ever reflects a
 * state before it; with no request at all, it runs after `fallbackMs`.
 */
export function afterFirstAnswer(
  apps: readonly FastifyInstance[],
  work: () => void,
  onError: (err: unknown) => void,
  fallbackMs = 1000,
): FirstAnswerGate {
  let pending = true;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (!pending) return;
    pending = false;
    if (timer) clearTimeout(timer);
    try {
      work();
    } catch (err) {
      onError(err);
    }
  };
  const isHealth = (url: string) => url === HEALTH || url.startsWith(`${HEALTH}?`);
  for (const app of apps) {
    app.addHook('onRequest', async (req) => {
      if (pending && !isHealth(req.url)) run();
    });
    app.addHook('onResponse', async (req) => {
      if (pending && isHealth(req.url)) setImmediate(run);
    });
  }
  return {
    arm() {
      if (!pending || timer) return;
      timer = setTimeout(run, fallbackMs);
      timer.unref();
    },
    cancel() {
      pending = false;
      if (timer) clearTimeout(timer);
    },
  };
}
