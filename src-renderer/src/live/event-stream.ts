import type { ServerEvent, ServerEventData } from '../../../src-shared';
import { openEventStream } from '../api';
import type { Store } from '../store';

type Api = { getState(): Store };

/** What Home's first paint shows: the household state and the connection badge. */
export async function loadFirst(store: Api): Promise<void> {
  const s = store.getState();
  // The settings say whether the first start is still to do (Home shows it instead of the day).
  await Promise.all([s.loadHome(), s.loadHealth(), s.loadSettings()]);
}

/** What only the other screens show (Wissen & System's lists). */
export async function loadOtherScreens(store: Api): Promise<void> {
  const s = store.getState();
  await Promise.all([
    s.loadDocuments(),
    s.loadSkills(),
    s.loadWorkers(),
    s.loadContainers(),
    s.loadProtocol(),
    s.loadHomeAssistant(),
    s.loadDevices(),
  ]);
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

/** The `data` of a server event of this type; undefined when the line is not JSON. */
function payload<K extends keyof ServerEventData>(_type: K, e: MessageEvent): ServerEventData[K] | undefined {
  try {
    // The master writes the whole ServerEvent as the SSE data line; its type is the SSE event name.
    const event: ServerEvent & { readonly data?: ServerEventData[K] } = JSON.parse(String(e.data));
    return event.data;
  } catch {
    return undefined;
  }
}

/**
 * The one EventSource of the app: server pushes land in the slices, components never
 * fetch on their own. Returns a function that closes the stream.
 */
export function connectEvents(store: Api, source: EventSource = openEventStream()): () => void {
  let wasOpen = false;
  source.onopen = () => {
    // Whatever changed before the stream opened (or while it was down) is unknown:
    // reload the home state at first, everything after a reconnect.
    if (wasOpen) void loadAll(store);
    else void store.getState().loadHome();
    wasOpen = true;
    store.getState().setLive(true);
    // The master is reachable again: what waited in the outbox goes now.
    void store.getState().flushOutbox();
    void store.getState().loadHealth();
  };
  source.onerror = () => {
    store.getState().setLive(false);
    void store.getState().loadHealth();
  };
  source.addEventListener('state.changed', () => {
    void store.getState().loadHome();
    void store.getState().refreshCalendar();
  });
  source.addEventListener('reminder.due', (e) => {
    const reminder = payload('reminder.due', e);
    // Another member's reminder reaches that member's devices; this page shows everyone's and its own.
    const me = store.getState().home.data?.viewer_member;
    if (reminder?.id && (!reminder.assignee || !me || reminder.assignee === me)) store.getState().reminderDue(reminder);
    void store.getState().loadHome();
  });
  source.addEventListener('rag.progress', (e) => {
    const p = payload('rag.progress', e);
    if (p?.id) store.getState().applyRagProgress(p);
  });
  source.addEventListener('skills.changed', () => void store.getState().loadSkills());
  source.addEventListener('skills.sources', (e) => {
    const p = payload('skills.sources', e);
    if (p?.state) store.getState().skillSourcesEvent(p);
  });
  // Workers bring and take remote skills, and their proposals wait in the skills card.
  source.addEventListener('mesh.changed', () => {
    void store.getState().loadWorkers();
    void store.getState().loadSkills();
  });
  source.addEventListener('protocol.changed', () => void store.getState().loadProtocol());
  source.addEventListener('homeassistant.changed', () => void store.getState().loadHomeAssistant());
  source.addEventListener('settings.changed', () => {
    if (store.getState().settingsAllowed) void store.getState().loadSettings();
  });
  // A switch pressed on the wall: the master follows the Hue bridge and passes each change on.
  source.addEventListener('home.hue', (e) => {
    const p = payload('home.hue', e);
    if (p?.changes) store.getState().applyHueLive(p.changes);
  });
  source.addEventListener('home.hue.connection', (e) => {
    const p = payload('home.hue.connection', e);
    if (p) store.getState().setHueLive(p.live);
  });
  // A VM, the network or a stack changed (from here, the assistant or another device).
  source.addEventListener('home.server.changed', (e) => {
    const p = payload('home.server.changed', e);
    if (p?.section) store.getState().homeServerChanged(p.section);
  });
  source.addEventListener('devices.changed', () => void store.getState().loadDevices());
  return () => source.close();
}

/** The browser's own connection signal: entries in the outbox go as soon as it is back. */
export function flushOutboxWhenOnline(store: Api, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const flush = () => void store.getState().flushOutbox();
  target.addEventListener('online', flush);
  return () => target.removeEventListener('online', flush);
}
