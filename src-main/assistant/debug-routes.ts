import type { FastifyInstance } from 'fastify';
import type { RouteResponse } from '../../src-shared';
import type { DebugService } from './debug-export';

/** EXPORT DEBUG and CLEAR HISTORY (the trace and what the debug service forgets with it). */
export function registerDebugRoutes(app: FastifyInstance, debug: DebugService): void {
  app.get('/api/debug/export', async (_req, reply): Promise<RouteResponse<'GET /api/debug/export'>> => {
    const body = debug.export();
    void reply.header('content-disposition', `attachment; filename="jarvis-debug-${String(body.exported_at).replace(/[:.]/g, '-')}.json"`);
    return body;
  });
  app.post('/api/debug/clear', async (): Promise<RouteResponse<'POST /api/debug/clear'>> => {
    debug.clear();
    return { ok: true };
  });
}
