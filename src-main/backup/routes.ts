import type { FastifyInstance } from 'fastify';
import type { BackupFileView, BackupMade, BackupsView, RestoreRequest, RestoreStarted, NotCarriedSecret } from '../../src-shared';

export interface BackupRoutesDeps {
  view(): BackupsView;
  backupNow(): Promise<BackupFileView>;
  secretsNotCarried(): NotCarriedSecret[];
  /** Checks the backup; `run` stops JARVIS, restores and starts it again. */
  restore(request: RestoreRequest): { started: RestoreStarted; run: () => void };
}

const restoreBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    // A name of the folder's list, never a path.
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' },
    confirm_foreign: { type: 'boolean' },
  },
} as const;

/**
 * GET /api/settings/backups (the folder, the schedule, the list), POST (back up now) and
 * POST /api/settings/backups/restore (202: JARVIS restarts with the backup's data).
 */
export function registerBackupRoutes(app: FastifyInstance, deps: BackupRoutesDeps): void {
  app.get('/api/settings/backups', async (): Promise<BackupsView> => deps.view());
  app.post('/api/settings/backups', async (): Promise<BackupMade> => {
    const file = await deps.backupNow();
    return { file, secrets_not_carried: deps.secretsNotCarried() };
  });
  app.post<{ Body: RestoreRequest }>('/api/settings/backups/restore', { schema: { body: restoreBody } }, async (req, reply) => {
    const { started, run } = deps.restore(req.body);
    // The answer goes out before the listeners close for the restart.
    let ran = false;
    const once = () => {
      if (ran) return;
      ran = true;
      setImmediate(run);
    };
    reply.raw.once('finish', once);
    reply.raw.once('close', once);
    return reply.code(202).send(started);
  });
}
