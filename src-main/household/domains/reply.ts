// What a list's replies are: the sentences the assistant writes from a tool's persisted
// result. The tools write their own message in German; each list's `words.ts` holds one
// reply per tool in the `replies` of its DOMAINS row, and the compiler asks for one when a
// tool is added (`DomainReplies` is keyed by the list's tool names).
import type { HomeToolData, HomeToolName, ListDomain } from '../../../src-shared';

/**
 * What the assistant says about one tool's successful result. A reply that finds nothing
 * to write from (a result without its list) answers undefined: the tool's message is said.
 */
export interface ToolReply<T extends HomeToolName> {
  /** In English, from the persisted data. */
  readonly en: (data: HomeToolData[T]) => string | undefined;
  /** In German where the family reads more than the tool's message (a list written out); else the message. */
  readonly de?: (data: HomeToolData[T]) => string | undefined;
}

/** A reply of any tool, as the reader holds it before it knows the tool. */
export interface AnyToolReply {
  readonly en: (data: never) => string | undefined;
  readonly de?: (data: never) => string | undefined;
}

/** A list's core tools: the ones named after it ("tasks_create" is the tasks list's). */
export type DomainTool<D extends ListDomain> = Extract<HomeToolName, `${D}_${string}`>;

/** One reply for every tool of the list. */
export type DomainReplies<D extends ListDomain> = { readonly [T in DomainTool<D>]: ToolReply<T> };

/** "2026-08-30T15:30:00+02:00" -> "2026-08-30 15:30"; all-day values keep the date only. */
export function moment(value: string, allDay = false): string {
  if (!value) return '';
  return allDay || value.length < 16 ? value.slice(0, 10) : `${value.slice(0, 10)} ${value.slice(11, 16)}`;
}

/** A list written out, when the result holds it; a result without it keeps the tool's message. */
export function listed<T>(items: readonly T[] | undefined, write: (items: readonly T[]) => string): string | undefined {
  return Array.isArray(items) ? write(items) : undefined;
}
