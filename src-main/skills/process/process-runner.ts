import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  SKILL_ERROR_CODES,
  SKILL_INVOKE_RESULT_SCHEMA,
  SKILL_PROTOCOL,
  toolFailure,
  type SkillInvokeRequest,
  type SkillInvokeResult,
  type SkillManifest,
  type ToolResult,
} from '../../../src-shared';
import { check, compileSchema, describeAjvError } from '../../platform/validation';
import { compileUntrustedSchema } from './action-schemas';
import { EntryPointError, resolveEntryPoint } from './entry-point';
import { skillEnvironment } from './environment';
import { CALL_MARK_VARIABLE, killProcessesOfCall, newCallMark } from './own-processes';
import { EGRESS_PORT, grantOfUrl, sharedEgressProxies, type EgressGrant, type EgressProxies } from './egress-proxy';
import { detectSandbox, findOnPath, sandboxArgs, type SandboxMode } from './sandbox';
import { toRfc3339 } from '../../../src-shared/time-zone';

/** stderr is kept for the trace, never more than this. */
export const MAX_STDERR_BYTES = 64 * 1024;

export interface ProcessRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly stderrTruncated: boolean;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why the runner ended the process itself, if it did. */
  readonly stopped?: 'timeout' | 'output';
  readonly spawnError?: string;
  readonly durationMs: number;
}

export interface ProcessRunOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly stdin: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly maxStderrBytes?: number;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    // A negative pid addresses the whole process group: the skill and anything it started.
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** How long the pipes may stay open after the skill's own process ended. */
const CLOSE_GRACE_MS = 1000;

/**
 * Starts one program in its own process group, writes `stdin`, collects stdout up to
 * `maxOutputBytes` and stderr up to `maxStderrBytes`. Past the timeout or the output cap
 * the whole group is killed, and every process that provably belongs to the call (see
 * own-processes.ts); no other process is ever signalled. Never rejects.
 */
export function runProcess(file: string, args: readonly string[], options: ProcessRunOptions): Promise<ProcessRun> {
  const started = performance.now();
  const maxStderr = options.maxStderrBytes ?? MAX_STDERR_BYTES;
  return new Promise((resolvePromise) => {
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    let stderrTruncated = false;
    let stopped: ProcessRun['stopped'];
    let spawnError: string | undefined;
    let settled = false;

    const mark = newCallMark();
    const child = spawn(file, [...args], {
      cwd: options.cwd,
      env: { ...options.env, [CALL_MARK_VARIABLE]: mark },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });

    // A child that left the process group (setsid) and still holds a pipe would keep the
    // call open for its whole life: it carries the call's mark and is ended with the call.
    let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const killAll = () => {
      killGroup(child.pid);
      killProcessesOfCall(mark, child.pid, exited === undefined);
    };
    const stop = (reason: 'timeout' | 'output') => {
      if (stopped) return;
      stopped = reason;
      killAll();
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    let grace: NodeJS.Timeout | undefined;

    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > options.maxOutputBytes) stop('output');
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const room = maxStderr - stderrBytes;
      if (room <= 0) {
        stderrTruncated = true;
        return;
      }
      if (chunk.length > room) stderrTruncated = true;
      const kept = chunk.subarray(0, room);
      stderr.push(kept);
      stderrBytes += kept.length;
    });
    // A skill that exits without reading stdin makes the write fail with EPIPE; that is
    // the skill's business, its output decides.
    child.stdin.on('error', () => {});
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (grace) clearTimeout(grace);
      resolvePromise({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        stderrTruncated,
        code,
        signal,
        ...(stopped ? { stopped } : {}),
        ...(spawnError ? { spawnError } : {}),
        durationMs: performance.now() - started,
      });
    };
    child.on('error', (err) => {
      spawnError = err.message;
      finish(null, null);
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      // The skill answered (or not) when its own process ended: the timeout no longer applies.
      if (!stopped) clearTimeout(timer);
      killGroup(child.pid);
      // Scanning /proc costs a little; only when the pipes did not close by themselves. The
      // child is reaped by now, so only the mark (never its reusable pid) tells who is ours.
      setTimeout(() => {
        if (!settled) killProcessesOfCall(mark, child.pid, false);
      }, 50).unref();
      // Whatever still holds a pipe after that cannot be ended (another user's process):
      // the call does not wait for it.
      grace = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(code, signal);
      }, CLOSE_GRACE_MS);
    });
    child.on('close', (code, signal) => finish(exited?.code ?? code, exited?.signal ?? signal));
    child.stdin.end(options.stdin);
  });
}

