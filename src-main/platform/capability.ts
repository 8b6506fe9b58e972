import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './database';
import type { EventBus } from './events';
import type { SkillRegistry } from './registry';
import type { StatusBoard } from './status';
import type { Logger, Tracer } from './trace';

/**
 * What every capability may use without naming another capability: the floor the
 * composition root builds once from the Config. Anything a capability needs beyond this
 * is another capability's service, passed to its factory as a typed argument.
 */
export interface Platform {
  readonly config: Config;
  readonly version: string;
  /** The one clock: leases, reminders and timeouts read it, so tests control time. */
  readonly clock: () => Date;
  readonly db: Db;
  readonly registry: SkillRegistry;
  readonly tracer: Tracer;
  readonly events: EventBus;
  readonly status: StatusBoard;
  readonly log: Logger;
}

/**
 * Which API listener routes are being added to: the loopback one (the desktop, scripts,
 * the CLI) or the LAN one (paired devices, each request authenticated). Both get the same
 * routes; a capability adds a route to only one where it makes sense on only one.
 */
export type ApiListener = 'loopback' | 'lan';

/** The listeners a route can be served on. `/mcp` lives on the API listeners with its own token. */
export const LISTENERS = ['loopback', 'lan', 'mesh'] as const;
export type Listener = (typeof LISTENERS)[number];

/**
 * Who may ask: `member` any role; `adult` adults and admins; `admin` admins only; `token`
 * the route checks its own bearer token (MCP clients, mesh workers); `public` anyone who
 * reaches the listener (the pairing page and its calls).
 */
export type Access = 'public' | 'member' | 'adult' | 'admin' | 'token';

/** Who may ask for one route, on which listeners. */
export interface RouteRule {
  readonly access: Access;
  readonly listeners: readonly Listener[];
}

/** A capability's life cycle as the composition root drives it. Every hook is optional. */
export interface Capability {
  readonly name: string;
  /** Routes on an API listener: called once for the loopback listener and once for the LAN listener when it runs. */
  routes?(app: FastifyInstance, listener: ApiListener): void;
  /** Routes on the mesh listener (only the mesh has any). */
  meshRoutes?(app: FastifyInstance): void;
  /**
   * The rules of routes that are not in the household's route table: only a capability
   * passed in as `extra` (test probes) brings routes of its own, and declares who may ask.
   */
  readonly routeRules?: Readonly<Record<string, RouteRule>>;
  /** Called after the listeners are up: timers, watchers, background work. */
  start?(): Promise<void> | void;
  /**
   * Start-up work the first health answer does not need (a first pass over the data): run
   * once after that answer, and before any other request is handled.
   */
  afterFirstAnswer?(): void;
  /** Must be idempotent: stop timers, close handles. Called in reverse start order. */
  stop?(): Promise<void> | void;
}
