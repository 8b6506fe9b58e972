// The household API: GET /api/state, POST
// /api/tools/{name}, REST per domain, ICS and recipe files. Routes only parse and map:
// every write is a registry tool call (schema-checked), so the UI, scripts and the
// assistant share one write path.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChoreChart, ComponentStatus, HomeState, HomeToolName, ToolCallRequest } from '../../src-shared';
import type { HouseholdService } from './service';
import type { SkillRegistry } from '../platform/registry';
import { newTraceId } from '../platform/trace';
import { Refusal, statusOfToolResult } from '../platform/errors';
import { pageOf, pageRequest } from '../platform/paging';
import { viewerOf } from '../platform/viewer';
import { HOUSEHOLD_EDIT_LIMIT_BYTES } from './body-limits';
import { answerState } from './state-query';

export interface HouseholdRouteDeps {
  readonly registry: SkillRegistry;
  readonly household: HouseholdService;
  readonly clock: () => Date;
  readonly timezone: string;
  readonly status: () => Readonly<Record<string, ComponentStatus>>;
  /** The chore chart, part of the state. */
  readonly chores?: () => ChoreChart;
}

const toolsBody = {
  type: 'object',
  additionalProperties: false,
  properties: { arguments: { type: 'object' } },
} as const;

const objectBody = { type: 'object' } as const;

type Query = Record<string, string | undefined>;

/** Query strings arrive as text; numbers and booleans are converted only when they are exactly that. */
function num(v: string | undefined): number | string | undefined {
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : v;
}
function bool(v: string | undefined): boolean | string | undefined {
  return v === 'true' ? true : v === 'false' ? false : v;
}
function date(v: string | undefined): { kind: 'absolute'; date: string } | undefined {
  return v === undefined ? undefined : { kind: 'absolute', date: v };
}
function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

