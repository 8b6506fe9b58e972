// How the home state reaches the store: the whole of GET /api/state, or only the parts of
// the domains an event or a write names (GET /api/state?domains=…), merged into what is held.
import {
  HOME_DOMAINS,
  isHomeDomain,
  mergeHomeParts,
  type HomeDomain,
  type HomeState,
  type HomeStatePart,
  type HomeToolName,
} from '../../../src-shared';
import { request } from '../api';
import { failed, loading, newestWins, type Resource } from './resource';

/** Where the loader keeps the state: the home slice's `home`. */
export interface HomeCell {
  get(): Resource<HomeState>;
  set(home: Resource<HomeState>): void;
}

export interface HomeLoader {
  loadHome(): Promise<void>;
  loadHomeParts(domains: readonly HomeDomain[]): Promise<void>;
}

/** The domain a household tool writes: its name's first word (`tasks_update` → tasks). */
export function domainOfTool(tool: HomeToolName): HomeDomain | undefined {
  const prefix = tool.slice(0, tool.indexOf('_'));
  return isHomeDomain(prefix) ? prefix : undefined;
}

/** Per field, the held value where the answer's is the same: cards whose part did not change do not render again. */
function keepUnchanged(current: HomeState, next: HomeState): HomeState {
  const held: Record<string, unknown> = { ...current };
  let changed = Object.keys(held).length !== Object.keys(next).length;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const same = held[key] === value || JSON.stringify(held[key]) === JSON.stringify(value);
    kept[key] = same ? held[key] : value;
    if (!same) changed = true;
  }
  return changed ? (kept as unknown as HomeState) : current;
}

const BASE = 'base';

export function createHomeLoader(home: HomeCell): HomeLoader {
  // One ticket per domain and one for the base fields, for whole and partial loads alike: an
  // answer sets only what no later request asked for again, so an older answer (whole or
  // partial) never covers a newer one.
  const newest = newestWins();
  const tickets = (domains: readonly HomeDomain[]) => {
    const mine = domains.map((d) => [d, newest(d)] as const);
    const base = newest(BASE);
    return () => ({ domains: mine.filter(([, current]) => current()).map(([d]) => d), base: base() });
  };

  const show = (answer: HomeStatePart, domains: readonly HomeDomain[], base: boolean) => {
    const current = home.get();
    if (!current.data) return;
    const next = keepUnchanged(current.data, mergeHomeParts(current.data, answer, domains, base));
    // An unchanged state (the event stream's first open reloads it) renders nothing again.
    if (current.status !== 'ready' || next !== current.data) home.set({ status: 'ready', data: next });
  };

  const fetchInto = async (domains?: readonly HomeDomain[]) => {
    const fresh = tickets(domains ?? HOME_DOMAINS);
    try {
      if (domains) {
        const part = await request('GET /api/state?domains={domains}', { params: { domains: domains.join(',') } });
        const still = fresh();
        show(part, still.domains, still.base);
        return;
      }
      const whole = await request('GET /api/state');
      const still = fresh();
      if (home.get().data) show(whole, still.domains, still.base);
      else home.set({ status: 'ready', data: whole });
    } catch (e) {
      const still = fresh();
      if (still.base || still.domains.length > 0) home.set(failed(home.get(), e));
    }
  };

  // Bursts of events coalesce: at most one whole load in flight plus one queued, and one
  // partial load in flight while the domains named meanwhile wait for the next.
  let wholeInflight: Promise<void> | undefined;
  let wholeAgain = false;
  const loadWhole = (): Promise<void> => {
    if (wholeInflight) {
      wholeAgain = true;
      return wholeInflight;
    }
    wholeInflight = (async () => {
      do {
        wholeAgain = false;
        // Only the first load shows "loading"; a refresh keeps the cards as they are.
        if (home.get().data === undefined) home.set(loading(home.get()));
        await fetchInto();
      } while (wholeAgain);
      wholeInflight = undefined;
    })();
    return wholeInflight;
  };

  const pending = new Set<HomeDomain>();
  let partsInflight: Promise<void> | undefined;
  const loadParts = (domains: readonly HomeDomain[]): Promise<void> => {
    // Nothing held yet to merge into: the whole state comes first.
    if (home.get().data === undefined) return loadWhole();
    if (domains.length === 0) return partsInflight ?? Promise.resolve();
    for (const d of domains) pending.add(d);
    if (partsInflight) return partsInflight;
    partsInflight = (async () => {
      while (pending.size > 0) {
        const batch = HOME_DOMAINS.filter((d) => pending.has(d));
        pending.clear();
        await fetchInto(batch);
      }
      partsInflight = undefined;
    })();
    return partsInflight;
  };

  return { loadHome: loadWhole, loadHomeParts: loadParts };
}
