import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSuccess, type Actor, type PolicyDecision, type ToolResult } from '../../src-shared';
import type { Platform } from '../platform/capability';
import type { RegisteredTool, ToolProvider } from '../platform/registry';
import { startTestMaster, type TestMaster } from '../testing/test-master';

/** Two actions a home integration could offer: a siren (disruptive) and a door lock (security). */
function homeProbe(ran: string[]) {
  return (platform: Platform) => {
    const tool = (name: string, risk: RegisteredTool['risk']): RegisteredTool => ({
      name,
      description: name,
      input_schema: { type: 'object', additionalProperties: false, properties: {} },
      provider: 'plugin',
      mutates: true,
      requires_confirmation: false,
      risk,
      source: 'test',
    });
    const provider: ToolProvider = {
      kind: 'plugin',
      list: () => [tool('probe_siren_on', 'disruptive'), tool('probe_door_unlock', 'security')],
      call: async (name) => {
        ran.push(name);
        return toolSuccess({}, `${name} ran`, true);
      },
    };
    platform.registry.addProvider(provider);
    return { name: 'home-probe' };
  };
}

async function connect(tm: TestMaster, token: string): Promise<Client> {
  const client = new Client({ name: 'sdk-test-client', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', tm.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('JARVIS as an MCP server over streamable HTTP (the SDK client)', () => {
  let tm: TestMaster;
  let token: string;
  let tokenId: string;
  const ran: string[] = [];

  beforeAll(async () => {
    tm = await startTestMaster({}, { extra: [homeProbe(ran)] });
    const created = await tm.request('/api/mcp/tokens', { json: { name: 'Claude Desktop' } });
    expect(created.status).toBe(201);
    token = created.json.token;
    tokenId = created.json.info.id;
  });
  afterAll(() => tm.close());

  it('lists the household tools with their schemas and hints from their risk class', async () => {
    const client = await connect(tm, token);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('tasks_list')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('tasks_create')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('tasks_delete')?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('tasks_create')?.inputSchema).toMatchObject({ type: 'object', required: ['title'] });
    // Denied by the household's policy: not offered at all.
    expect(byName.has('probe_door_unlock')).toBe(false);
    await client.close();
  });

  it('runs a reversible tool through the registry and records it with the MCP client as actor', async () => {
    const client = await connect(tm, token);
    const result = (await client.callTool({ name: 'tasks_create', arguments: { title: 'Fahrrad reparieren' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const tasks = await tm.request('/api/tools/tasks_list', { json: { arguments: {} } });
    expect(JSON.stringify(tasks.json.data)).toContain('Fahrrad reparieren');
    const protocol = tm.master.capabilities.protocol.service;
    const mine = protocol.sessions().filter((s) => s.owner_actor_id === `act_mcp_${tokenId}`);
    expect(mine.length).toBe(1);
    expect(mine[0]).toMatchObject({ status: 'completed', sealed: true });
    const decisions = protocol.session(mine[0]!.work_session_id)?.records.PolicyDecision as PolicyDecision[];
    expect(decisions.map((d) => [d.action.tool, d.outcome])).toEqual([['tasks_create', 'allow']]);
    expect(protocol.get<Actor>('Actor', `act_mcp_${tokenId}`)).toMatchObject({ role: 'mcp_client', display_name: 'Claude Desktop' });
    await client.close();
  });

  it('records a read-only call in the protocol with the MCP client as actor, as the assistant records its reads', async () => {
    const client = await connect(tm, token);
    const result = (await client.callTool({ name: 'tasks_list', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const protocol = tm.master.capabilities.protocol.service;
    const reads = protocol
      .sessions()
      .filter((s) => s.owner_actor_id === `act_mcp_${tokenId}`)
      .map((s) => ({ session: s, records: protocol.session(s.work_session_id)!.records }))
      .filter(({ records }) => (records.PolicyDecision as PolicyDecision[]).some((d) => d.action.tool === 'tasks_list'));
    expect(reads.length).toBe(1);
    const { session, records } = reads[0]!;
    expect(session).toMatchObject({ status: 'completed', sealed: true });
    const decisions = records.PolicyDecision as PolicyDecision[];
    expect(decisions.map((d) => [d.action.tool, d.outcome, d.risk])).toEqual([['tasks_list', 'allow', 'read']]);
    expect(records.Contribution?.length).toBe(1);
    expect(records.OutcomeReport?.length).toBe(1);
    await client.close();
  });

  it('does not run a disruptive tool: it needs the household confirmation', async () => {
    const client = await connect(tm, token);
    const created = (await client.callTool({ name: 'tasks_create', arguments: { title: 'Bleibt' } })) as CallToolResult;
    const id = (created.structuredContent as unknown as ToolResult<{ id: string }>).data!.id;
    const refused = (await client.callTool({ name: 'tasks_delete', arguments: { id } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("needs the household's confirmation");
    const siren = (await client.callTool({ name: 'probe_siren_on', arguments: {} })) as CallToolResult;
    expect(siren.isError).toBe(true);
    expect(textOf(siren)).toContain("needs the household's confirmation");
    expect(ran).not.toContain('probe_siren_on');
    const tasks = await tm.request('/api/tools/tasks_list', { json: { arguments: {} } });
    expect(JSON.stringify(tasks.json.data)).toContain('Bleibt');
    // The refusal is in the protocol too: a decision, and a session that ended without running anything.
    const protocol = tm.master.capabilities.protocol.service;
    const refusedSessions = protocol
      .sessions()
      .filter((s) => s.owner_actor_id === `act_mcp_${tokenId}` && s.status === 'cancelled')
      .map((s) => (protocol.session(s.work_session_id)?.records.PolicyDecision as PolicyDecision[])[0]!.action.tool);
    expect(refusedSessions.sort()).toEqual(['probe_siren_on', 'tasks_delete']);
    await client.close();
  });

  it('denies a security tool even when the client calls it by name', async () => {
    const client = await connect(tm, token);
    const denied = (await client.callTool({ name: 'probe_door_unlock', arguments: {} })) as CallToolResult;
    expect(denied.isError).toBe(true);
    expect(ran).not.toContain('probe_door_unlock');
    await client.close();
  });

  it("offers today's agenda and the shopping list as resources, and a day-planning prompt", async () => {
    await tm.request('/api/tools/groceries_add', { json: { arguments: { name: 'Milch' } } });
    const client = await connect(tm, token);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['jarvis://agenda/today', 'jarvis://groceries/open']);
    const list = await client.readResource({ uri: 'jarvis://groceries/open' });
    expect(JSON.stringify(list.contents)).toContain('Milch');
    const agenda = await client.readResource({ uri: 'jarvis://agenda/today' });
    expect(agenda.contents[0]?.mimeType).toBe('application/json');
    const prompt = await client.getPrompt({ name: 'plan_my_day' });
    expect(prompt.messages.length).toBe(3);
    await client.close();
  });

  it('refuses a missing, a wrong and a revoked token with 401', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const post = (headers: Record<string, string>) =>
      tm.request('/mcp', { json: init, headers: { accept: 'application/json, text/event-stream', ...headers } });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer jmcp_wrong' })).status).toBe(401);
    const extra = await tm.request('/api/mcp/tokens', { json: { name: 'Alt' } });
    expect((await post({ authorization: `Bearer ${extra.json.token}` })).status).toBe(200);
    expect((await tm.request(`/api/mcp/tokens/${extra.json.info.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await post({ authorization: `Bearer ${extra.json.token}` })).status).toBe(401);
    const listed = await tm.request('/api/mcp/tokens');
    expect(listed.json.tokens.map((t: { name: string }) => t.name)).toEqual(['Claude Desktop']);
    expect(listed.text).not.toContain(token);
  });

  it('refuses a request from a web page of another origin', async () => {
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream', origin: 'https://evil.example' };
    expect((await tm.request('/mcp', { json: { jsonrpc: '2.0', id: 1, method: 'ping' }, headers })).status).toBe(403);
    expect((await tm.request('/mcp', { method: 'GET', headers })).status).toBe(403);
  });
});

describe('/mcp answers to the letter of JSON-RPC and MCP', () => {
  let tm: TestMaster;
  let token: string;
  beforeAll(async () => {
    tm = await startTestMaster();
    token = (await tm.request('/api/mcp/tokens', { json: { name: 'letter' } })).json.token as string;
  });
  afterAll(() => tm.close());

  const post = async (body: string): Promise<{ status: number; json: { error?: { code: number; message: string }; result?: unknown } }> => {
    const r = await fetch(new URL('/mcp', tm.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
    return { status: r.status, json: (await r.json()) as never };
  };

  it('resources/templates/list is part of the resources capability: an empty list', async () => {
    const r = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list', params: {} }));
    expect(r.json).toMatchObject({ id: 1, result: { resourceTemplates: [] } });
  });

  it('arguments that are not an object are -32602 with a short message, and nothing runs', async () => {
    for (const args of ['{"title": "x"}', ['x'], 7]) {
      const r = await post(
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'tasks_create', arguments: args } }),
      );
      expect(r.json.error?.code).toBe(-32602);
      expect(r.json.error?.message).toBe('Invalid params: arguments must be an object of names and values');
    }
    const tasks = await tm.request('/api/tools/tasks_list', { json: { arguments: {} } });
    expect(JSON.stringify(tasks.json)).not.toContain('"x"');
  });

  it('a body that is not JSON is the JSON-RPC parse error -32700', async () => {
    const r = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON' }, id: null });
  });

  it('an error reaches the SDK client with one "MCP error" prefix, not two', async () => {
    const client = await connect(tm, token);
    const err = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: unknown) => e as Error);
    expect((err as Error).message).toBe('MCP error -32602: Unknown tool: no_such_tool');
    await client.close();
  });
});
