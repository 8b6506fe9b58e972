// The worker side of an off-thread task: one request, one reply, then the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { Refusal } from '../errors';
import type { TaskReply, TaskRequest } from './protocol';

/**
 * Runs `handler` on the input the main thread handed over and posts its answer. A
 * Refusal keeps its kind and code across the thread boundary; anything else is a crash.
 */
export function serveTask<I, O>(handler: (input: I) => O | Promise<O>): void {
  const port = parentPort;
  if (!port) return;
  const request = workerData as TaskRequest<I>;
  const reply = (r: TaskReply<O>) => port.postMessage(r);
  Promise.resolve()
    .then(() => handler(request.input))
    .then(
      (value) => reply({ ok: true, value }),
      (err: unknown) => {
        if (err instanceof Refusal) reply({ ok: false, refusal: { kind: err.kind, code: err.code, message: err.message, ...(err.path !== undefined ? { path: err.path } : {}) } });
        else reply({ ok: false, crash: err instanceof Error ? err.message : String(err) });
      },
    );
}
