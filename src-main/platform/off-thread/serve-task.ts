// The worker side of an off-thread task: one request, one reply, then the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { Refusal } from '../errors';
import type { TaskReply, TaskRequest } from './protocol';

/**
 * Runs `handler` on the input the main thread handed over and posts its answer. A
 * Refusal keeps its kind and code across the thread boundary; anything else is a crash.
 * `transferOf` names the buffers of an answer that move to the main thread instead of
 * being copied: the copy of a large answer is made on the main thread, blocking it.
 */
export function serveTask<I, O>(handler: (input: I) => O | Promise<O>, transferOf?: (value: O) => ArrayBuffer[]): void {
  const port = parentPort;
  if (!port) return;
  const request = workerData as TaskRequest<I>;
  const reply = (r: TaskReply<O>, transfer: ArrayBuffer[] = []) => port.postMessage(r, transfer);
  Promise.resolve()
    .then(() => handler(request.input))
    .then(
      (value) => reply({ ok: true, value }, transferOf?.(value)),
      (err: unknown) => {
        if (err instanceof Refusal)
          reply({
            ok: false,
            refusal: { kind: err.kind, code: err.code, message: err.message, ...(err.path !== undefined ? { path: err.path } : {}) },
          });
        else reply({ ok: false, crash: err instanceof Error ? err.message : String(err) });
      },
    );
}
