import type { Reminder, ServerEvent, StateChangedEvent } from '../../../src-shared';
import type { DocumentStatus } from '../store/knowledge-slice';
import type { Store } from '../store';

type Api = { getState(): Store };

/** What Home's first paint shows: the household state and the connection badge. */
export async function loadFirst(store: Api): Promise<void> {
  const s = store.getState();
  await Promise.all([s.loadHome(), s.loadHealth()]);
}

/** What only the other screens show (Wissen & System's lists). */
export async function loadOtherScreens(store: Api): Promise<void> {
  const s = store.getState();
  await Promise.all([s.loadDocuments(), s.loadSkills(), s.loadWorkers(), s.loadContainers(), s.loadProtocol()]);
}

/** Everything beyond the first paint: Home's voice tile and the other screens' lists. */
export async function loadRest(store: Api): Promise<void> {
  await Promise.all([store.getState().loadVoiceStatus(), loadOtherScreens(store)]);
}

/**
 * Everything the screens show, as after a reconnect. The home state goes first: a browser
 * opens only six connections per host (one is the event stream), and Home must not wait
 * behind the system screen's lists.
 */
export async function loadAll(store: Api): Promise<void> {
  await loadFirst(store);
  await loadRest(store);
}

function payload<T>(e: MessageEvent): T | undefined {
  try {
    return (JSON.parse(String(e.data)) as ServerEvent).data as T;
  } catch {
    return undefined;
  }
}

/**
 * The one EventSource of the app: server pushes land in the slices, components never
 * fetch on their own. Returns a function that closes the stream.
 */
export function connectEvents(store: Api, source: EventSource = new EventSource('/api/events')): () => void {
  let wasOpen = false;
  source.onopen = () => {
    // Whatever changed before the stream opened (or while it was down) is unknown:
    // reload the home state at first, everything after a reconnect.
    if (wasOpen) void loadAll(store);
    else void store.getState().loadHome();
    wasOpen = true;
    store.getState().setLive(true);
    void store.getState().loadHealth();
  };
  source.onerror = () => {
    store.getState().setLive(false);
    void store.getState().loadHealth();
  };
  source.addEventListener('state.changed', (e) => {
    void payload<StateChangedEvent>(e as MessageEvent);
    void store.getState().loadHome();
  });
  source.addEventListener('reminder.due', (e) => {
    const r = payload<Reminder | { reminder: Reminder }>(e as MessageEvent);
    const reminder = r && 'reminder' in r ? r.reminder : r;
    if (reminder?.id) store.getState().reminderDue(reminder);
    void store.getState().loadHome();
  });
  source.addEventListener('rag.progress', (e) => {
    const p = payload<{ id: string; status: DocumentStatus; progress: number }>(e as MessageEvent);
    if (p?.id) store.getState().applyRagProgress(p);
  });
  for (const type of ['skills.changed', 'skills.reloaded']) source.addEventListener(type, () => void store.getState().loadSkills());
  for (const type of ['mesh.changed', 'mesh.worker', 'workers.changed']) source.addEventListener(type, () => void store.getState().loadWorkers());
  source.addEventListener('protocol.changed', () => void store.getState().loadProtocol());
  source.addEventListener('docker.changed', () => void store.getState().loadContainers());
  source.addEventListener('voice.status', () => void store.getState().loadVoiceStatus());
  return () => source.close();
}
