import { execFile, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import { PACK_LIB } from './discovery';

/** JARVIS_SKILL_SANDBOX: `auto` isolates where the OS can, `required` refuses to run without it, `off` never isolates. */
export type SandboxMode = 'auto' | 'required' | 'off';

export type SandboxStatus =
  { readonly kind: 'bwrap'; readonly bwrap: string } | { readonly kind: 'none'; readonly reason: string; readonly required: boolean };

/** What every process needs to start: programs and libraries. */
const SYSTEM_ROOTS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * The part of /etc a program needs to run, resolve names and check certificates: a private
 * /etc holds only these, never the host's accounts, service configuration or keys.
 */
export const ETC_ALLOWLIST = [
  '/etc/alternatives',
  '/etc/ca-certificates',
  '/etc/ca-certificates.conf',
  '/etc/gai.conf',
  '/etc/host.conf',
  '/etc/hosts',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/mime.types',
  '/etc/nsswitch.conf',
  '/etc/pki',
  '/etc/resolv.conf',
  '/etc/ssl',
  '/etc/timezone',
];

/** What a sandboxed call may use beyond the skill folder. */
export interface SandboxOptions {
  /** permissions.network: without it the skill gets a network namespace of its own with nothing in it. */
  readonly network?: boolean;
  /** Size of the private /tmp in MB (JARVIS_SKILL_MAX_DISK_MB). */
  readonly tmpMb?: number;
  /**
   * With `network`: the way out through the egress proxy instead of the host's network. The
   * skill keeps a network namespace of its own; the proxy's socket and the forwarder are
   * mounted in and the forwarder (run by `node`) starts the skill. Without it a skill with
   * the permission shares the host's network (a grant of the host network).
   */
  readonly egress?: { readonly socket: string; readonly forwarder: string; readonly node: string; readonly port: number };
}

/** Where the egress proxy's socket and the forwarder appear inside the sandbox. */
const EGRESS_SOCKET = '/run/jarvis/egress.sock';
const EGRESS_FORWARDER = '/run/jarvis/forwarder.cjs';

/** The private /tmp's size when the caller names none. */
const DEFAULT_TMP_MB = 64;

export function findOnPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = `${dir}/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const probes = new Map<string, SandboxStatus>();

/**
 * Whether skill processes can run under bubblewrap here: the binary must exist and be able
 * to create the namespaces (some containers forbid user namespaces). Probed once per
 * mode and PATH, with the same flags a skill gets.
 */
export function detectSandbox(mode: SandboxMode, path: string): SandboxStatus {
  const key = `${mode}\0${path}`;
  const known = probes.get(key);
  if (known) return known;
  const plan = probePlan(mode, path);
  const status =
    plan.kind === 'decided'
      ? plan.status
      : probeResult(plan, spawnSync(plan.bwrap, plan.args, { env: { PATH: path }, timeout: 5000, encoding: 'utf8' }));
  probes.set(key, status);
  return status;
}

/** What detectSandbox knows already, without probing: `undefined` while no probe has finished. */
export function knownSandbox(mode: SandboxMode, path: string): SandboxStatus | undefined {
  return probes.get(`${mode}\0${path}`);
}

/**
 * The same probe as detectSandbox, without blocking the event loop: the master starts it in
 * the background, so neither its start nor a health request waits for a child process.
 */
export function probeSandbox(mode: SandboxMode, path: string): Promise<SandboxStatus> {
  const key = `${mode}\0${path}`;
  const known = probes.get(key);
  if (known) return Promise.resolve(known);
  const plan = probePlan(mode, path);
  if (plan.kind === 'decided') {
    probes.set(key, plan.status);
    return Promise.resolve(plan.status);
  }
  return new Promise((resolve) => {
    execFile(plan.bwrap, plan.args, { env: { PATH: path }, timeout: 5000, encoding: 'utf8' }, (error, _stdout, stderr) => {
      // Only success matters to the status; a failure is told by its stderr or error message.
      const status = probeResult(plan, { status: error ? 1 : 0, stderr, error: error ?? undefined });
      // A synchronous probe that finished first wins: both saw the same machine.
      const first = probes.get(key) ?? status;
      probes.set(key, first);
      resolve(first);
    });
  });
}

type ProbePlan =
  | { readonly kind: 'decided'; readonly status: SandboxStatus }
  | { readonly kind: 'probe'; readonly bwrap: string; readonly args: string[]; readonly required: boolean };

function probePlan(mode: SandboxMode, path: string): ProbePlan {
  const required = mode === 'required';
  if (mode === 'off') return { kind: 'decided', status: { kind: 'none', reason: 'JARVIS_SKILL_SANDBOX=off', required: false } };
  const bwrap = findOnPath('bwrap', path);
  if (!bwrap) return { kind: 'decided', status: { kind: 'none', reason: 'bubblewrap (bwrap) is not installed', required } };
  // Without the network: a host that cannot make a network namespace gets no sandbox at all
  // rather than one that silently shares the network.
  return { kind: 'probe', bwrap, args: [...baseArgs(false), '--ro-bind', '/', '/', '--proc', '/proc', 'true'], required };
}

function probeResult(
  plan: { readonly bwrap: string; readonly required: boolean },
  probe: { status: number | null; stderr?: string; error?: Error | undefined },
): SandboxStatus {
  return probe.status === 0
    ? { kind: 'bwrap', bwrap: plan.bwrap }
    : {
        kind: 'none',
        reason: `bubblewrap cannot create namespaces here: ${(probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().slice(0, 200)}`,
        required: plan.required,
      };
}

function baseArgs(network: boolean): string[] {
  // A fresh PID namespace: /proc shows no parent and no master, and when the skill's main
  // process ends (or bwrap is killed) the kernel ends everything else in it. --unshare-all
  // includes the network: a skill without the permission sees only a loopback of its own,
  // so neither the master's listeners nor the LAN nor the internet.
  return ['--die-with-parent', '--unshare-all', ...(network ? ['--share-net'] : []), '--new-session'];
}

/**
 * A version manager's shims folder (`~/.pyenv/shims`) runs programs that live beside it:
 * its parent is mounted (never the home folder itself). Any other PATH folder only itself,
 * so `~/.cargo/bin` does not bring `~/.cargo/credentials.toml` along.
 */
function runtimeRootOf(dir: string): string {
  const parent = dirname(dir);
  if (basename(dir) !== 'shims' || parent === '/' || parent === homedir()) return dir;
  return parent;
}

function roBind(path: string, out: string[], bound: Set<string>): void {
  if (!isAbsolute(path) || bound.has(path) || !existsSync(path)) return;
  if ([...bound].some((b) => path === b || path.startsWith(`${b}/`))) return;
  bound.add(path);
  out.push('--ro-bind', path, path);
}

/**
 * The bwrap command line around one skill process: the system folders and the PATH
 * folders read-only, a private /etc with only ETC_ALLOWLIST, a pack's shared `_lib`
 * read-only, the skill folder read-write (its HOME and working directory), a private
 * size-limited /tmp, /proc of its own PID namespace, the network only with
 * `options.network`, nothing else of the host (no data folder, no home, no master).
 */
export function sandboxArgs(skillDir: string, file: string, args: readonly string[], path: string, options: SandboxOptions = {}): string[] {
  // The private /tmp first: every bind below lands on top of it, so a skill folder (or its
  // pack's `_lib`) that itself lives under /tmp stays visible.
  const tmpBytes = String(Math.max(1, options.tmpMb ?? DEFAULT_TMP_MB) * 1024 * 1024);
  const egress = options.network === true ? options.egress : undefined;
  const out = [...baseArgs(options.network === true && !egress), '--proc', '/proc', '--dev', '/dev', '--size', tmpBytes, '--tmpfs', '/tmp'];
  const bound = new Set<string>();
  for (const root of SYSTEM_ROOTS) roBind(root, out, bound);
  out.push('--dir', '/etc');
  for (const entry of ETC_ALLOWLIST) roBind(entry, out, bound);
  for (const dir of path.split(delimiter)) {
    if (!dir || !isAbsolute(dir) || !existsSync(dir)) continue;
    for (const p of new Set([dir, realpathSync(dir)])) roBind(runtimeRootOf(p), out, bound);
  }
  const realDir = realpathSync(skillDir);
  if (!file.startsWith(`${realDir}/`)) roBind(dirname(realpathSync(file)), out, bound);
  // A skill of a pack imports the pack's shared code from the sibling `_lib`: visible, read-only.
  roBind(join(dirname(realDir), PACK_LIB), out, bound);
  // The entry point is a real path; HOME and the working directory are the folder as named.
  out.push('--bind', realDir, realDir);
  if (realDir !== skillDir) out.push('--bind', realDir, skillDir);
  if (egress) {
    const node = realpathSync(egress.node);
    roBind(dirname(node), out, bound);
    out.push('--ro-bind', egress.socket, EGRESS_SOCKET, '--ro-bind', egress.forwarder, EGRESS_FORWARDER);
    // Electron's binary is Node only with this; the forwarder removes it before the skill starts.
    if (process.versions.electron) out.push('--setenv', 'ELECTRON_RUN_AS_NODE', '1');
    out.push('--chdir', skillDir, '--', node, EGRESS_FORWARDER, EGRESS_SOCKET, String(egress.port), file, ...args);
    return out;
  }
  out.push('--chdir', skillDir, '--', file, ...args);
  return out;
}