export interface ProcessSkill {
  /** The skill folder: working directory and HOME of the process. */
  readonly dir: string;
  readonly manifest: SkillManifest;
}

export interface RunnerPolicy {
  /** JARVIS_SKILL_ALLOW_SYSTEM_EXEC. */
  readonly allowSystemExec: boolean;
  /** JARVIS_SKILL_MAX_TIMEOUT_MS. */
  readonly maxTimeoutMs: number;
  /** JARVIS_SKILL_MAX_OUTPUT_KB. */
  readonly maxOutputKb: number;
  /** Where PATH, LANG and the env_from names are read from (process.env in production). */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** JARVIS_SKILL_SANDBOX; without it the process runs unisolated (a worker's container is its box). */
  readonly sandbox?: SandboxMode;
  /** JARVIS_SKILL_MAX_MEMORY_MB: memory each process of the call may allocate. */
  readonly maxMemoryMb?: number;
  /** JARVIS_SKILL_MAX_DISK_MB: the largest file it may write, and its private /tmp in the sandbox. */
  readonly maxDiskMb?: number;
  /** The egress proxies of sandboxed skills with the network permission (default: the process's shared ones). */
  readonly egress?: EgressProxies;
  /** JARVIS_SKILL_NETWORK_GRANTS: per skill id, the addresses of this machine it may reach through the proxy. */
  readonly networkGrants?: Readonly<Record<string, readonly EgressGrant[]>>;
  /** JARVIS_SKILL_HOST_NETWORK: integration skills that share the host's network instead of the proxy. */
  readonly hostNetwork?: readonly string[];
}

/** `skill.id=host:port host:port; other.id=host:port` (JARVIS_SKILL_NETWORK_GRANTS) by skill id. */
export function parseNetworkGrants(text: string): Record<string, EgressGrant[]> {
  const out: Record<string, EgressGrant[]> = {};
  for (const part of text.split(';')) {
    const [id, list = ''] = part.split('=', 2).map((s) => s.trim()) as [string, string?];
    if (id) out[id] = [...(out[id] ?? []), ...list.split(/[\s,]+/).filter(Boolean)];
  }
  return out;
}

/** What a skill's HTTP clients are told: the forwarder of the egress proxy on its own loopback. */
function proxyEnvironment(port: number): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return { HTTP_PROXY: url, HTTPS_PROXY: url, ALL_PROXY: url, http_proxy: url, https_proxy: url, all_proxy: url };
}

export const DEFAULT_MAX_MEMORY_MB = 1024;
export const DEFAULT_MAX_DISK_MB = 64;

export interface CallLimits {
  readonly memoryMb: number;
  readonly diskMb: number;
}

export function callLimits(policy: RunnerPolicy): CallLimits {
  return { memoryMb: policy.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB, diskMb: policy.maxDiskMb ?? DEFAULT_MAX_DISK_MB };
}

/**
 * The command with the call's limits around it: util-linux's prlimit sets RLIMIT_DATA
 * (what malloc, mmap and V8's heap draw on; unlike RLIMIT_AS it leaves the address space
 * that runtimes only reserve alone) and RLIMIT_FSIZE, inherited by everything the skill
 * starts, and then runs the command in its own place (same pid, same process group). Without
 * prlimit on PATH the command runs unlimited.
 */
export function withCallLimits(command: { file: string; args: readonly string[] }, limits: CallLimits, path: string) {
  const prlimit = process.platform === 'linux' ? findOnPath('prlimit', path) : undefined;
  if (!prlimit) return { file: command.file, args: [...command.args], limited: false };
  const mb = 1024 * 1024;
  return {
    file: prlimit,
    args: [`--data=${limits.memoryMb * mb}`, `--fsize=${limits.diskMb * mb}`, '--', command.file, ...command.args],
    limited: true,
  };
}

