import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_CLASSES, toolSuccess, type MemberRole, type RiskClass } from '../../src-shared';
import type { RegisteredTool, ToolProvider } from '../platform/registry';
import { pairDevice, rawRequest } from '../testing/lan-devices';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { LOCAL_SECRET_HEADER } from './local-session';

// Every risk class x every role x every listener, under the household's default policy
// (read and reversible allowed, disruptive asks, security denied): what a tool call answers.
// The expected answers are written out here, in one table, not computed from the gate.

type Answer = 'run' | 'approve' | 'refuse' | 'ask' | 'not_served';

/** A person's own call (the app, /api/tools): their role decides on top of the policy. */
const PERSON: Readonly<Record<MemberRole, Readonly<Record<RiskClass | 'core_read', Answer>>>> = {
  admin: { core_read: 'run', read: 'run', reversible: 'run', disruptive: 'run', security: 'refuse' },
  adult: { core_read: 'run', read: 'run', reversible: 'run', disruptive: 'run', security: 'refuse' },
  child: { core_read: 'run', read: 'run', reversible: 'run', disruptive: 'approve', security: 'refuse' },
  // A guest reads the household's own lists, not an integration's; changes wait or are refused.
  guest: { core_read: 'run', read: 'refuse', reversible: 'refuse', disruptive: 'approve', security: 'refuse' },
};
/** An MCP client is an agent acting for the desktop: what would ask is not run (it cannot say "ja"). */
const MCP: Readonly<Record<RiskClass | 'core_read', Answer>> = {
  core_read: 'run',
  read: 'run',
  reversible: 'run',
  disruptive: 'ask',
  security: 'refuse',
};

/** One tool per risk class from an integration, and the household's own clock as the core read. */
const TOOL_OF: Readonly<Record<RiskClass | 'core_read', string>> = {
  core_read: 'system_get_time',
  read: 'probe_read',
  reversible: 'probe_reversible',
  disruptive: 'probe_disruptive',
  security: 'probe_security',
};
const CLASSES = ['core_read', ...RISK_CLASSES] as const;

function probes(ran: string[]): ToolProvider {
  const tool = (risk: RiskClass): RegisteredTool => ({
    name: `probe_${risk}`,
    description: `probe ${risk}`,
    input_schema: { type: 'object', additionalProperties: false, properties: {} },
    provider: 'plugin',
    mutates: risk !== 'read',
    requires_confirmation: false,
    risk,
    source: 'test',
  });
  return {
    kind: 'plugin',
    list: () => RISK_CLASSES.map(tool),
    call: async (name) => {
      ran.push(name);
      return toolSuccess({}, `${name} ran`, risk(name) !== 'read');
    },
  };
}
const risk = (name: string) => name.replace(/^probe_/, '');

let t: TestMaster;
let lan: URL;
const ran: string[] = [];
const cookies = {} as Record<MemberRole, string>;
const ROLES: readonly MemberRole[] = ['admin', 'adult', 'child', 'guest'];

beforeAll(async () => {
  t = await startTestMaster(
    { JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_MESH_ENROLLMENT_TOKEN: 'a-long-enough-enrollment-token' },
    {
      extra: [
        (platform) => {
          platform.registry.addProvider(probes(ran));
          return { name: 'risk-probes' };
        },
      ],
    },
  );
  lan = new URL((await t.request('/api/devices')).json.lan.url);
  for (const role of ROLES) {
    const member = await t.request('/api/members', { json: { name: `Risiko ${role}`, role } });
    expect(member.status, member.text).toBe(201);
    cookies[role] = await pairDevice(t, lan, member.json.id, `Gerät ${role}`);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** What an HTTP answer to POST /api/tools/{name} says, as one of the table's words. */
function answerOf(status: number, body: any): Answer | string {
  if (status === 200 && body?.success === true) return 'run';
  if (status === 202 && body?.error?.code === 'APPROVAL_REQUIRED') return 'approve';
  if (status === 403 && body?.error?.code === 'POLICY_DENIED') return 'refuse';
  if (status === 404) return 'not_served';
  return `${status} ${JSON.stringify(body).slice(0, 200)}`;
}

async function expectCall(answer: Promise<{ status: number; json: any }>, cls: (typeof CLASSES)[number], expected: Answer, where: string) {
  const before = ran.length;
  const res = await answer;
  expect(answerOf(res.status, res.json), `${cls} ${where}`).toBe(expected);
  const tool = TOOL_OF[cls];
  if (cls !== 'core_read') expect(ran.slice(before), `${cls} ${where}: what ran`).toEqual(expected === 'run' ? [tool] : []);
}

describe('risk classes x roles x listeners', () => {
  it.each(ROLES)('a paired device of a member with the role %s on the LAN listener', async (role) => {
    for (const cls of CLASSES) {
      const call = rawRequest(lan, 'POST', `/api/tools/${TOOL_OF[cls]}`, { cookie: cookies[role], json: { arguments: {} } });
      await expectCall(call, cls, PERSON[role][cls], `as ${role} on lan`);
    }
  });

  it('the loopback listener: the desktop window as its admin, any other local program as an adult', async () => {
    for (const cls of CLASSES) {
      const desktop = t.request(`/api/tools/${TOOL_OF[cls]}`, { json: { arguments: {} } });
      await expectCall(desktop, cls, PERSON.admin[cls], 'as the desktop on loopback');
      const local = t.request(`/api/tools/${TOOL_OF[cls]}`, { json: { arguments: {} }, local: true });
      await expectCall(local, cls, PERSON.adult[cls], 'as a local program on loopback');
    }
  });

  it('an MCP client (its own token) on the loopback listener', async () => {
    const created = await t.request('/api/mcp/tokens', { json: { name: 'Matrix' } });
    expect(created.status).toBe(201);
    const client = new Client({ name: 'risk-matrix', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', t.url), {
        requestInit: { headers: { authorization: `Bearer ${created.json.token}` } },
      }),
    );
    try {
      for (const cls of CLASSES) {
        const before = ran.length;
        const result = (await client.callTool({ name: TOOL_OF[cls], arguments: {} })) as CallToolResult;
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
        const got: Answer = !result.isError ? 'run' : /CONFIRMATION_REQUIRED|did not run/.test(text) ? 'ask' : 'refuse';
        expect(got, `${cls} over MCP: ${text.slice(0, 200)}`).toBe(MCP[cls]);
        if (cls !== 'core_read') expect(ran.slice(before), `${cls} over MCP: what ran`).toEqual(MCP[cls] === 'run' ? [TOOL_OF[cls]] : []);
      }
    } finally {
      await client.close();
    }
  });

  it('the mesh listener runs no tool at all, whoever asks', async () => {
    const mesh = new URL(t.meshUrl!);
    for (const cls of CLASSES) {
      await expectCall(rawRequest(mesh, 'POST', `/api/tools/${TOOL_OF[cls]}`, { json: { arguments: {} } }), cls, 'not_served', 'on mesh');
      const asWorker = rawRequest(mesh, 'POST', `/api/tools/${TOOL_OF[cls]}`, {
        json: { arguments: {} },
        headers: {
          authorization: 'Bearer a-long-enough-enrollment-token',
          [LOCAL_SECRET_HEADER]: t.master.capabilities.access.localSecret,
        },
      });
      await expectCall(asWorker, cls, 'not_served', 'on mesh with the enrollment token and the desktop secret');
    }
  });
});
