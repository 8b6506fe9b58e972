import type { FastifyInstance } from 'fastify';
import type { KanbanOrganizer } from './kanban-organizer';
import { newTraceId } from '../platform/trace';

/** AI ORGANIZE: always 200 with what was moved; an empty model answer falls back, never 502. */
export function registerKanbanOrganizeRoute(app: FastifyInstance, organizer: KanbanOrganizer): void {
  app.post('/api/kanban/organize', async () => organizer.organize(newTraceId('http')));
}
