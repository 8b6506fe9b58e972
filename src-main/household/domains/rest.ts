// What a list's REST map is built from: each route parses its path and query and calls one
// tool through the registry (schema-checked, under the household's policy), so the UI,
// scripts and the assistant share one write path. Routes never open a store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HomeToolName, RecipesFile } from '../../../src-shared';
import { statusOfToolResult } from '../../platform/errors';
import { pageOf, pageRequest } from '../../platform/paging';
import { callAsViewer, sendAsViewer, type ViewerToolCalls } from '../../platform/viewer-tool-call';
import { HOUSEHOLD_EDIT_LIMIT_BYTES } from '../body-limits';

export type Query = Record<string, string | undefined>;

/** The household's file imports and exports (calendar and recipes), which are not tools. */
export interface HouseholdFiles {
  exportIcs(): string;
  importIcs(text: string): Promise<unknown>;
  exportRecipes(): RecipesFile;
  importRecipes(file: unknown): unknown;
}

export type DomainRouteDeps = ViewerToolCalls;

export interface DomainRest {
  readonly deps: DomainRouteDeps;
  readonly files: HouseholdFiles;
  /** One tool call as the viewer; the status from the result. */
  send(req: FastifyRequest, reply: FastifyReply, name: HomeToolName | string, args: unknown, created?: boolean): Promise<FastifyReply>;
  /**
   * A collection GET: the list tool's envelope with its list cut to one page
   * (`?limit=&offset=`), plus `next` (the offset of the following page) and `total`.
   */
  sendList(
    req: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    name: HomeToolName,
    args: unknown,
    key: string,
  ): Promise<FastifyReply>;
  /** POST base, PATCH base/:id, DELETE base/:id onto the named tools. */
  crud(base: string, tools: { create?: HomeToolName; update?: HomeToolName; remove?: HomeToolName }): void;
}

export const objectBody = { type: 'object' } as const;

/** Query strings arrive as text; numbers and booleans are converted only when they are exactly that. */
export function num(v: string | undefined): number | string | undefined {
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : v;
}
export function bool(v: string | undefined): boolean | string | undefined {
  return v === 'true' ? true : v === 'false' ? false : v;
}
export function date(v: string | undefined): { kind: 'absolute'; date: string } | undefined {
  return v === undefined ? undefined : { kind: 'absolute', date: v };
}
export function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

export function domainRest(app: FastifyInstance, deps: DomainRouteDeps, files: HouseholdFiles): DomainRest {
  const send: DomainRest['send'] = (req, reply, name, args, created = false) => sendAsViewer(deps, req, reply, name, args, created);
  const sendList: DomainRest['sendList'] = async (req, reply, name, args, key) => {
    const page = pageRequest(req.query);
    const result = await callAsViewer(deps, req, name, args);
    const data = result.data as Record<string, unknown> | undefined;
    const list = data?.[key];
    if (!result.success || !data || !Array.isArray(list)) return reply.code(statusOfToolResult(result)).send(result);
    const { items, ...rest } = pageOf(list, page);
    return reply.code(200).send({ ...result, data: { ...data, [key]: items, ...rest } });
  };
  type IdReq = { Params: { id: string } };
  type BodyReq = { Body: Record<string, unknown> };
  type PatchReq = { Params: { id: string }; Body: Record<string, unknown> };
  const edit = { body: objectBody };
  const crud: DomainRest['crud'] = (base, tools) => {
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
  return { deps, files, send, sendList, crud };
}
