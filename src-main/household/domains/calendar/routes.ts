// The calendar's REST map, and its ICS file import and export.
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../../platform/errors';
import { date, defined, num, type DomainRest, type Query } from '../rest';

export function registerCalendarRoutes(app: FastifyInstance, rest: DomainRest): void {
  app.get<{ Querystring: Query }>('/api/calendar', async (req, reply) =>
    rest.sendList(
      req,
      reply,
      'calendar_list',
      defined({
        from: date(req.query.from),
        to: date(req.query.to),
        days: num(req.query.days),
        query: req.query.q,
        assignee: req.query.assignee,
      }),
      'events',
    ),
  );
  rest.crud('/api/calendar', { create: 'calendar_create', update: 'calendar_update' });
  // A series' occurrence is named in the query: ?scope=this&occurrence_start=2026-03-16T17:00:00%2B01:00
  app.delete<{ Params: { id: string }; Querystring: Query }>('/api/calendar/:id', async (req, reply) =>
    rest.send(
      req,
      reply,
      'calendar_delete',
      defined({ id: req.params.id, scope: req.query.scope, occurrence_start: req.query.occurrence_start }),
    ),
  );

  // ICS: the body is the calendar text (text/calendar), or JSON {ics: "..."}.
  app.addContentTypeParser('text/calendar', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.get('/api/calendar/export.ics', async (_req, reply) =>
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="jarvis-calendar.ics"')
      .send(rest.files.exportIcs()),
  );
  app.post<{ Body: unknown }>('/api/calendar/import', async (req) => {
    const body = req.body;
    const text =
      typeof body === 'string'
        ? body
        : body && typeof body === 'object' && typeof (body as { ics?: unknown }).ics === 'string'
          ? (body as { ics: string }).ics
          : undefined;
    if (text === undefined) throw new Refusal('invalid', 'INVALID_INPUT', 'Send the calendar as text/calendar or as JSON {"ics": "..."}.');
    return rest.files.importIcs(text);
  });
}