export interface InvokeContext {
  readonly traceId: string;
  readonly now: Date;
  readonly timezone: string;
}

export interface InvokeRequest {
  readonly skill: ProcessSkill;
  readonly action: string;
  readonly input: Record<string, unknown>;
  readonly context: InvokeContext;
  readonly policy: RunnerPolicy;
  /** `jarvis.skill.v1` for local skills, `jarvis.skill.invoke.v1` in a worker. */
  readonly protocol?: SkillInvokeRequest['protocol'];
  readonly requestId?: string;
  /**
   * Whether this skill is its integrations' own (a bundled home skill in the master, any
   * skill of the worker's own folder): only then does it get an integration's secret that
   * INTEGRATION_SECRETS gives to its id. Absent = no integration secret at all.
   */
  readonly integrationSkill?: boolean;
}

export interface InvokeOutcome {
  readonly result: ToolResult;
  readonly envelope: SkillInvokeRequest;
  /** Undefined when the process never started (bad input, denied entry point). */
  readonly run?: ProcessRun;
}

function outcome(envelope: SkillInvokeRequest, result: ToolResult, run?: ProcessRun): InvokeOutcome {
  return run ? { result, envelope, run } : { result, envelope };
}

/** The effective timeout of one call: min(manifest timeout_ms, JARVIS_SKILL_MAX_TIMEOUT_MS). */
export function effectiveTimeoutMs(manifest: SkillManifest, maxTimeoutMs: number): number {
  return Math.min(manifest.runtime.timeout_ms ?? maxTimeoutMs, maxTimeoutMs);
}

/** How runtimes report an allocation that RLIMIT_DATA refused (C, C++, Node, Python, Go, Rust). */
const OUT_OF_MEMORY =
  /\b(?:Cannot allocate memory|out of memory|std::bad_alloc|MemoryError|allocation failed|failed to allocate|memory allocation of \d+ bytes failed)\b/i;

/** A write past RLIMIT_FSIZE: SIGXFSZ, or EFBIG where the runtime ignores that signal (Node). */
const FILE_TOO_LARGE = /\b(?:EFBIG|File too large)\b/;

/** Which limit of the call a failed run hit, in words, or undefined. */
function overLimit(run: ProcessRun, limits: CallLimits): string | undefined {
  const failed = run.signal !== null || (run.code !== null && run.code !== 0);
  if (run.signal === 'SIGXFSZ' || (failed && FILE_TOO_LARGE.test(run.stderr)))
    return `tried to write a file larger than ${limits.diskMb} MB`;
  if (failed && OUT_OF_MEMORY.test(run.stderr)) return `needed more than its ${limits.memoryMb} MB of memory`;
  return undefined;
}

function stderrTail(run: ProcessRun): string {
  const text = run.stderr.trim();
  return text ? `: ${text.slice(-300)}` : '';
}

/**
 * One call of a process skill action, start to finish: input validated before the
 * process starts, the envelope on stdin, exactly one JSON object expected on stdout, the
 * result envelope checked and `data` validated against the action's output_schema. A
 * skill's own `success:false` passes through with its code; anything else that went wrong
 * becomes a structured SKILL_* failure. Nothing but a valid success is ever a success.
 */
export async function invokeProcessSkill(req: InvokeRequest): Promise<InvokeOutcome> {
  const prepared = prepareInvocation(req);
  if (prepared.kind === 'refused') return prepared.outcome;
  const { envelope, command, timeoutMs, maxOutputBytes } = prepared;
  const run = await runProcess(command.file, command.args, {
    cwd: req.skill.dir,
    env: prepared.env,
    stdin: JSON.stringify(envelope),
    timeoutMs,
    maxOutputBytes,
  });
  return outcome(envelope, interpretRun(run, prepared), run);
}

/** Everything a call needs before a process serves it, the same for a per-call and a long-lived process. */
export type PreparedInvocation =
  | { readonly kind: 'refused'; readonly outcome: InvokeOutcome }
  | {
      readonly kind: 'ready';
      readonly envelope: SkillInvokeRequest;
      readonly action: SkillManifest['actions'][number];
      readonly env: Record<string, string>;
      readonly command: { readonly file: string; readonly args: readonly string[] };
      readonly timeoutMs: number;
      readonly maxOutputBytes: number;
      /** The memory and disk limits the command runs under, where the host could apply them. */
      readonly limits?: CallLimits;
    };

