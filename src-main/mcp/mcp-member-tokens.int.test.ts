import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSuccess } from '../../src-shared';
import type { Platform } from '../platform/capability';
import type { ToolProvider } from '../platform/registry';
import { startTestMaster, type TestMaster } from '../testing/test-master';

/** A reversible tool declared for admins only: the role alone decides. */
function adminProbe(ran: string[]) {
  return (platform: Platform) => {
    const provider: ToolProvider = {
      kind: 'plugin',
      list: () => [
        {
          name: 'probe_admin_only',
          description: 'probe',
          input_schema: { type: 'object', additionalProperties: false, properties: {} },
          provider: 'plugin',
          mutates: true,
          requires_confirmation: false,
          risk: 'reversible',
          roles: ['admin'],
          source: 'test',
        },
      ],
      call: async (name) => {
        ran.push(name);
        return toolSuccess({}, `${name} ran`, true);
      },
    };
    platform.registry.addProvider(provider);
    return { name: 'admin-probe' };
  };
}

async function callWith(tm: TestMaster, token: string, name: string): Promise<CallToolResult> {
  const client = new Client({ name: 'member-token-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', tm.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  try {
    return (await client.callTool({ name, arguments: {} })) as CallToolResult;
  } finally {
    await client.close();
  }
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('MCP tokens tied to a member', () => {
  let tm: TestMaster;
  let childId: string;
  const ran: string[] = [];

  beforeAll(async () => {
    tm = await startTestMaster({}, { extra: [adminProbe(ran)] });
    const child = await tm.request('/api/members', { json: { name: 'Ben', role: 'child' } });
    expect(child.status).toBe(201);
    childId = child.json.id as string;
  });
  afterAll(() => tm.close());

  it("refuses a child's client an admin-only tool with a plain sentence, and lets an admin token run it", async () => {
    const created = await tm.request('/api/mcp/tokens', { json: { name: 'Bens Laptop', member: childId } });
    expect(created.status).toBe(201);
    expect(created.json.info.member_id).toBe(childId);
    const refused = await callWith(tm, created.json.token, 'probe_admin_only');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('„child“ nicht erlaubt');
    expect(ran).toEqual([]);

    const adminToken = (await tm.request('/api/mcp/tokens', { json: { name: 'Schreibtisch' } })).json.token as string;
    const allowed = await callWith(tm, adminToken, 'probe_admin_only');
    expect(allowed.isError).toBeFalsy();
    expect(ran).toEqual(['probe_admin_only']);
  });

  it('lists the member of each token and never its secret', async () => {
    const list = await tm.request('/api/mcp/tokens');
    expect(list.status).toBe(200);
    const ben = (list.json.tokens as { name: string; member_id?: string }[]).find((t) => t.name === 'Bens Laptop');
    expect(ben?.member_id).toBe(childId);
    expect(JSON.stringify(list.json)).not.toContain('jmcp_');
  });

  it('refuses a token for someone who is not in the household, and creates nothing', async () => {
    const before = (await tm.request('/api/mcp/tokens')).json.tokens.length as number;
    const bad = await tm.request('/api/mcp/tokens', { json: { name: 'Fremd', member: 'mem_nobody' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('not part of the household');
    expect((await tm.request('/api/mcp/tokens')).json.tokens.length).toBe(before);
  });

  it('refuses a revoked token', async () => {
    const created = await tm.request('/api/mcp/tokens', { json: { name: 'Alt', member: childId } });
    expect((await tm.request(`/api/mcp/tokens/${created.json.info.id}`, { method: 'DELETE' })).status).toBe(204);
    const res = await fetch(new URL('/mcp', tm.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${created.json.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('valid MCP token');
  });
});
