// Where queued entries wait: IndexedDB (the browser keeps it for an installed app, and
// a service worker could read it), localStorage where there is no IndexedDB.
import type { OutboxEntry } from './outbox-slice';

const LOCAL_KEY = 'jarvis.outbox';
const DB_NAME = 'jarvis';
const STORE = 'outbox';

function isEntry(e: unknown): e is OutboxEntry {
  const x = e as Partial<OutboxEntry> | null;
  return typeof x?.client_id === 'string' && typeof x.tool === 'string';
}

export function readLocal(): OutboxEntry[] {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(LOCAL_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeLocal(entries: readonly OutboxEntry[]): void {
  try {
    if (entries.length) globalThis.localStorage?.setItem(LOCAL_KEY, JSON.stringify(entries));
    else globalThis.localStorage?.removeItem(LOCAL_KEY);
  } catch {
    // A full quota: the entry still waits in memory.
  }
}

let opened: Promise<IDBDatabase | undefined> | undefined;

function database(): Promise<IDBDatabase | undefined> {
  opened ??= new Promise((resolve) => {
    const idb = globalThis.indexedDB;
    if (!idb) return resolve(undefined);
    const req = idb.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'seq' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(undefined);
  });
  return opened;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** What waited from the last session, oldest first (entries an older version kept in localStorage included). */
export async function loadQueued(): Promise<OutboxEntry[]> {
  const db = await database();
  if (!db) return readLocal();
  const rows = await new Promise<{ seq: number; entry: unknown }[]>((resolve) => {
    const req = db.transaction(STORE, 'readonly').objectStore(STORE).getAll();
    req.onsuccess = () => resolve(req.result as { seq: number; entry: unknown }[]);
    req.onerror = () => resolve([]);
  });
  const fromDb = rows.map((r) => r.entry).filter(isEntry);
  const local = readLocal().filter((l) => !fromDb.some((e) => e.client_id === l.client_id));
  return [...fromDb, ...local];
}

/** Replaces what waits with `entries`, in their order. */
export async function saveQueued(entries: readonly OutboxEntry[]): Promise<void> {
  const db = await database();
  if (!db) return writeLocal(entries);
  try {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    store.clear();
    entries.forEach((entry, seq) => store.put({ seq, entry }));
    await done(tx);
    writeLocal([]);
  } catch {
    writeLocal(entries);
  }
}
