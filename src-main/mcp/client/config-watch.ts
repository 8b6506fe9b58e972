import { existsSync, watch, watchFile, unwatchFile, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** How long a burst of writes (an editor saving in steps) is waited out before the file is read again. */
export const CONFIG_DEBOUNCE_MS = 300;
const POLL_MS = 2000;

/**
 * Calls `changed` once after `mcp.json` was written, created, replaced or removed. The
 * folder is watched, not the file: editors save by replacing the file, which a watch on the
 * file itself stops following. Without the folder (not made yet) the path is polled.
 */
export function watchConfigFile(path: string, changed: () => void, debounceMs = CONFIG_DEBOUNCE_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      changed();
    }, debounceMs);
    timer.unref();
  };
  const dir = dirname(path);
  const file = basename(path);
  let watcher: FSWatcher | undefined;
  if (existsSync(dir)) {
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => {
        if (name === null || String(name) === file) later();
      });
      watcher.on('error', () => undefined);
    } catch {
      watcher = undefined;
    }
  }
  if (!watcher) watchFile(path, { interval: POLL_MS, persistent: false }, later);
  return () => {
    if (timer) clearTimeout(timer);
    if (watcher) watcher.close();
    else unwatchFile(path, later);
  };
}