/** The call's result from what the process did, judged as interpret() does. */
export function interpretRun(run: ProcessRun, prepared: Extract<PreparedInvocation, { kind: 'ready' }>): ToolResult {
  return interpret(run, prepared.action.output_schema, {
    id: prepared.envelope.skill_id,
    timeoutMs: prepared.timeoutMs,
    maxOutputBytes: prepared.maxOutputBytes,
    ...(prepared.limits ? { limits: prepared.limits } : {}),
  });
}

export { outcome as invokeOutcome };

/**
 * The envelope, the checked input, the environment (env_from, no JARVIS_), the entry point
 * and the sandboxed command line of one call; or the refusal that ends it before any process.
 */
export function prepareInvocation(req: InvokeRequest): PreparedInvocation {
  const refused = (o: InvokeOutcome): PreparedInvocation => ({ kind: 'refused', outcome: o });
  const { skill, policy } = req;
  const { manifest } = skill;
  const envelope: SkillInvokeRequest = {
    protocol: req.protocol ?? SKILL_PROTOCOL,
    request_id: req.requestId ?? `skill_${randomBytes(8).toString('hex')}`,
    skill_id: manifest.id,
    action: req.action,
    input: req.input,
    context: {
      trace_id: req.context.traceId,
      now: toRfc3339(req.context.now.getTime(), req.context.timezone),
      timezone: req.context.timezone,
    },
  };
  if (manifest.enabled === false)
    return refused(outcome(envelope, toolFailure(SKILL_ERROR_CODES.disabled, `skill ${manifest.id} is disabled`)));
  const action = manifest.actions.find((a) => a.name === req.action);
  if (!action)
    return refused(outcome(envelope, toolFailure(SKILL_ERROR_CODES.unknownAction, `skill ${manifest.id} has no action "${req.action}"`)));

  const input = check(compileUntrustedSchema(action.input_schema), req.input);
  if (!input.ok) return refused(outcome(envelope, toolFailure(SKILL_ERROR_CODES.inputSchema, input.error.message, input.error.path)));

  const env = skillEnvironment(
    skill.dir,
    manifest.runtime.env_from,
    policy.hostEnv,
    req.context.timezone,
    req.integrationSkill === true ? manifest.id : undefined,
  );
  let file: string;
  try {
    file = resolveEntryPoint(skill.dir, manifest.runtime.command, {
      manifestAllows: manifest.permissions?.system_exec === true,
      hostAllows: policy.allowSystemExec,
      path: env.PATH ?? '',
    }).file;
  } catch (err) {
    if (err instanceof EntryPointError) return refused(outcome(envelope, toolFailure(err.code, err.message)));
    throw err;
  }

  const sandbox = detectSandbox(policy.sandbox ?? 'off', env.PATH ?? '');
  if (sandbox.kind === 'none' && sandbox.required) {
    return refused(
      outcome(
        envelope,
        toolFailure(
          SKILL_ERROR_CODES.sandboxUnavailable,
          `skill ${manifest.id} was not started: JARVIS_SKILL_SANDBOX=required, but ${sandbox.reason}`,
        ),
      ),
    );
  }
  const args = manifest.runtime.args ?? [];
  const limits = callLimits(policy);
  const network = manifest.permissions?.network === true;
  const egress = sandbox.kind === 'bwrap' && network ? egressOf(req, env) : undefined;
  if (egress) Object.assign(env, proxyEnvironment(egress.port));
  const isolated =
    sandbox.kind === 'bwrap'
      ? {
          file: sandbox.bwrap,
          args: sandboxArgs(skill.dir, file, args, env.PATH ?? '', {
            network,
            tmpMb: limits.diskMb,
            ...(egress ? { egress } : {}),
          }),
        }
      : { file, args };
  const command = withCallLimits(isolated, limits, env.PATH ?? '');
  const timeoutMs = effectiveTimeoutMs(manifest, policy.maxTimeoutMs);
  const maxOutputBytes = policy.maxOutputKb * 1024;
  return { kind: 'ready', envelope, action, env, command, timeoutMs, maxOutputBytes, ...(command.limited ? { limits } : {}) };
}

