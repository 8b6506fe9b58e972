import { parseFileStamp } from './stamp';

export const SCHEDULED_PREFIX = 'jarvis-';
export const BACKUP_SUFFIX = '.jarvis-backup';
const DAY_MS = 86_400_000;

export function scheduledName(stamp: string): string {
  return `${SCHEDULED_PREFIX}${stamp}${BACKUP_SUFFIX}`;
}

/** The scheduled backups among a folder's names, newest first. */
export function scheduledBackups(names: readonly string[]): { name: string; at: Date }[] {
  const out: { name: string; at: Date }[] = [];
  for (const name of names) {
    if (!name.startsWith(SCHEDULED_PREFIX) || !name.endsWith(BACKUP_SUFFIX)) continue;
    const at = parseFileStamp(name.slice(SCHEDULED_PREFIX.length, -BACKUP_SUFFIX.length));
    if (at) out.push({ name, at });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * Daily for a week, weekly for a month: every backup of the last 7 days stays, then the
 * newest of each 7-day span up to 31 days; older ones go.
 */
export function backupsToPrune(names: readonly string[], now: Date): string[] {
  const keptWeeks = new Set<number>();
  const prune: string[] = [];
  for (const { name, at } of scheduledBackups(names)) {
    const age = now.getTime() - at.getTime();
    if (age < 7 * DAY_MS) continue;
    const week = Math.floor(age / (7 * DAY_MS));
    if (age < 31 * DAY_MS && !keptWeeks.has(week)) {
      keptWeeks.add(week);
      continue;
    }
    prune.push(name);
  }
  return prune;
}
