// The cost of authenticating a paired device on every LAN request: the same trivial route
// on two servers built the same way (fastify from the platform's createHttpServer, driven
// with inject, no network or TLS noise), one with the LAN listener's device check in
// front (cookie, SHA-256, the device and its member looked up), one without. Requests alternate between the two so both see the same machine.
// Reported: the median of each, and the difference (the check) against its 0.2 ms budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, median, report } from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_LAN_AUTH_REQUESTS ?? 5000);
const BUDGET_MS = 0.2;

const SOURCE = `
export { createHttpServer } from './src-main/platform/http';
export { createAccess } from './src-main/access';
export { createHousehold } from './src-main/household';
export { openDatabase } from './src-main/platform/database';
export { Tracer, silentLogger } from './src-main/platform/trace';
export { EventBus } from './src-main/platform/events';
export { StatusBoard } from './src-main/platform/status';
export { SkillRegistry } from './src-main/platform/registry';
export { loadConfig } from './src-main/platform/config';
`;

export async function run() {
  const m = await bundleAndImport('lan-auth', { contents: SOURCE });
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-lan-'));
  try {
    const config = m.loadConfig({ JARVIS_DATA: join(dir, 'j.db'), JARVIS_LAN_ADDR: '127.0.0.2:0' });
    const clock = () => new Date();
    const platform = {
      config,
      version: 'bench',
      clock,
      db: m.openDatabase(config.dataFile),
      registry: new m.SkillRegistry(),
      tracer: new m.Tracer({ enabled: false, limit: 100, now: clock }),
      events: new m.EventBus(clock),
      status: new m.StatusBoard(),
      log: m.silentLogger,
    };
    // The real members directory: the check looks the device's member up on every request.
    const { members } = m.createHousehold(platform);
    const access = m.createAccess(platform, { members });
    const host = { host: `127.0.0.2:8443` };

    const guarded = m.createHttpServer({ loopbackOnly: false, allowHost: access.isLanHost });
    access.routes(guarded, 'lan');
    guarded.get('/api/ping', async () => ({ ok: true }));
    const open = m.createHttpServer({ loopbackOnly: false, allowHost: access.isLanHost });
    open.get('/api/ping', async () => ({ ok: true }));
    await Promise.all([guarded.ready(), open.ready()]);

    const { code } = access.service.issueCode();
    const { credential } = access.service.pair('bench', { code, member: members.desktopMember().id, deviceName: 'bench' });
    const withCookie = { ...host, cookie: `theme=dark; jarvis_device=${credential}` };

    const check = await guarded.inject({ url: '/api/ping', headers: withCookie });
    const refused = await guarded.inject({ url: '/api/ping', headers: host });
    if (check.statusCode !== 200 || refused.statusCode !== 401)
      throw new Error(`guard answered ${check.statusCode} / ${refused.statusCode}`);

    const timed = async (app, headers) => {
      const s = process.hrtime.bigint();
      const res = await app.inject({ url: '/api/ping', headers });
      const ms = Number(process.hrtime.bigint() - s) / 1e6;
      if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}`);
      return ms;
    };
    for (let i = 0; i < 500; i++) {
      await timed(guarded, withCookie);
      await timed(open, host);
    }
    const authed = [];
    const plain = [];
    for (let i = 0; i < REQUESTS; i++) {
      authed.push(await timed(guarded, withCookie));
      plain.push(await timed(open, host));
    }
    const a = median(authed);
    const p = median(plain);
    const cost = Math.max(0, a - p);
    report('LAN auth check per request (fastify inject, same route)', [
      ['requests each', String(REQUESTS)],
      ['median, paired device (checked)', `${a.toFixed(4)} ms`],
      ['median, same route unchecked (baseline)', `${p.toFixed(4)} ms`],
      [`check (difference; budget ${BUDGET_MS} ms)`, `${cost.toFixed(4)} ms ${cost <= BUDGET_MS ? 'within target' : 'OVER TARGET'}`],
    ]);
    await Promise.all([guarded.close(), open.close()]);
    platform.db.close();
    return { name: `lan-auth-check-vs-${BUDGET_MS}ms`, ratio: cost / BUDGET_MS, target: 1 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