/**
 * The egress proxy of a sandboxed skill with the network permission, or undefined for an
 * integration skill granted the host's network. Its grants: JARVIS_SKILL_NETWORK_GRANTS for
 * its id, and for an integration's own skill the host and port of every URL in its env_from
 * (the household configured that device for it).
 */
function egressOf(req: InvokeRequest, env: Readonly<Record<string, string>>) {
  const { manifest } = req.skill;
  const { policy } = req;
  if (req.integrationSkill === true && (policy.hostNetwork ?? []).includes(manifest.id)) return undefined;
  const configured =
    req.integrationSkill === true ? (manifest.runtime.env_from ?? []).flatMap((name) => grantOfUrl(env[name] ?? '') ?? []) : [];
  const grants = [...(policy.networkGrants?.[manifest.id] ?? []), ...configured];
  const proxies = policy.egress ?? sharedEgressProxies();
  return { socket: proxies.socketFor(manifest.id, grants), forwarder: proxies.forwarderFile(), node: process.execPath, port: EGRESS_PORT };
}

function interpret(
  run: ProcessRun,
  outputSchema: object | undefined,
  limits: { id: string; timeoutMs: number; maxOutputBytes: number; limits?: CallLimits },
): ToolResult {
  const E = SKILL_ERROR_CODES;
  if (run.spawnError) return toolFailure(E.spawnFailed, `skill ${limits.id} could not be started: ${run.spawnError}`);
  const over = limits.limits ? overLimit(run, limits.limits) : undefined;
  if (over) return toolFailure(E.limitExceeded, `skill ${limits.id} ${over} and was stopped`);
  if (run.stopped === 'timeout')
    return toolFailure(E.timeout, `skill ${limits.id} did not answer within ${limits.timeoutMs} ms and was stopped`);
  if (run.stopped === 'output') {
    return toolFailure(
      E.outputTooLarge,
      `skill ${limits.id} wrote more than ${Math.round(limits.maxOutputBytes / 1024)} KB to stdout and was stopped`,
    );
  }
  const crashed = run.signal !== null || (run.code !== null && run.code !== 0);
  const how = run.signal ? `was killed by ${run.signal}` : `exited with code ${run.code}`;
  const text = run.stdout.trim();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch (err) {
    if (crashed) return toolFailure(E.crashed, `skill ${limits.id} ${how}${stderrTail(run)}`);
    return toolFailure(
      E.badOutput,
      `skill ${limits.id} must print exactly one JSON object on stdout (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (parsed === undefined) {
    if (crashed) return toolFailure(E.crashed, `skill ${limits.id} ${how}${stderrTail(run)}`);
    return toolFailure(E.badOutput, `skill ${limits.id} printed nothing on stdout`);
  }
  const shape = check(compileSchema(SKILL_INVOKE_RESULT_SCHEMA), parsed);
  if (!shape.ok) return toolFailure(E.badOutput, `skill ${limits.id} printed an invalid result: ${shape.error.message}`, shape.error.path);
  const result = parsed as SkillInvokeResult;

  if (!result.success) {
    if (!result.error) return toolFailure(E.badOutput, `skill ${limits.id} reported a failure without error.code and error.message`);
    const failure = toolFailure(result.error.code, result.error.message, result.error.path);
    return { ...failure, message: result.message ?? result.error.message, mutated: result.mutated === true };
  }
  // A success printed by a process that then crashed is not trusted.
  if (crashed) return toolFailure(E.crashed, `skill ${limits.id} printed a result but ${how}${stderrTail(run)}`);
  if (outputSchema) {
    const fn = compileUntrustedSchema(outputSchema);
    if (!fn(result.data)) {
      const err = describeAjvError(fn.errors?.[0] ?? undefined);
      return toolFailure(
        E.outputSchema,
        `skill ${limits.id} returned data that does not match its output_schema: ${err.message}`,
        err.path,
      );
    }
  }
  return {
    success: true,
    data: result.data,
    message: result.message ?? '',
    mutated: result.mutated === true,
    ...(result.warnings && result.warnings.length > 0 ? { warnings: result.warnings } : {}),
  };
}
