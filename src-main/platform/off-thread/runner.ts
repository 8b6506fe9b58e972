// Runs CPU-heavy work on a worker thread, so a hostile or huge input costs that thread its
// time and never the event loop that answers every other request.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Refusal } from '../errors';
import type { TaskReply, TaskRequest } from './protocol';

export interface OffThreadScript {
  /** The worker's bundle, which scripts/build.mjs writes beside the bundle running this code. */
  readonly bundle: string;
  /** The worker's TypeScript entry, compiled on first use when running from source (tests). */
  readonly source: URL;
}

export interface OffThreadLimits {
  /** Wall time for one task; past it the thread is terminated, wherever it is. */
  readonly timeoutMs: number;
  /** Heap of one task's thread; past it the thread dies instead of the process. */
  readonly maxHeapMb: number;
  /** Tasks running at once; the others wait their turn. */
  readonly concurrency?: number;
  /** Tasks waiting at most; one more is refused at once. */
  readonly maxWaiting?: number;
}

export type OffThreadAbortReason = 'timeout' | 'memory' | 'crashed' | 'busy' | 'closed';

/** A task that did not answer: killed by a limit, crashed, refused for load, or cut by close(). */
export class OffThreadAbort extends Error {
  constructor(
    readonly reason: OffThreadAbortReason,
    message: string,
  ) {
    super(message);
    this.name = 'OffThreadAbort';
  }
}

type Source = { readonly filename: string } | { readonly code: string };

const compiled = new Map<string, Promise<string>>();

/** From source, the entry is bundled with esbuild (a dev dependency) into code for `eval`. */
async function compileSource(entry: URL): Promise<string> {
  let job = compiled.get(entry.href);
  if (!job) {
    job = (async () => {
      const name = 'esbuild';
      const esbuild = (await import(name)) as typeof import('esbuild');
      const out = await esbuild.build({
        entryPoints: [fileURLToPath(entry)],
        bundle: true,
        write: false,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        packages: 'external',
        define: { 'import.meta.url': '__jarvis_import_meta_url' },
        banner: { js: `const __jarvis_import_meta_url = ${JSON.stringify(entry.href)};` },
        logLevel: 'silent',
      });
      return out.outputFiles[0]!.text;
    })();
    compiled.set(entry.href, job);
  }
  return job;
}

async function sourceOf(script: OffThreadScript): Promise<Source> {
  const bundled = new URL(`./${script.bundle}`, import.meta.url);
  if (bundled.protocol === 'file:' && existsSync(fileURLToPath(bundled))) return { filename: fileURLToPath(bundled) };
  if (existsSync(fileURLToPath(script.source))) return { code: await compileSource(script.source) };
  throw new OffThreadAbort('crashed', `The worker script ${script.bundle} is missing from this build.`);
}

/** How long a thread may take to start on a busy machine before its task counts as stuck. */
const THREAD_START_MS = 30_000;

/**
 * One kind of task (one worker script) with its limits. Each task gets a fresh thread:
 * nothing a hostile input left behind outlives it, and terminating it is always safe.
 */
export class OffThreadRunner<I, O> {
  private readonly running = new Set<Worker>();
  private readonly waiting: { start: () => void; cancel: (err: Error) => void }[] = [];
  private active = 0;
  private closed = false;

  constructor(
    private readonly script: OffThreadScript,
    private readonly limits: OffThreadLimits,
  ) {}

  /** Runs one task; `timeoutMs` replaces the runner's wall time for this one. */
  async run(input: I, timeoutMs = this.limits.timeoutMs): Promise<O> {
    if (this.closed) throw new OffThreadAbort('closed', 'Shutting down.');
    if (this.active >= (this.limits.concurrency ?? 1)) {
      if (this.waiting.length >= (this.limits.maxWaiting ?? 16))
        throw new OffThreadAbort('busy', 'Too many tasks of this kind are waiting.');
      await new Promise<void>((start, cancel) => this.waiting.push({ start, cancel }));
    }
    this.active++;
    try {
      return await this.runNow(input, timeoutMs);
    } finally {
      this.active--;
      this.waiting.shift()?.start();
    }
  }

  /** Ends every running task (they reject with reason `closed`) and refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.cancel(new OffThreadAbort('closed', 'Shutting down.'));
    await Promise.all([...this.running].map((w) => w.terminate()));
  }

  private async runNow(input: I, timeoutMs: number): Promise<O> {
    const source = await sourceOf(this.script);
    if (this.closed) throw new OffThreadAbort('closed', 'Shutting down.');
    const request: TaskRequest<I> = { input };
    const options = {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb },
      stdout: false,
      stderr: false,
    };
    const worker = 'filename' in source ? new Worker(source.filename, options) : new Worker(source.code, { ...options, eval: true });
    this.running.add(worker);
    return new Promise<O>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.running.delete(worker);
        fn();
        void worker.terminate();
      };
      const stop = () => settle(() => reject(new OffThreadAbort('timeout', `The task took longer than ${timeoutMs} ms and was stopped.`)));
      // The task's time counts from when its thread runs: starting a thread on a busy machine
      // is not the input's doing. A thread that never starts is stopped after a generous wait.
      let timer = setTimeout(stop, THREAD_START_MS + timeoutMs);
      worker.once('online', () => {
        clearTimeout(timer);
        timer = setTimeout(stop, timeoutMs);
      });
      worker.once('message', (reply: TaskReply<O>) =>
        settle(() => {
          if (reply.ok) resolve(reply.value);
          else if ('refusal' in reply)
            reject(new Refusal(reply.refusal.kind, reply.refusal.code, reply.refusal.message, reply.refusal.path));
          else reject(new OffThreadAbort('crashed', reply.crash));
        }),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        settle(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new OffThreadAbort('memory', `The task needed more than ${this.limits.maxHeapMb} MB of memory and was stopped.`)
              : new OffThreadAbort('crashed', err.message),
          ),
        ),
      );
      worker.once('exit', () =>
        settle(() =>
          reject(
            new OffThreadAbort(this.closed ? 'closed' : 'crashed', this.closed ? 'Shutting down.' : 'The task ended without an answer.'),
          ),
        ),
      );
    });
  }
}
