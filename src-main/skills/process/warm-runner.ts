import { spawn, type ChildProcess } from 'node:child_process';
import { SKILL_ERROR_CODES, toolFailure, type SkillInvokeRequest } from '../../../src-shared';
import {
  invokeOutcome,
  interpretRun,
  MAX_STDERR_BYTES,
  prepareInvocation,
  type InvokeOutcome,
  type InvokeRequest,
  type PreparedInvocation,
  type ProcessRun,
} from './process-runner';

/** A long-lived process without its own limits serves this many calls at once. */
export const DEFAULT_MAX_CONCURRENT = 4;
/** …and is ended after this long without a call. */
export const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60_000;
/** Calls waiting for a free slot of one skill beyond this are refused at once (SKILL_BUSY). */
export const MAX_WAITING_CALLS = 256;
/** How long a process told to end (stdin closed) may take before its group is killed. */
const STOP_GRACE_MS = 2000;

type StopReason = 'timeout' | 'output' | 'protocol' | 'stopped';
type Ready = Extract<PreparedInvocation, { kind: 'ready' }>;

/** Only the process group the runner created for the skill: never anything found elsewhere. */
function killOwnGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Every long-lived process alive in this process: ended with it, whatever ends it normally. */
const alive = new Set<WarmProcess>();
let exitHookInstalled = false;
function track(p: WarmProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const w of alive) w.kill();
    });
  }
  alive.add(p);
}

interface PendingCall {
  readonly started: number;
  readonly stderrMark: number;
  readonly timer: NodeJS.Timeout;
  readonly resolve: (run: ProcessRun) => void;
}

/**
 * One skill process serving JSON lines: envelopes in on stdin, one result line per request
 * out on stdout, matched by request_id. Whatever ends it (crash, a timed-out call, too much
 * output, a line that is not a result) ends it for every call it holds; the pool starts a new
 * one for the next call. When the master ends, the pipe closes and the skill reads EOF; under
 * bubblewrap --die-with-parent ends it as well.
 */
