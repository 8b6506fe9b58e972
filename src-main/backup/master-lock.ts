import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Beside the database while a master runs on it: restore refuses while it is there and its process lives. */
export function masterLockFile(dataFile: string): string {
  return `${dataFile}.master.lock`;
}

export function writeMasterLock(dataFile: string): void {
  writeFileSync(masterLockFile(dataFile), JSON.stringify({ pid: process.pid, started_at: new Date().toISOString() }));
}

export function removeMasterLock(dataFile: string): void {
  try {
    const { pid } = JSON.parse(readFileSync(masterLockFile(dataFile), 'utf8')) as { pid?: unknown };
    if (pid === process.pid) rmSync(masterLockFile(dataFile), { force: true });
  } catch {
    // Already gone or not ours.
  }
}

/** The process id of a master that runs on this database, if one does (a stale lock of a crashed master is ignored). */
export function runningMaster(dataFile: string): number | undefined {
  let pid: unknown;
  try {
    pid = (JSON.parse(readFileSync(masterLockFile(dataFile), 'utf8')) as { pid?: unknown }).pid;
  } catch {
    return undefined;
  }
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
