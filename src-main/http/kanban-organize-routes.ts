import type { FastifyInstance } from 'fastify';
import type { KanbanOrganizer } from '../agent/kanban-organizer';
import { newTraceId } from '../trace';

/** AI ORGANIZE: always 200 with what was moved; an empty model answer falls back, never 502. */
export function registerKanbanOrganizeRoute(app: FastifyInstance, organizer: KanbanOrganizer): void {
  app.post('/api/kanban/organize', async () => organizer.organize(newTraceId('http')));
}
