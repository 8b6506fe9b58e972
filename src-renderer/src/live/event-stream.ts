import {
  deviceEventName,
  HOME_DEVICE_KINDS,
  isHomeDomain,
  type ServerEvent,
  type ServerEventData,
  type ServerEventName,
} from '../../../src-shared';
import { openEventStream } from '../api';
import { playReminderChime } from './reminder-chime';
import type { Store } from '../store';

type Api = { getState(): Store };

/** What Home's first paint shows: the household state and the connection badge. */
export async function loadFirst(store: Api): Promise<void> {
  const s = store.getState();
  // The settings say whether the first start is still to do (Home shows it instead of the day).
  // A request waiting for an admin shows on Home too.
  await Promise.all([s.loadHome(), s.loadHealth(), s.loadSettings(), s.loadApprovals()]);
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
    s.loadSubscriptions(),
    s.loadCalendarAccounts(),
    s.loadMcpQuestions(),
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

/**
 * What a screen opened before the stream fetched on its own (not part of loadAll): a change
 * made between that fetch and the stream's opening has no event, so it is fetched again.
 */
function reloadFetchedOnTheirOwn(store: Api): void {
  const s = store.getState();
  if (s.learned.status !== 'idle') void s.loadLearned();
  // A request that began to wait before the stream opened has no event here either.
  if (s.approvals.status !== 'idle') void s.loadApprovals();
  if (s.calendarWindow.status !== 'idle') void s.refreshCalendar();
}

/** The `data` of a server event; undefined when the line is not JSON. */
function payload<K extends ServerEventName>(e: MessageEvent): ServerEventData[K] | undefined {
  try {
    // The master writes the whole ServerEvent as the SSE data line; its type is the SSE event name.
    const event: ServerEvent & { readonly data?: ServerEventData[K] } = JSON.parse(String(e.data));
    return event.data;
  } catch {
    return undefined;
  }
}

/** Listens for one event of the map, with its payload typed by the name. */
function on<K extends ServerEventName>(source: EventSource, type: K, handle: (data: ServerEventData[K] | undefined) => void): void {
  source.addEventListener(type, (e) => handle(payload<K>(e)));
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
    reloadFetchedOnTheirOwn(store);
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
  on(source, 'state.changed', (p) => {
    const domains = p?.domains;
    // A change that does not say what it touched (or names a domain this page does not know) reloads everything.
    if (!domains || !domains.every((d) => isHomeDomain(d))) {
      void store.getState().loadHome();
      void store.getState().refreshCalendar();
      return;
    }
    void store.getState().loadHomeParts(domains);
    // The calendar's range is fetched on its own: only a change that names it reloads it.
    if (domains.includes('calendar')) void store.getState().refreshCalendar();
  });
  on(source, 'reminder.due', (reminder) => {
    // Another member's reminder reaches that member's devices; this page shows everyone's and its own.
    const me = store.getState().home.data?.viewer_member;
    if (reminder?.id && (!reminder.assignee || !me || reminder.assignee === me)) {
      store.getState().reminderDue(reminder);
      playReminderChime();
    }
    // The state.changed that follows a fired reminder names the reminders: they reload then.
  });
  on(source, 'rag.progress', (p) => {
    if (p?.id) store.getState().applyRagProgress(p);
  });
  on(source, 'skills.changed', () => {
    void store.getState().loadSkills();
    // An MCP server started, failed or changed its tools: Settings shows it, once it was opened.
    if (store.getState().mcpServers.status !== 'idle') void store.getState().loadMcpServers();
  });
  on(source, 'skills.sources', (p) => {
    if (p?.state) store.getState().skillSourcesEvent(p);
  });
  // Workers bring and take remote skills, and their proposals wait in the skills card.
  on(source, 'mesh.changed', () => {
    void store.getState().loadWorkers();
    void store.getState().loadSkills();
  });
  on(source, 'protocol.changed', () => void store.getState().loadProtocol());
  on(source, 'homeassistant.changed', () => void store.getState().loadHomeAssistant());
  // A call Home Assistant did not confirm in time: what happened, once it is back.
  on(source, 'homeassistant.outcome', (p) => {
    if (p?.message) store.getState().notify('info', p.message);
  });
  // An MCP server asks during a call: the question waits on screen until someone answers.
  on(source, 'mcp.question', (p) => {
    if (p?.id) store.getState().mcpQuestionAsked(p);
  });
  on(source, 'mcp.question.closed', (p) => {
    if (p?.id) store.getState().mcpQuestionClosed(p.id);
  });
  on(source, 'settings.changed', () => {
    if (store.getState().settingsAllowed) void store.getState().loadSettings();
  });
  // A switch pressed on the wall, a VM started, a camera saw someone (from here, the assistant
  // or another device): one event per device kind, naming the integration.
  for (const kind of HOME_DEVICE_KINDS)
    on(source, deviceEventName(kind), (p) => {
      if (p?.integration) store.getState().homeDevicesChanged(p);
    });
  on(source, 'home.stacks.changed', () => void store.getState().loadStacks());
  on(source, 'devices.changed', () => void store.getState().loadDevices());
  on(source, 'subscriptions.changed', () => void store.getState().loadSubscriptions());
  // A request for an admin arrived or was answered: the card on Home shows it at once.
  on(source, 'approval.changed', () => void store.getState().loadApprovals());
  on(source, 'learned.changed', () => void store.getState().loadLearned());
  on(source, 'voice.setup', (p) => {
    if (p?.state) store.getState().voiceSetupEvent(p);
  });
  return () => source.close();
}

/** The browser's own connection signal: entries in the outbox go as soon as it is back. */
export function flushOutboxWhenOnline(store: Api, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const flush = () => void store.getState().flushOutbox();
  target.addEventListener('online', flush);
  return () => target.removeEventListener('online', flush);
}