export function registerHouseholdRoutes(app: FastifyInstance, deps: HouseholdRouteDeps): void {
  // The tools learn who asks: "mine" and "me" are the viewer's member.
  const call = (req: FastifyRequest, name: string, args: unknown) => {
    const member = viewerOf(req).memberId;
    return deps.registry.call(name, args, {
      traceId: newTraceId('http'),
      now: deps.clock(),
      timezone: deps.timezone,
      actor: 'user',
      ...(member !== undefined ? { member } : {}),
    });
  };

  const send = async (req: FastifyRequest, reply: FastifyReply, name: HomeToolName | string, args: unknown, created = false) => {
    const result = await call(req, name, args);
    return reply.code(statusOfToolResult(result, created)).send(result);
  };

  /**
   * A collection GET: the list tool's envelope with its list cut to one page
   * (`?limit=&offset=`), plus `next` (the offset of the following page) and `total`.
   */
  const sendList = async (
    req: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    name: HomeToolName,
    args: unknown,
    key: string,
  ) => {
    const query = req.query;
    const page = pageRequest(query);
    const result = await call(req, name, args);
    const data = result.data as Record<string, unknown> | undefined;
    const list = data?.[key];
    if (!result.success || !data || !Array.isArray(list)) return reply.code(statusOfToolResult(result)).send(result);
    const { items, ...rest } = pageOf(list, page);
    return reply.code(200).send({ ...result, data: { ...data, [key]: items, ...rest } });
  };

  // ?domains=tasks,kanban answers only those domains' parts (state-query.ts).
  app.get('/api/state', async (req) =>
    answerState(req.query, (withChores): HomeState => {
      const state = deps.household.state(deps.status(), viewerOf(req).memberId, viewerOf(req).role);
      return deps.chores && withChores ? { ...state, chores: deps.chores() } : state;
    }),
  );

  app.post<{ Params: { name: string }; Body: ToolCallRequest | undefined }>(
    '/api/tools/:name',
    { schema: { body: toolsBody } },
    async (req, reply) => send(req, reply, req.params.name, req.body?.arguments ?? {}),
  );

  // REST per domain. Collection GETs map query parameters onto the list tool's arguments.
  type IdReq = { Params: { id: string } };
  type BodyReq = { Body: Record<string, unknown> };
  type PatchReq = { Params: { id: string }; Body: Record<string, unknown> };
  const edit = { body: objectBody };
  const crud = (base: string, tools: { create?: string; update?: string; remove?: string }) => {
    if (tools.create) {
      const name = tools.create;
      app.post<BodyReq>(base, { schema: edit, bodyLimit: HOUSEHOLD_EDIT_LIMIT_BYTES }, async (req, reply) =>
        send(req, reply, name, req.body, true),
      );
    }
    if (tools.update) {
      const name = tools.update;
      app.patch<PatchReq>(`${base}/:id`, { schema: edit, bodyLimit: HOUSEHOLD_EDIT_LIMIT_BYTES }, async (req, reply) =>
        send(req, reply, name, { ...req.body, id: req.params.id }),
      );
    }
    if (tools.remove) {
      const name = tools.remove;
      app.delete<IdReq>(`${base}/:id`, async (req, reply) => send(req, reply, name, { id: req.params.id }));
    }
  };

  app.get<{ Querystring: Query }>('/api/calendar', async (req, reply) =>
    sendList(
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
  crud('/api/calendar', { create: 'calendar_create', update: 'calendar_update' });
  // A series' occurrence is named in the query: ?scope=this&occurrence_start=2026-03-16T17:00:00%2B01:00
  app.delete<{ Params: { id: string }; Querystring: Query }>('/api/calendar/:id', async (req, reply) =>
    send(
      req,
      reply,
      'calendar_delete',
      defined({ id: req.params.id, scope: req.query.scope, occurrence_start: req.query.occurrence_start }),
    ),
  );

  app.get<{ Querystring: Query }>('/api/tasks', async (req, reply) =>
    sendList(req, reply, 'tasks_list', defined({ status: req.query.status, query: req.query.q, assignee: req.query.assignee }), 'tasks'),
  );
  crud('/api/tasks', { create: 'tasks_create', update: 'tasks_update', remove: 'tasks_delete' });

  app.get<{ Querystring: Query }>('/api/reminders', async (req, reply) =>
    sendList(
      req,
      reply,
      'reminders_list',
      defined({ include_fired: bool(req.query.include_fired), assignee: req.query.assignee }),
      'reminders',
    ),
  );
  crud('/api/reminders', { create: 'reminders_create', remove: 'reminders_delete' });

  app.get<{ Querystring: Query }>('/api/groceries', async (req, reply) =>
    sendList(req, reply, 'groceries_list', defined({ include_checked: bool(req.query.include_checked) }), 'items'),
  );
  app.post<{ Body: Record<string, unknown> | undefined }>('/api/groceries/sync', async (req, reply) =>
    send(req, reply, 'groceries_sync_mealplan', req.body ?? {}),
  );
  crud('/api/groceries', { create: 'groceries_add', update: 'groceries_update', remove: 'groceries_remove' });

  app.get<{ Querystring: Query }>('/api/recipes', async (req, reply) =>
    req.query.q !== undefined
      ? send(req, reply, 'recipes_search', defined({ query: req.query.q, limit: num(req.query.limit) }))
      : sendList(req, reply, 'recipes_list', defined({ tag: req.query.tag }), 'recipes'),
  );
  app.get('/api/recipes/export', async (_req, reply) =>
    reply.header('content-disposition', 'attachment; filename="jarvis-recipes.json"').send(deps.household.exportRecipes()),
  );
  app.post<{ Body: unknown }>('/api/recipes/import', { schema: { body: objectBody } }, async (req) => {
    return deps.household.importRecipes(req.body);
  });
  app.get<IdReq>('/api/recipes/:id', async (req, reply) => send(req, reply, 'recipes_get', { id: req.params.id }));
  crud('/api/recipes', { create: 'recipes_create', update: 'recipes_update' });

  app.get<{ Querystring: Query }>('/api/mealplan', async (req, reply) =>
    sendList(
      req,
      reply,
      'mealplan_list',
      defined({ from: date(req.query.from), days: num(req.query.days), meal: req.query.meal }),
      'meals',
    ),
  );
  crud('/api/mealplan', { create: 'mealplan_create', update: 'mealplan_update', remove: 'mealplan_delete' });

  app.get<{ Querystring: Query }>('/api/kanban', async (req, reply) =>
    sendList(req, reply, 'kanban_list', defined({ column: req.query.column, assignee: req.query.assignee }), 'cards'),
  );
  crud('/api/kanban', { create: 'kanban_create', update: 'kanban_move', remove: 'kanban_delete' });

  // ICS: the body is the calendar text (text/calendar), or JSON {ics: "..."}.
  app.addContentTypeParser('text/calendar', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.get('/api/calendar/export.ics', async (_req, reply) =>
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="jarvis-calendar.ics"')
      .send(deps.household.exportIcs()),
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
    return deps.household.importIcs(text);
  });
}
