import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../../src-shared';
import { pairDevice, rawRequest, type RawAnswer } from '../testing/lan-devices';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { LOCAL_SECRET_HEADER } from './local-session';
import { ROUTE_RULES, roleMayAsk, ruleOf, type Listener, type RouteRule } from './route-rules';

// Generated from the route table: every registered route x every role x every listener, each
// expected answer asserted. A route registered without a rule fails here.

const ROLES: readonly MemberRole[] = ['admin', 'adult', 'child', 'guest'];
/** The codes only the route guard answers with. */
const GUARD_CODES = new Set(['ADMIN_ONLY', 'ADULTS_ONLY', 'LOOPBACK_ONLY', 'NOT_ON_THIS_LISTENER', 'ROUTE_WITHOUT_RULE']);
const PARAMS: Record<string, string> = { name: 'system_get_time', member: 'mem_missing', action: 'start' };

let t: TestMaster;
let lan: URL;
let mesh: URL;
const devices = {} as Record<MemberRole, { cookie: string; memberId: string }>;

beforeAll(async () => {
  t = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_MESH_ENROLLMENT_TOKEN: 'a-long-enough-enrollment-token' });
  lan = new URL((await t.request('/api/devices')).json.lan.url);
  mesh = new URL(t.meshUrl!);
  for (const role of ROLES) {
    const member = await t.request('/api/members', { json: { name: `Person ${role}`, role } });
    expect(member.status, member.text).toBe(201);
    expect(member.json.role).toBe(role);
    devices[role] = { memberId: member.json.id, cookie: await pairDevice(t, lan, member.json.id, `Gerät ${role}`) };
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function pathOf(url: string): string {
  return url.replace(/:([a-z]+)/g, (_m, p: string) => PARAMS[p] ?? 'zz_missing');
}

function ask(base: URL, method: string, url: string, cookie?: string, headers?: Record<string, string>): Promise<RawAnswer> {
  const json = method === 'POST' || method === 'PUT' || method === 'PATCH' ? {} : undefined;
  return rawRequest(base, method, pathOf(url), {
    ...(cookie ? { cookie } : {}),
    ...(json ? { json } : {}),
    ...(headers ? { headers } : {}),
  });
}

function expectAnswer(answer: RawAnswer, rule: RouteRule, listener: Listener, role: MemberRole, route: string): void {
  const code = answer.json?.error?.code as string | undefined;
  const where = `${route} as ${role} on ${listener}: ${answer.status} ${answer.text.slice(0, 200)}`;
  if (!rule.listeners.includes(listener)) {
    expect(answer.status, where).toBe(403);
    expect(code, where).toBe(rule.listeners.includes('loopback') ? 'LOOPBACK_ONLY' : 'NOT_ON_THIS_LISTENER');
  } else if (rule.access === 'admin' || rule.access === 'adult') {
    if (roleMayAsk(rule, role)) expect(GUARD_CODES.has(code ?? ''), where).toBe(false);
    else {
      expect(answer.status, where).toBe(403);
      expect(code, where).toBe(rule.access === 'admin' ? 'ADMIN_ONLY' : 'ADULTS_ONLY');
    }
  } else if (rule.access === 'token') {
    // Past the table, the route's own token check answers: without a token, 401.
    expect(answer.status, where).toBe(401);
    expect(GUARD_CODES.has(code ?? ''), where).toBe(false);
  } else {
    expect(GUARD_CODES.has(code ?? ''), where).toBe(false);
    expect(answer.status, where).not.toBe(401);
  }
}

describe('the route table', () => {
  it('has a rule for every route registered on every listener, and no rule for a route that does not exist', () => {
    const routes = t.master.routes();
    const registered = new Set<string>();
    const missing: string[] = [];
    for (const [listener, list] of [
      ['loopback', routes.api],
      ['lan', routes.lan],
      ['mesh', routes.mesh],
    ] as const) {
      for (const r of list) {
        registered.add(`${r.method} ${r.url}`);
        const rule = ruleOf(r.method, r.url);
        if (!rule) missing.push(`${r.method} ${r.url}`);
        else if (listener === 'mesh') expect(rule.listeners, `${r.method} ${r.url}`).toContain('mesh');
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((r) => !registered.has(r))).toEqual([]);
  });

  it('answers every route on the loopback listener: the desktop window and the CLI as an admin, any other local program as an adult', async () => {
    const desktop = { [LOCAL_SECRET_HEADER]: t.master.capabilities.access.localSecret };
    for (const r of t.master.routes().api) {
      const rule = ruleOf(r.method, r.url)!;
      expectAnswer(await ask(new URL(t.url), r.method, r.url, undefined, desktop), rule, 'loopback', 'admin', `${r.method} ${r.url}`);
      expectAnswer(await ask(new URL(t.url), r.method, r.url), rule, 'loopback', 'adult', `local program: ${r.method} ${r.url}`);
    }
  }, 240_000);

  it('signs a browser on this machine in once through the printed link', async () => {
    const link = t.master.capabilities.access.browserLink();
    const first = await rawRequest(new URL(t.url), 'GET', link);
    expect(first.status).toBe(303);
    const cookie = first.setCookie!.split(';')[0]!;
    expect(first.setCookie).toMatch(/HttpOnly; SameSite=Strict/);
    expect((await rawRequest(new URL(t.url), 'GET', '/api/policy/risk', { cookie })).status).toBe(200);
    expect((await rawRequest(new URL(t.url), 'GET', '/api/policy/risk')).status).toBe(403);
    expect((await rawRequest(new URL(t.url), 'GET', link)).status).toBe(403);
  });

  it('answers every route on the LAN listener per role of the paired device', async () => {
    for (const role of ROLES) {
      for (const r of t.master.routes().lan) {
        const answer = await ask(lan, r.method, r.url, devices[role].cookie);
        expectAnswer(answer, ruleOf(r.method, r.url)!, 'lan', role, `${r.method} ${r.url}`);
      }
    }
  }, 240_000);

  it('serves on the mesh listener only the workers routes, each with its own token', async () => {
    for (const r of t.master.routes().mesh) {
      expectAnswer(await ask(mesh, r.method, r.url), ruleOf(r.method, r.url)!, 'mesh', 'guest', `${r.method} ${r.url}`);
    }
    expect((await rawRequest(mesh, 'GET', '/api/state')).status).toBe(404);
  });
});

describe('a local program without the launch secret (a skill that reaches the loopback API)', () => {
  it('cannot change the policy, approve a proposal, mint a token or a pairing code, or read an export', async () => {
    const loopback = new URL(t.url);
    const policyBefore = (await t.request('/api/policy/risk')).json.policy;
    const tokensBefore = (await t.request('/api/mcp/tokens')).json.tokens.length as number;
    const allowAll = { classes: { read: 'allow', reversible: 'allow', disruptive: 'allow', security: 'allow' }, overrides: {} };
    // The requests of the attack report, as the hostile skill sent them (claiming the household's actor).
    const protocolHeaders = {
      'jarvis-protocol-version': '0.1.0',
      'jarvis-actor-id': 'act_household',
      'jarvis-idempotency-key': 'self-approval-1',
      'jarvis-request-timestamp': new Date().toISOString(),
    };
    const attempts: [string, string, unknown?, Record<string, string>?][] = [
      ['PUT', '/api/policy/risk', allowAll],
      ['POST', '/api/protocol/skill-proposals/skp_1/decision', { decision: 'accept' }, protocolHeaders],
      ['POST', '/api/mcp/tokens', { name: 'skill' }],
      ['POST', '/api/pairing', {}],
      ['GET', '/api/protocol/export'],
      ['GET', '/api/debug/export'],
      ['GET', '/api/config'],
      ['POST', '/api/settings/mesh-token', {}],
    ];
    for (const [method, path, json, headers] of attempts) {
      const res = await rawRequest(loopback, method, path, { ...(json === undefined ? {} : { json }), ...(headers ? { headers } : {}) });
      expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).toBe(403);
      expect(res.json.error.code, `${method} ${path}`).toBe('ADMIN_ONLY');
    }
    // A forged launch secret is no better than none.
    const forged = await rawRequest(loopback, 'PUT', '/api/policy/risk', {
      json: allowAll,
      headers: { [LOCAL_SECRET_HEADER]: 'x'.repeat(43) },
    });
    expect(forged.status).toBe(403);
    expect((await t.request('/api/policy/risk')).json.policy).toEqual(policyBefore);
    expect((await t.request('/api/mcp/tokens')).json.tokens).toHaveLength(tokensBefore);
    // The household's lists stay open to it, as to any adult.
    expect((await rawRequest(loopback, 'POST', '/api/tasks', { json: { title: 'Von einem Programm' } })).status).toBe(201);
  });
});

describe('a paired device that is no admin', () => {
  const security = { classes: { read: 'allow', reversible: 'allow', disruptive: 'allow', security: 'allow' }, overrides: {} };

  it.each(['adult', 'child', 'guest'] as const)(
    'as %s cannot rewrite the risk policy, approve skills, read or wipe the debug trace, or read the protocol export',
    async (role) => {
      const { cookie } = devices[role];
      const policyBefore = (await t.request('/api/policy/risk')).json.policy;
      const attempts: [string, string, unknown?][] = [
        ['PUT', '/api/policy/risk', security],
        ['POST', '/api/protocol/skill-proposals/skp_1/decision', { decision: 'approve' }],
        ['GET', '/api/debug/export'],
        ['POST', '/api/debug/clear', {}],
        ['GET', '/api/protocol/export'],
        ['POST', '/api/mcp/tokens', { name: 'mine' }],
        ['GET', '/api/config'],
      ];
      for (const [method, path, json] of attempts) {
        const res = await rawRequest(lan, method, path, { cookie, ...(json === undefined ? {} : { json }) });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(String(res.json.error.message), 'a plain message').toMatch(/admin|computer JARVIS runs on/);
      }
      expect((await t.request('/api/policy/risk')).json.policy).toEqual(policyBefore);
    },
  );

  it('a guest cannot allow the security class, so no MCP client runs a security action afterwards', async () => {
    const res = await rawRequest(lan, 'PUT', '/api/policy/risk', { cookie: devices.guest.cookie, json: security });
    expect(res.status).toBe(403);
    const microphone = {
      name: 'skill_voice_set_microphone',
      description: 'Mikrofon ein/aus',
      input_schema: { type: 'object' as const },
      provider: 'plugin' as const,
      mutates: true,
      requires_confirmation: false,
      risk: 'security' as const,
      source: 'test',
    };
    expect(t.master.platform.registry.decide(microphone, {}, { actor: 'mcp' }).outcome).toBe('refuse');
  });
});

describe('a role change', () => {
  it('holds from the next request and closes the event stream the device has open', async () => {
    const member = (await t.request('/api/members', { json: { name: 'Wechsel', role: 'adult' } })).json;
    const cookie = await pairDevice(t, lan, member.id, 'Wechselgerät');
    expect((await rawRequest(lan, 'GET', '/api/rag/documents', { cookie })).status).toBe(200);
    const closed = new Promise<void>((resolve, reject) => {
      const req = httpsRequest(
        { host: lan.hostname, port: lan.port, path: '/api/events', rejectUnauthorized: false, headers: { cookie, host: lan.host } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.on('close', () => resolve());
          res.resume();
          void t.request(`/api/members/${member.id}`, { method: 'PATCH', json: { role: 'child' } });
        },
      );
      req.on('error', () => resolve());
      req.on('timeout', () => reject(new Error('timeout')));
      req.end();
    });
    await closed;
    const after = await rawRequest(lan, 'GET', '/api/rag/documents', { cookie });
    expect(after.status).toBe(403);
    expect(after.json.error.code).toBe('ADULTS_ONLY');
  });
});
