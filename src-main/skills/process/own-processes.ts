import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The variable that marks every process of one call: the runner puts a fresh random value
 * into the skill's environment, every program the skill starts inherits it, and no process
 * that the call did not start can carry it in the environment it was started with.
 */
export const CALL_MARK_VARIABLE = 'SKILL_CALL_MARK';

export function newCallMark(): string {
  return randomBytes(16).toString('hex');
}

interface ProcEntry {
  readonly pid: number;
  readonly ppid: number;
}

function readStat(pid: number): ProcEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined; // a zombie holds nothing and needs no signal
    return { pid, ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** Whether the process was started with `entry` (`NAME=value\0`) in its environment. */
function carriesMark(pid: number, entry: Buffer): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false; // gone, or another user's: not ours either way
  }
  // The first variable has no NUL in front of it, every other one has.
  if (environ.subarray(0, entry.length).equals(entry)) return true;
  return environ.includes(Buffer.concat([Buffer.from([0]), entry]));
}

/**
 * The processes that provably belong to one call: those started with the call's mark in
 * their environment, and the descendants (by parent links) of `root` while the runner's own
 * child is still alive, so its pid cannot have been reused. Never a process found through a
 * file, a pipe or a name it shares with others. Empty where there is no /proc.
 */
export function processesOfCall(mark: string, root: number | undefined, rootAlive: boolean): number[] {
  if (process.platform !== 'linux') return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entry = Buffer.from(`${CALL_MARK_VARIABLE}=${mark}\0`);
  const entries: ProcEntry[] = [];
  for (const name of names) {
    if (!/^[0-9]+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    const stat = readStat(pid);
    if (stat) entries.push(stat);
  }
  const own = new Set<number>();
  for (const e of entries) if (carriesMark(e.pid, entry)) own.add(e.pid);
  if (rootAlive && root !== undefined) {
    const children = new Map<number, number[]>();
    for (const e of entries) children.set(e.ppid, [...(children.get(e.ppid) ?? []), e.pid]);
    const seen = new Set<number>([root]);
    const queue = [root];
    for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
      for (const child of children.get(pid) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        own.add(child);
        queue.push(child);
      }
    }
  }
  own.delete(process.pid);
  return [...own];
}

/** SIGKILL to each process of the call; a process already gone is no error. */
export function killProcessesOfCall(mark: string, root: number | undefined, rootAlive: boolean): void {
  for (const pid of processesOfCall(mark, root, rootAlive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
