import { errorText } from './error-text';

/** What a card needs to know about data it did not fetch itself. */
export type Resource<T> =
  | { readonly status: 'idle' | 'loading'; readonly data?: T }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'error'; readonly data?: T; readonly error: string };

export const idle = <T>(): Resource<T> => ({ status: 'idle' });

/** Keeps the last data while reloading, so live refreshes do not flash empty cards. */
export function loading<T>(previous: Resource<T>): Resource<T> {
  return { status: 'loading', data: previous.data };
}

export function failed<T>(previous: Resource<T>, error: unknown): Resource<T> {
  return { status: 'error', data: previous.data, error: messageOf(error) };
}

/** What went wrong, in the UI's language and without codes (see errorText). */
export function messageOf(error: unknown): string {
  return errorText(error);
}

/**
 * Event bursts ask for the same list several times, and on a busy server the answers can
 * arrive out of order. Each load takes a ticket; an answer is kept only while its ticket is
 * the newest for that list, so an older answer never covers a newer one.
 */
export function newestWins(): (list: string) => () => boolean {
  const newest = new Map<string, number>();
  return (list) => {
    const ticket = (newest.get(list) ?? 0) + 1;
    newest.set(list, ticket);
    return () => newest.get(list) === ticket;
  };
}

/** The keys of a store that hold a Resource. */
export type ResourceKey<S> = { [K in keyof S]: S[K] extends Resource<unknown> ? K : never }[keyof S];
/** What a Resource holds once ready. */
export type ResourceData<R> = R extends Resource<infer T> ? T : never;

/**
 * The load every list of the store repeats: the resource shows "loading" with its last data,
 * then the answer or the failure, each kept only while the request is the newest for that key
 * (see newestWins). `alongside` sets more of the store with the answer, read before it is set.
 */
export function resourceLoader<S>(set: (partial: Partial<S>) => void, get: () => S) {
  const newest = newestWins();
  return async function loadResource<K extends ResourceKey<S>>(
    key: K,
    fetch: () => Promise<ResourceData<S[K]>>,
    alongside?: (data: ResourceData<S[K]>) => Partial<S>,
  ): Promise<void> {
    const held = () => get()[key] as Resource<ResourceData<S[K]>>;
    const current = newest(String(key));
    set({ [key]: loading(held()) } as Partial<S>);
    try {
      const data = await fetch();
      if (current()) set({ [key]: { status: 'ready', data }, ...alongside?.(data) } as Partial<S>);
    } catch (e) {
      if (current()) set({ [key]: failed(held(), e) } as Partial<S>);
    }
  };
}
