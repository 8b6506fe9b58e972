// An always-on screen has nobody to press reload: the event stream is opened again whenever
// the browser gave up on it (a master restart can answer with an error, which closes an
// EventSource for good), the health is asked on a timer while the master is away, and the
// time the connection was lost is kept for the "offline since" line.
import type { Store } from '../store';
import { openEventStream } from '../api';
import { connectEvents } from '../live/event-stream';

type Api = { getState(): Store; subscribe(listener: (s: Store, before: Store) => void): () => void };

export interface KeepConnectedOptions {
  /** Opens a new event stream (the real one by default). */
  readonly open?: () => EventSource;
  /** How often a lost connection is tried again. */
  readonly retryMs?: number;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
}

/** Keeps the wall display's stream open and its state saved; returns a function that stops it. */
export function keepConnected(store: Api, options: KeepConnectedOptions = {}): () => void {
  const retryMs = options.retryMs ?? 10_000;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let source: EventSource | undefined;
  let close: (() => void) | undefined;
  let timer: unknown;
  let stopped = false;

  const open = () => {
    source = (options.open ?? openEventStream)();
    close = connectEvents(store, source);
  };
  const check = () => {
    timer = undefined;
    if (stopped) return;
    const s = store.getState();
    // The stream says it is down, or the browser gave up on it: reconnect and ask the health.
    if (!s.live || source?.readyState === 2) {
      void s.loadHealth();
      if (source?.readyState === 2) {
        close?.();
        open();
      }
    }
    timer = setTimer(check, retryMs);
  };

  const unsubscribe = store.subscribe((s, before) => {
    const online = s.live || (s.connection === 'online' && before.connection !== 'online');
    const lost = (!s.live && before.live) || (s.connection === 'offline' && before.connection !== 'offline');
    if (lost) s.markWallConnection(false);
    else if (online && s.live) s.markWallConnection(true);
    if (s.home.data && s.home.data !== before.home.data && s.home.status === 'ready') s.saveWallState(s.home.data);
  });
  open();
  timer = setTimer(check, retryMs);
  return () => {
    stopped = true;
    unsubscribe();
    if (timer !== undefined) clearTimer(timer);
    close?.();
  };
}
