import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillManifest } from '../../src-shared';
import { Tracer } from '../platform/trace';
import { hashToken } from './access-tokens';
import { RemoteToolProvider } from './remote-provider';
import { WorkerRoster } from './worker-roster';
import { RemoteSkillCatalog } from './remote-skills';

// Scripted peers on loopback stand in for workers that misbehave in ways a real worker
// should not: wrong data, a refusal, silence.

const manifest: SkillManifest = {
  protocol: 'jarvis.skill.v1',
  id: 'peer.test',
  name: 'peer',
  version: '1.0.0',
  runtime: { type: 'process', command: './run' },
  actions: [
    {
      name: 'go',
      description: 'd',
      input_schema: { type: 'object', properties: {}, additionalProperties: false },
      output_schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
    },
  ],
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

async function peer(
  answer: (body: string, authorization?: string) => { status: number; body?: unknown; raw?: string } | undefined,
): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const a = answer(body, req.headers.authorization);
      if (!a) return; // silence: never answers
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(a.raw ?? JSON.stringify(a.body));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function provider(endpoints: string[], invokeTimeoutMs = 2000, maxAnswerBytes = 1024 * 1024) {
  const roster = new WorkerRoster(
    () => new Date(),
    60_000,
    () => {},
  );
  endpoints.forEach((endpoint, i) =>
    roster.setSkills(roster.add({ id: `wrk_${i}`, name: `w${i}`, runtime: 'python', endpoint, tokenHash: hashToken(`t${i}`) }), [
      { manifest, sha256: 'a'.repeat(64) },
    ]),
  );
  // The household activated this manifest; the gate itself is tested in remote-skills.test.ts.
  const catalog = new RemoteSkillCatalog(roster, { revision: 0, admission: () => ({ state: 'active', proposal_id: 'skp_peer', rank: 0 }) });
  return {
    roster,
    p: new RemoteToolProvider({
      catalog,
      tracer: new Tracer({ enabled: true, limit: 100 }),
      invokeTimeoutMs,
      maxAnswerBytes,
      tokenOf: (id) => `token-${id}`,
    }),
  };
}

const ctx = { traceId: 'http_1', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin', actor: 'system' as const };

describe('remote tool provider', () => {
  it('sends the invoke envelope with the token, the trace id and the local time', async () => {
    let seen: { envelope?: Record<string, unknown>; authorization?: string } = {};
    const url = await peer((body, authorization) => {
      seen = { envelope: JSON.parse(body), ...(authorization ? { authorization } : {}) };
      return { status: 200, body: { success: true, data: { n: 1 }, message: 'ok', mutated: false } };
    });
    const { p } = provider([url]);
    expect(await p.call('skill_peer_test_go', {}, ctx)).toEqual({ success: true, data: { n: 1 }, message: 'ok', mutated: false });
    expect(seen.envelope).toMatchObject({
      protocol: 'jarvis.skill.invoke.v1',
      skill_id: 'peer.test',
      action: 'go',
      input: {},
      context: { trace_id: 'http_1', now: '2026-08-29T10:20:00+02:00', timezone: 'Europe/Berlin' },
    });
    expect(String(seen.envelope?.request_id)).toMatch(/^remote_/);
    expect(seen.authorization).toBe('Bearer token-wrk_0');
  });

  it('does not trust data that breaks the output schema', async () => {
    const url = await peer(() => ({ status: 200, body: { success: true, data: { n: 'many' }, message: 'ok' } }));
    const r = await provider([url]).p.call('skill_peer_test_go', {}, ctx);
    expect(r).toMatchObject({ success: false, error: { code: 'INVALID_OUTPUT', path: '/n' } });
  });

  it('passes a worker refusal on without trying another replica', async () => {
    let second = 0;
    const a = await peer(() => ({ status: 401, body: { error: { code: 'TOKEN_REFUSED', message: 'no' } } }));
    const b = await peer(() => (second++, { status: 200, body: { success: true, data: { n: 2 } } }));
    const r = await provider([a, b]).p.call('skill_peer_test_go', {}, ctx);
    expect(r).toMatchObject({ success: false, error: { code: 'TOKEN_REFUSED' } });
    expect(second).toBe(0);
  });

  it('moves on to the next replica when one does not answer in time', async () => {
    const silent = await peer(() => undefined);
    const ok = await peer(() => ({ status: 200, body: { success: true, data: { n: 3 }, message: 'ok', mutated: false } }));
    const { p, roster } = provider([silent, ok], 300);
    expect((await p.call('skill_peer_test_go', {}, ctx)).data).toEqual({ n: 3 });
    expect(roster.live()[0]!.lastError).toBe('transport: no answer before the timeout');
  });

  it('reports when no replica answers at all', async () => {
    const r = await provider(['http://127.0.0.1:9']).p.call('skill_peer_test_go', {}, ctx);
    expect(r).toMatchObject({ success: false, error: { code: 'WORKER_UNREACHABLE' } });
  });

  it('stops reading an answer past the cap and reports it as too large', async () => {
    const huge = `{"success":true,"data":{"n":1,"pad":"${'x'.repeat(2 * 1024 * 1024)}"}}`;
    const url = await peer(() => ({ status: 200, raw: huge }));
    const r = await provider([url], 2000, 64 * 1024).p.call('skill_peer_test_go', {}, ctx);
    expect(r).toMatchObject({ success: false, error: { code: 'SKILL_OUTPUT_TOO_LARGE' } });
    expect(r.error?.message).toContain('64 KB');
  });
});