export class WarmProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<string, PendingCall>();
  private stdoutBuf = '';
  private stderrText = '';
  /** Bytes of stderr ever written; the kept text is the tail of it. */
  private stderrTotal = 0;
  private ended: { code: number | null; signal: NodeJS.Signals | null; spawnError?: string } | undefined;
  /** Why the runner ends the process: told to every call it held. */
  private stopping: { reason: Exclude<StopReason, 'stopped'>; requestId?: string; line?: string } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Told to end (stdin closed): takes no new call, answers those it holds. */
  private draining = false;
  readonly startedAt = Date.now();
  /** Calls served, for tests and the trace. */
  served = 0;

  constructor(
    readonly key: string,
    command: Ready['command'],
    cwd: string,
    env: Record<string, string>,
    private readonly maxOutputBytes: number,
    private readonly idleTimeoutMs: number,
    private readonly onEnd: (p: WarmProcess) => void,
  ) {
    this.child = spawn(command.file, [...command.args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true });
    track(this);
    // Never what keeps the host running (a CLI call, a test): a call's own timer does while it runs.
    this.child.unref();
    for (const pipe of [this.child.stdin, this.child.stdout, this.child.stderr]) (pipe as { unref?: () => void } | null)?.unref?.();
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => this.onStdout(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.onStderr(chunk));
    this.child.stdin?.on('error', () => {});
    this.child.on('error', (err) => this.finish(null, null, err.message));
    this.child.on('exit', (code, signal) => {
      // The group goes with its leader: nothing the skill started outlives it.
      killOwnGroup(this.child.pid);
      this.finish(code, signal);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.ended === undefined && this.stopping === undefined && !this.draining;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Sends one envelope; resolves with what a per-call run would have given for it. */
  call(envelope: SkillInvokeRequest, timeoutMs: number): Promise<ProcessRun> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    return new Promise((resolve) => {
      if (!this.alive || this.pending.has(envelope.request_id)) {
        resolve(this.endedRun(performance.now(), this.stderrTotal, envelope.request_id));
        return;
      }
      const timer = setTimeout(() => this.stop('timeout', envelope.request_id), timeoutMs);
      this.pending.set(envelope.request_id, { started: performance.now(), stderrMark: this.stderrTotal, timer, resolve });
      this.child.stdin?.write(`${JSON.stringify(envelope)}\n`);
    });
  }

  /**
   * `stopped` (reload, idle, replaced): stdin is closed, the calls it holds may still answer,
   * then the group is killed after a grace. Anything else kills it at once.
   */
  stop(reason: StopReason = 'stopped', requestId?: string, line?: string): void {
    if (this.ended || this.stopping) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (reason === 'stopped') {
      if (this.draining) return;
      this.draining = true;
      this.onEnd(this);
      this.child.stdin?.end();
      if (this.pending.size === 0) this.killLater();
      return;
    }
    this.stopping = { reason, ...(requestId !== undefined ? { requestId } : {}), ...(line !== undefined ? { line } : {}) };
    this.onEnd(this);
    this.kill();
  }

  private killLater(): void {
    setTimeout(() => this.kill(), STOP_GRACE_MS).unref();
  }

  kill(): void {
    killOwnGroup(this.child.pid);
  }

  private onStdout(chunk: string): void {
    if (this.stopping) return;
    this.stdoutBuf += chunk;
    let nl: number;
    while ((nl = this.stdoutBuf.indexOf('\n')) >= 0) {
      const line = this.stdoutBuf.slice(0, nl).trim();
      this.stdoutBuf = this.stdoutBuf.slice(nl + 1);
      if (line) this.onLine(line);
      if (this.stopping) return;
    }
    if (Buffer.byteLength(this.stdoutBuf) > this.maxOutputBytes) this.stop('output');
  }

  private onLine(line: string): void {
    if (Buffer.byteLength(line) > this.maxOutputBytes) return this.stop('output');
    let id: unknown;
    try {
      id = (JSON.parse(line) as { request_id?: unknown } | null)?.request_id;
    } catch {
      id = undefined;
    }
    const call = typeof id === 'string' ? this.pending.get(id) : undefined;
    // A line that answers no call it holds breaks the protocol: no later line can be trusted.
    if (!call || typeof id !== 'string') return this.stop('protocol', undefined, line);
    this.pending.delete(id);
    clearTimeout(call.timer);
    this.served += 1;
    call.resolve({ ...this.baseRun(call), stdout: line, code: 0, signal: null });
    if (this.pending.size > 0) return;
    if (this.draining) this.killLater();
    else if (this.alive) {
      this.idleTimer = setTimeout(() => this.stop('stopped'), this.idleTimeoutMs);
      this.idleTimer.unref();
    }
  }

  private onStderr(chunk: Buffer): void {
    this.stderrTotal += chunk.length;
    this.stderrText = (this.stderrText + chunk.toString('utf8')).slice(-MAX_STDERR_BYTES);
  }

  private baseRun(call: { started: number; stderrMark: number }): Omit<ProcessRun, 'stdout' | 'code' | 'signal'> {
    const since = this.stderrTotal - call.stderrMark;
    const stderr = since <= 0 ? '' : this.stderrText.slice(-since);
    return { stderr, stderrTruncated: since > this.stderrText.length, durationMs: performance.now() - call.started };
  }

  /** What a call gets when the process ended (or was ended) before it answered. */
  private endedRun(started: number, stderrMark: number, requestId: string): ProcessRun {
    const base = this.baseRun({ started, stderrMark });
    const why = this.stopping;
    const signal = this.ended?.signal ?? (why ? 'SIGKILL' : null);
    const code = this.ended?.code ?? null;
    if (this.ended?.spawnError) return { ...base, stdout: '', code: null, signal: null, spawnError: this.ended.spawnError };
    if (why?.reason === 'timeout' && why.requestId === requestId) return { ...base, stdout: '', code, signal, stopped: 'timeout' };
    if (why?.reason === 'output') return { ...base, stdout: '', code, signal, stopped: 'output' };
    // The line that broke the protocol is judged as the output of the call it may have meant.
    if (why?.reason === 'protocol' && why.line !== undefined && this.pending.size === 1)
      return { ...base, stdout: why.line, code: 0, signal: null };
    const note =
      why?.reason === 'timeout'
        ? 'another call to the same process timed out and the process was restarted'
        : why?.reason === 'protocol'
          ? `the process printed a line that answers no request: ${(why.line ?? '').slice(0, 200)}`
          : this.draining
            ? 'the process ended while it was being replaced (skill reloaded or idle)'
            : '';
    return { ...base, stderr: [base.stderr, note].filter(Boolean).join('\n'), stdout: '', code, signal };
  }

  private finish(code: number | null, signal: NodeJS.Signals | null, spawnError?: string): void {
    if (this.ended) return;
    this.ended = { code, signal, ...(spawnError ? { spawnError } : {}) };
    alive.delete(this);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.onEnd(this);
    const calls = [...this.pending];
    for (const [id, call] of calls) {
      clearTimeout(call.timer);
      call.resolve(this.endedRun(call.started, call.stderrMark, id));
    }
    this.pending.clear();
  }
}

interface SkillSlots {
  active: number;
  readonly waiting: Array<() => void>;
}

/** What the pool knows of one skill's process, for the trace, tests and the status. */
export interface WarmProcessInfo {
  readonly dir: string;
  readonly pid: number | undefined;
  readonly inFlight: number;
  readonly served: number;
}

/**
 * The long-lived processes of one runner (the master's engine, or a worker): at most one per
 * skill folder, started at the first call, replaced when the call's command, environment or
 * tree differ (a reload, an accepted SkillProposal, a changed setting), ended when idle, and
 * never more calls at once than the manifest's max_concurrent.
 */
export class WarmSkillPool {
  private readonly processes = new Map<string, WarmProcess>();
  private readonly slots = new Map<string, SkillSlots>();

  /**
   * One call. `generation` names the tree the caller checked (its tree hash): a process
   * started for another tree is never given the call.
   */
  async invoke(req: InvokeRequest, generation = ''): Promise<InvokeOutcome> {
    const prepared = prepareInvocation(req);
    if (prepared.kind === 'refused') return prepared.outcome;
    const runtime = req.skill.manifest.runtime;
    const dir = req.skill.dir;
    const max = runtime.max_concurrent ?? DEFAULT_MAX_CONCURRENT;
    const slots = this.slots.get(dir) ?? { active: 0, waiting: [] };
    this.slots.set(dir, slots);
    if (slots.active >= max) {
      if (slots.waiting.length >= MAX_WAITING_CALLS) {
        const busy = toolFailure(
          SKILL_ERROR_CODES.busy,
          `skill ${req.skill.manifest.id} has ${MAX_WAITING_CALLS} calls waiting already; try again in a moment`,
        );
        return invokeOutcome(prepared.envelope, busy);
      }
      await new Promise<void>((resolve) => slots.waiting.push(resolve));
    } else slots.active += 1;
    try {
      const proc = this.processFor(dir, generation, prepared, runtime.idle_timeout_ms ?? DEFAULT_IDLE_TIMEOUT_MS);
      const run = await proc.call(prepared.envelope, prepared.timeoutMs);
      return invokeOutcome(prepared.envelope, interpretRun(run, prepared), run);
    } finally {
      const next = slots.waiting.shift();
      // The slot passes to the next waiting call, or is given back.
      if (next) next();
      else slots.active -= 1;
    }
  }

  private processFor(dir: string, generation: string, prepared: Ready, idleTimeoutMs: number): WarmProcess {
    const key = JSON.stringify([generation, prepared.command, prepared.env]);
    const current = this.processes.get(dir);
    if (current?.alive && current.key === key) return current;
    current?.stop('stopped');
    const proc = new WarmProcess(key, prepared.command, dir, prepared.env, prepared.maxOutputBytes, idleTimeoutMs, (p) => {
      if (this.processes.get(dir) === p) this.processes.delete(dir);
    });
    this.processes.set(dir, proc);
    return proc;
  }

  /** Ends the process of one skill folder, or all of them: the next call starts a fresh one. */
  stop(dir?: string): void {
    for (const [d, p] of [...this.processes]) if (dir === undefined || d === dir) p.stop('stopped');
  }

  /** Ends those whose folder is not in `dirs` (skills removed by a reload). */
  retain(dirs: ReadonlySet<string>): void {
    for (const [d, p] of [...this.processes]) if (!dirs.has(d)) p.stop('stopped');
  }

  list(): WarmProcessInfo[] {
    return [...this.processes].map(([dir, p]) => ({ dir, pid: p.pid, inFlight: p.inFlight, served: p.served }));
  }
}

/** Whether a skill's manifest asks for a long-lived process. */
export function isLongLived(manifest: { readonly runtime: { readonly mode?: string } }): boolean {
  return manifest.runtime.mode === 'long-lived';
}
