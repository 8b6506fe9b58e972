// The CalDAV server's own cost. (1) A sync-collection REPORT (RFC 6578) of a calendar of
// 1,000 events after 10 of them changed, through the real routes (fastify inject, the LAN
// guard with an app password, no TLS noise), against reading the same 1,000 event rows
// straight from SQLite in the same run. Target: <= 3x. (2) /api/health while hostile
// CalDAV requests (5 MB bodies, FREQ=SECONDLY, Depth: infinity, path traversal) arrive at
// the same time: its p99 against the 50 ms budget, next to the p99 without them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const EVENTS = 1000;
const ROUNDS = Number(process.env.BENCH_CALDAV_ROUNDS ?? 40);
const HOSTILE = Number(process.env.BENCH_CALDAV_HOSTILE ?? 200);

const SOURCE = `
export { createHttpServer } from './src-main/platform/http';
export { createAccess } from './src-main/access';
export { createHousehold } from './src-main/household';
export { createCaldav } from './src-main/caldav';
export { openDatabase } from './src-main/platform/database';
export { Tracer, silentLogger } from './src-main/platform/trace';
export { EventBus } from './src-main/platform/events';
export { StatusBoard } from './src-main/platform/status';
export { SkillRegistry } from './src-main/platform/registry';
export { loadConfig } from './src-main/platform/config';
`;

const ctx = (clock) => ({ traceId: 'bench', now: clock(), timezone: 'Europe/Berlin', actor: 'user' });

export async function run() {
  const m = await bundleAndImport('caldav', { contents: SOURCE });
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-caldav-'));
  try {
    const config = m.loadConfig({ JARVIS_DATA: join(dir, 'j.db'), JARVIS_LAN_ADDR: '127.0.0.2:0', JARVIS_TIMEZONE: 'Europe/Berlin' });
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
    const household = m.createHousehold(platform);
    const access = m.createAccess(platform, { members: household.members });
    const caldav = m.createCaldav(platform, { household: household.service });
    const app = m.createHttpServer({ loopbackOnly: false, allowHost: access.isLanHost });
    access.routes(app, 'lan');
    caldav.routes(app, 'lan');
    app.get('/api/health', async () => ({ ok: true }));
    await app.ready();

    const { code } = access.service.issueCode();
    const { device } = access.service.pair('bench', { code, member: household.members.desktopMember().id, deviceName: 'bench' });
    const { password } = access.service.issueAppPassword(device.id);
    const headers = { host: '127.0.0.2:8443', authorization: `Basic ${Buffer.from(`bench:${password}`).toString('base64')}` };

    const ids = [];
    for (let i = 0; i < EVENTS; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
      const r = await platform.registry.call(
        'calendar_create',
        { title: `Termin ${i}`, when: { kind: 'absolute', date: `2027-${month}-${day}`, time: '10:00' }, location: 'Schule' },
        ctx(clock),
      );
      if (!r.success) throw new Error(r.message);
      ids.push(r.data.id);
    }
    const sync = async (token) => {
      const res = await app.inject({
        method: 'REPORT',
        url: '/dav/calendars/familie/',
        headers: { ...headers, 'content-type': 'application/xml', depth: '1' },
        payload: `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      });
      if (res.statusCode !== 207) throw new Error(`sync answered ${res.statusCode}: ${res.body}`);
      return res.body;
    };
    const tokenOf = (body) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)[1];
    let token = tokenOf(await sync(''));
    const rowsStmt = platform.db.prepare('SELECT * FROM household_events ORDER BY start_ms, id');

    const reports = [];
    const reads = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < 10; k++) {
        const id = ids[(round * 10 + k) % ids.length];
        const r = await platform.registry.call('calendar_update', { id, title: `Termin ${round}-${k}` }, ctx(clock));
        if (!r.success) throw new Error(r.message);
      }
      let t = performance.now();
      const rows = rowsStmt.all();
      reads.push(performance.now() - t);
      if (rows.length !== EVENTS) throw new Error(`read ${rows.length} rows`);
      t = performance.now();
      const body = await sync(token);
      reports.push(performance.now() - t);
      const changed = body.split('<d:response>').length - 1;
      if (changed !== 10) throw new Error(`sync reported ${changed} changes, not 10`);
      token = tokenOf(body);
    }
    const rep = median(reports);
    const read = median(reads);
    report(`CalDAV sync-collection of ${EVENTS} events after 10 changes (median of ${ROUNDS})`, [
      ['sync-collection REPORT (refresh + 10 changes answered)', `${rep.toFixed(3)} ms (p95 ${percentile(reports, 95).toFixed(3)})`],
      [`SELECT of the same ${EVENTS} event rows (baseline)`, `${read.toFixed(3)} ms`],
      ['ratio (target <= 3x)', `${(rep / read).toFixed(2)}x`],
    ]);

    // (2) health while hostile requests arrive.
    const health = async () => {
      const t = performance.now();
      const res = await app.inject({ url: '/api/health', headers: { host: '127.0.0.2:8443' } });
      if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(`health ${res.statusCode}`);
      return performance.now() - t;
    };
    const quiet = [];
    for (let i = 0; i < HOSTILE; i++) quiet.push(await health());
    const big = 'x'.repeat(5 * 1024 * 1024);
    const hostile = [
      () =>
        app.inject({
          method: 'PUT',
          url: '/dav/calendars/familie/big.ics',
          headers: { ...headers, 'content-type': 'text/calendar' },
          payload: big,
        }),
      () =>
        app.inject({
          method: 'PUT',
          url: '/dav/calendars/familie/sec.ics',
          headers: { ...headers, 'content-type': 'text/calendar' },
          payload:
            'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTART:20270101T000000Z\r\nDTEND:20270101T000001Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        }),
      () => app.inject({ method: 'PROPFIND', url: '/dav/calendars/', headers: { ...headers, depth: 'infinity' } }),
      () => app.inject({ method: 'PUT', url: '/dav/calendars/familie/..%2F..%2Fj.db', headers, payload: 'x' }),
    ];
    const loud = [];
    const statuses = new Set();
    const attacks = (async () => {
      for (let i = 0; i < HOSTILE; i++) {
        const res = await hostile[i % hostile.length]();
        statuses.add(res.statusCode);
      }
    })();
    for (let i = 0; i < HOSTILE; i++) loud.push(await health());
    await attacks;
    if ([...statuses].some((s) => s < 400 || s >= 500)) throw new Error(`hostile requests answered ${[...statuses].join(', ')}`);
    const p99 = percentile(loud, 99);
    report(`/api/health while ${HOSTILE} hostile CalDAV requests arrive`, [
      ['health p99 under attack (target < 50 ms)', `${p99.toFixed(3)} ms`],
      ['health p99 without (baseline)', `${percentile(quiet, 99).toFixed(3)} ms`],
      ['hostile requests answered', [...statuses].sort().join(', ')],
    ]);
    await app.close();
    platform.db.close();
    return [
      { name: 'caldav-sync-1000-vs-sqlite-read', ratio: rep / read, target: 3 },
      { name: 'caldav-health-p99-under-attack-vs-50ms', ratio: p99 / 50, target: 1 },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
