import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';
import type { EventBus } from '../platform/events';
import type { SkillRegistry } from '../skills';
import type { Db } from '../platform/database';
import type { Logger, Tracer } from '../platform/trace';
import type { StatusBoard } from '../platform/status/status-board';

/**
 * Services one capability offers the others. Each capability adds its own optional
 * member when it lands; a consumer checks for presence, so capabilities stay optional.
 */
export interface Services {
  [name: string]: unknown;
}

/** Everything a capability module gets from the composition root. */
export interface MasterContext {
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
  readonly services: Services;
}

/** A capability's life cycle as the master drives it. Every hook is optional. */
export interface MasterModule {
  readonly name: string;
  /** Routes on the loopback API listener. */
  apiRoutes?(app: FastifyInstance): void;
  /** Routes on the mesh listener (only the mesh module has any). */
  meshRoutes?(app: FastifyInstance): void;
  /** Called after the listeners are up: timers, watchers, background work. */
  start?(): Promise<void> | void;
  /** Must be idempotent: stop timers, close handles. Called in reverse order. */
  stop?(): Promise<void> | void;
}

export type ModuleFactory = (ctx: MasterContext) => MasterModule;
