import { Refusal } from './errors';

/** What a list route answers when `limit` is not given, and the most it answers at once. */
export const PAGE_LIMIT_DEFAULT = 200;
export const PAGE_LIMIT_MAX = 1000;

export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

const DIGITS = /^[0-9]{1,9}$/;

/**
 * `?limit=&offset=` of a list route. Query strings are text and are never coerced: only
 * plain digits are numbers, anything else is refused with the parameter named.
 */
export function pageRequest(
  query: Readonly<Record<string, unknown>> | undefined,
  defaults: { limit?: number; max?: number } = {},
): PageRequest {
  const max = defaults.max ?? PAGE_LIMIT_MAX;
  const read = (name: 'limit' | 'offset', fallback: number): number => {
    const raw = query?.[name];
    if (raw === undefined) return fallback;
    if (typeof raw !== 'string' || !DIGITS.test(raw))
      throw new Refusal('invalid', 'INVALID_REQUEST', `querystring/${name} must be a whole number`, `/${name}`);
    return Number(raw);
  };
  const limit = read('limit', defaults.limit ?? PAGE_LIMIT_DEFAULT);
  if (limit < 1 || limit > max) throw new Refusal('invalid', 'INVALID_REQUEST', `querystring/limit must be between 1 and ${max}`, '/limit');
  return { limit, offset: read('offset', 0) };
}

/** One page of `items` and, when more follow, the offset of the next page. */
export function pageOf<T>(items: readonly T[], page: PageRequest): { items: T[]; next?: number; total: number } {
  const slice = items.slice(page.offset, page.offset + page.limit);
  const next = page.offset + slice.length;
  return { items: slice, ...(next < items.length ? { next } : {}), total: items.length };
}
