import type { FastifyInstance } from 'fastify';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '../../src-shared';
import { configSecrets, type Config } from '../platform/config';
import { EventBus } from '../platform/events';
import { createHttpServer } from '../platform/http';
import { SkillRegistry } from '../skills';
import { openDatabase, type Db } from '../platform/database';
import { createLogger, Tracer, type Logger } from '../platform/trace';
import type { MasterContext, MasterModule, ModuleFactory } from './context';
import { MODULES } from './modules';
import { StatusBoard } from '../platform/status/status-board';

export type { MasterContext, MasterModule, ModuleFactory, Services } from './context';
export { StatusBoard } from '../platform/status/status-board';

export interface MasterOptions {
  readonly clock?: () => Date;
  /** Built renderer; defaults to dist/renderer next to the bundle. */
  readonly uiDir?: string;
  readonly logger?: Logger;
  /** Replace the module list (tests compose a smaller master). */
  readonly modules?: readonly ModuleFactory[];
}

export interface Addresses {
  readonly apiUrl: string;
  readonly meshUrl?: string;
}

export interface Master {
  readonly context: MasterContext;
  start(): Promise<Addresses>;
  /** Closes listeners, timers and the database. Safe to call more than once. */
  stop(): Promise<void>;
}

function defaultUiDir(): string {
  // The bundle lives in dist/main/; the renderer build in dist/renderer/.
  const here = dirname(fileURLToPath(import.meta.url));
  return join(here, '..', 'renderer');
}

function urlOf(app: FastifyInstance): string {
  const info = app.server.address();
  if (!info || typeof info === 'string') throw new Error('listener has no TCP address');
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  return `http://${host}:${info.port}`;
}

/**
 * The composition root: builds every service from one Config. The headless server,
 * the desktop app and the integration tests all start the master through here.
 */
export function createMaster(config: Config, options: MasterOptions = {}): Master {
  const clock = options.clock ?? (() => new Date());
  const tracer = new Tracer({ enabled: config.debugTrace, limit: config.traceLimit, dir: config.debugDir, now: clock });
  for (const secret of configSecrets(config)) tracer.redactor.add(secret);
  const log = options.logger ?? createLogger(tracer.redactor);
  const db: Db = openDatabase(config.dataFile);

  const context: MasterContext = {
    config,
    version: APP_VERSION,
    clock,
    db,
    registry: new SkillRegistry(),
    tracer,
    events: new EventBus(clock),
    status: new StatusBoard(),
    log,
    services: {},
  };

  const modules: MasterModule[] = [];
  try {
    for (const factory of options.modules ?? MODULES) modules.push(factory(context));
  } catch (err) {
    db.close();
    throw err;
  }

  const api = createHttpServer({
    loopbackOnly: true,
    uiDir: options.uiDir ?? defaultUiDir(),
    onError: (err, route) => {
      log.error(`unhandled error in ${route}`, err);
      tracer.record('http', 'http', 'error', { route, message: err instanceof Error ? err.message : String(err) });
    },
  });
  for (const m of modules) m.apiRoutes?.(api);

  const mesh = config.meshEnabled ? createHttpServer({ loopbackOnly: false }) : undefined;
  if (mesh) for (const m of modules) m.meshRoutes?.(mesh);

  let started = false;
  let stopping: Promise<void> | undefined;

  return {
    context,
    async start() {
      if (started) throw new Error('master already started');
      started = true;
      await api.listen({ host: config.addr.host, port: config.addr.port });
      if (mesh) await mesh.listen({ host: config.meshAddr.host, port: config.meshAddr.port });
      for (const m of modules) await m.start?.();
      return { apiUrl: urlOf(api), ...(mesh ? { meshUrl: urlOf(mesh) } : {}) };
    },
    stop() {
      stopping ??= (async () => {
        for (const m of [...modules].reverse()) {
          try {
            await m.stop?.();
          } catch (err) {
            log.error(`stopping ${m.name} failed`, err);
          }
        }
        await Promise.allSettled([api.close(), mesh?.close()]);
        if (db.open) db.close();
      })();
      return stopping;
    },
  };
}
