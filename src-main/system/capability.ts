import type { HealthResponse } from '../../src-shared';
import { redactedConfig } from '../platform/config';
import type { HouseholdState } from '../household';
import type { Capability, Platform } from '../platform/capability';
import { registerCoreRoutes } from './routes';

export interface SystemDeps {
  /** The household's parts of GET /api/state. */
  readonly householdState: HouseholdState;
}

/**
 * The API core: health, live events, the home state and the generic tool route, what every
 * client needs whichever capabilities it uses.
 */
export function createSystem(ctx: Platform, deps: SystemDeps): Capability {
  return {
    name: 'system',
    routes(app) {
      app.get('/api/health', async (): Promise<HealthResponse> => ({ ok: true, version: ctx.version, components: ctx.status.snapshot() }));

      app.get('/api/events', (req, reply) => {
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        res.write(': connected\n\n');
        const unsubscribe = ctx.events.subscribe((event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
        // Keeps proxies and the browser from timing the stream out.
        const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
        req.raw.on('close', () => {
          clearInterval(ping);
          unsubscribe();
        });
      });

      app.get('/api/config', async () => redactedConfig(ctx.config));

      registerCoreRoutes(app, {
        registry: ctx.registry,
        clock: ctx.clock,
        timezone: ctx.config.timezone,
        state: deps.householdState,
        status: () => ctx.status.snapshot(),
      });
    },
  };
}
