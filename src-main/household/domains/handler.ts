import type { HomeDomain, HomeToolArgs, HomeToolData, HomeToolName, SymbolicTime } from '../../../src-shared';
import type { HomeEnv } from '../env';
import { HomeError } from '../errors';
import { resolveTime, TimeResolutionError, type ResolvedTime } from '../time';

/** What a handler hands back: the persisted object, the German sentence, what changed. */
export interface Outcome<T> {
  readonly data: T;
  readonly message: string;
  /** Domains written (including by automations); empty for reads. */
  readonly domains: readonly HomeDomain[];
}

export type Handler<N extends HomeToolName> = (args: HomeToolArgs[N], env: HomeEnv) => Outcome<HomeToolData[N]>;
export type HandlerTable = { readonly [N in HomeToolName]: Handler<N> };

export function read<T>(data: T, message: string): Outcome<T> {
  return { data, message, domains: [] };
}

/** Resolves a symbolic time; a date that does not exist is the caller's error at `path`. */
export function resolveAt(when: SymbolicTime, env: HomeEnv, path: string): ResolvedTime {
  try {
    return resolveTime(when, env.now, env.timezone);
  } catch (err) {
    if (err instanceof TimeResolutionError) throw new HomeError('INVALID_TIME', err.message, path);
    throw err;
  }
}

/** Quotes a title the German way: „Zahnarzt“. */
export function q(text: string): string {
  return `„${text}“`;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Names up to `max` entries for a confirmation ("…; „C“ und 12 weitere"); `data` always
 * holds them all. Keeps replies to big lists short and cheap to build.
 */
export function namedList<T>(items: readonly T[], describe: (item: T) => string, separator = '; ', max = 15): string {
  const named = items.slice(0, max).map(describe).join(separator);
  return items.length > max ? `${named} und ${items.length - max} weitere` : named;
}
