import type { StateCreator } from 'zustand';
import type { HomeDomain, HomeToolArgs, OfflineCreateTool } from '../../../src-shared';
import { ApiError, callTool } from '../api';
import { t } from '../i18n';
import { domainOfTool } from './home-loader';
import { messageOf } from './resource';
import { loadQueued, readLocal, saveQueued } from './outbox-storage';
import type { Store } from './index';

// Creates made while the master cannot be reached wait here (and in IndexedDB, so a
// reload does not lose them) until the connection returns. Each carries the client_id the
// master remembers, also as the request's Idempotency-Key: an entry whose answer was lost
// on the way is sent again and still makes one entry.

/** The creates that can wait for the connection: each list's `OFFLINE_CREATE` (src-shared/list-domains.ts). */
export type OutboxTool = OfflineCreateTool;

export interface OutboxEntry {
  readonly client_id: string;
  readonly tool: OutboxTool;
  readonly args: HomeToolArgs[OutboxTool];
  /** What the household typed, to show while it waits. */
  readonly label: string;
}

/** accepted: the master has it; queued: it waits for the connection; refused: the master said no. */
export type CreateOutcome = { readonly status: 'accepted' | 'queued' } | { readonly status: 'refused'; readonly error: unknown };

export interface OutboxSlice {
  outbox: readonly OutboxEntry[];
  /** Sends a create now, or keeps it in the outbox when the master cannot be reached. */
  create<N extends OutboxTool>(tool: N, args: HomeToolArgs[N], label: string): Promise<CreateOutcome>;
  /** Sends what waits, oldest first, once; stops at the first entry that still cannot go. */
  flushOutbox(): Promise<void>;
}

export function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `ui-${random.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64);
}

const offline = () => globalThis.navigator?.onLine === false;

let flushing: Promise<void> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;

/** While entries wait, a new attempt follows this long after a failed one (the 'online' event can come before the network is usable). */
export const OUTBOX_RETRY_MS = 4000;

export const createOutboxSlice: StateCreator<Store, [], [], OutboxSlice> = (set, get) => {
  // What waited from the last session joins what is queued meanwhile; nothing is saved before it is in.
  const loaded = loadQueued().then(
    (stored) => {
      const queued = get().outbox.filter((e) => !stored.some((s) => s.client_id === e.client_id));
      set({ outbox: [...stored, ...queued] });
    },
    () => undefined,
  );
  const keep = (entries: readonly OutboxEntry[]) => {
    set({ outbox: entries });
    void loaded.then(() => saveQueued(get().outbox));
  };
  const send = async (entry: OutboxEntry) => {
    await callTool(entry.tool, { ...entry.args, client_id: entry.client_id }, { idempotencyKey: entry.client_id });
  };
  const retryLater = () => {
    clearTimeout(retry);
    retry = setTimeout(() => void get().flushOutbox(), OUTBOX_RETRY_MS);
  };
  const drain = async () => {
    const sent = new Set<HomeDomain>();
    clearTimeout(retry);
    for (;;) {
      const next = get().outbox[0];
      if (!next) break;
      if (offline()) {
        retryLater();
        break;
      }
      try {
        await send(next);
        const domain = domainOfTool(next.tool);
        if (domain) sent.add(domain);
      } catch (e) {
        if (e instanceof ApiError && e.unreachable) {
          retryLater();
          break;
        }
        // The master refused what waited (it changed meanwhile): say so, do not retry forever.
        get().notify('error', t('outbox.refused', { label: next.label, reason: messageOf(e) }));
      }
      keep(get().outbox.filter((x) => x.client_id !== next.client_id));
    }
    if (sent.size > 0) await get().loadHomeParts([...sent]);
  };
  return {
    outbox: readLocal(),
    async create(tool, args, label) {
      const entry: OutboxEntry = { client_id: newClientId(), tool, args, label };
      // Behind entries already waiting, so the household's order is kept.
      if (offline() || get().outbox.length > 0) {
        keep([...get().outbox, entry]);
        // Sends at once when it can, else keeps trying: not every browser says when it is back.
        void get().flushOutbox();
        return { status: 'queued' };
      }
      try {
        await send(entry);
      } catch (e) {
        if (e instanceof ApiError && e.unreachable) {
          keep([...get().outbox, entry]);
          retryLater();
          return { status: 'queued' };
        }
        return { status: 'refused', error: e };
      }
      const domain = domainOfTool(tool);
      await (domain ? get().loadHomeParts([domain]) : get().loadHome());
      return { status: 'accepted' };
    },
    flushOutbox() {
      // Assigned before the drain can finish: a drain with nothing to await must not leave a stale promise behind.
      flushing ??= drain().finally(() => {
        flushing = undefined;
      });
      return flushing;
    },
  };
};
