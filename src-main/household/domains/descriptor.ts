// What every household list declares once, in its own folder: the DOMAINS table
// (domains/index.ts) holds one of these per list, and routes, the state, the not-found
// sentences, the assistant's tool words and replies and the MCP resources read it.
import type { FastifyInstance } from 'fastify';
import type { HomeState, HomeToolName, ListDomain, StateListName } from '../../../src-shared';
import type { HouseholdStore } from '../household-store';
import type { DomainReplies } from './reply';
import type { DomainRest } from './rest';

/** A list with its own component hands its state part over as one of these. */
export type OwnStateParts = { readonly [D in ListDomain]?: () => Partial<HomeState> };

/** How the lists read their part of GET /api/state. */
export interface StateReader {
  readonly store: HouseholdStore;
  readonly timezone: string;
  readonly now: Date;
  /** Today in the household zone. */
  readonly day: string;
  /** A window read whole, cut at STATE_LIST_LIMIT with its count in `totals`. */
  cut<T>(name: StateListName, items: readonly T[]): readonly T[];
  /** An open-ended list read only as far as shown, with its count in `totals`. */
  first<T>(name: StateListName, repo: { first(limit: number): T[]; total(): number }): T[];
  /** The parts of the lists that keep a store component of their own (built in household/capability.ts). */
  readonly own: OwnStateParts;
}

/** A read the household offers MCP clients as a resource, through one of the list's read-only tools. */
export interface DomainResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly tool: HomeToolName;
  readonly args: Record<string, unknown>;
}

/**
 * The row of list D. The table checks each row against its own list (`DomainDescriptor<'tasks'>`),
 * so its `replies` must name every tool of that list; a row read without knowing its list is
 * `DomainDescriptor` (its replies unnamed).
 */
export interface DomainDescriptor<D extends ListDomain = never> {
  /** What one item is: its id prefix and how a missing one is named, German and English. */
  readonly item: { readonly idPrefix: string; readonly de: string; readonly en: string };
  /** Words a household uses for each of its tools (the assistant's tool retrieval). */
  readonly phrases?: Readonly<Partial<Record<HomeToolName, string>>>;
  /** What the assistant says about each of its tools' results, in English and where needed in German. */
  readonly replies: DomainReplies<D>;
  /** Its REST map: each route one tool call through the registry. */
  readonly routes: (app: FastifyInstance, rest: DomainRest) => void;
  /** Its part of GET /api/state. */
  readonly state: (read: StateReader) => Partial<HomeState>;
  /** What it offers MCP clients to read. */
  readonly resources?: readonly DomainResource[];
}
