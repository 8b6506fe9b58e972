// A two-way sync round with a real Radicale (Debian package) of 500 events nobody changed:
// no event may be rewritten on either side, and the round should take under a second on
// this machine. Baseline in the same run: the one REPORT that fetches the same 500 objects
// from Radicale (what every round has to read anyway).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAndImport, median, report } from './lib.mjs';

const EVENTS = 500;
const ROUNDS = Number(process.env.BENCH_CALDAV_SYNC_ROUNDS ?? 10);

const SOURCE = `
export { createHousehold } from './src-main/household';
export { createCaldav } from './src-main/caldav';
export { openDatabase } from './src-main/platform/database';
export { Tracer, silentLogger } from './src-main/platform/trace';
export { EventBus } from './src-main/platform/events';
export { StatusBoard } from './src-main/platform/status';
export { SkillRegistry } from './src-main/platform/registry';
export { loadConfig } from './src-main/platform/config';
export { startRadicale, RADICALE_USER, RADICALE_PASSWORD } from './src-main/testing/radicale';
export { createDAVClient } from 'tsdav';
`;

export async function run() {
  const m = await bundleAndImport('caldav-sync', { contents: SOURCE });
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-caldav-sync-'));
  const radicale = await m.startRadicale();
  try {
    const config = m.loadConfig({ JARVIS_DATA: join(dir, 'j.db'), JARVIS_TIMEZONE: 'Europe/Berlin' });
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
    const caldav = m.createCaldav(platform, { household: household.service });
    const cal = `/${m.RADICALE_USER}/bench/`;
    if ((await radicale.request('MKCALENDAR', cal)).status !== 201) throw new Error('MKCALENDAR failed');
    for (let i = 0; i < EVENTS; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
      const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:bench-${i}\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:2027${month}${day}T0${i % 10}0000Z\r\nDURATION:PT1H\r\nSUMMARY:Termin ${i}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      const res = await radicale.request('PUT', `${cal}bench-${i}.ics`, body, { 'content-type': 'text/calendar' });
      if (res.status !== 201) throw new Error(`PUT ${res.status}`);
    }
    const server = `${radicale.url}/`;
    const { result: first } = await caldav.accounts.connect({
      serverUrl: server,
      username: m.RADICALE_USER,
      password: m.RADICALE_PASSWORD,
      calendarUrl: `${radicale.url}${cal}`,
      memberId: null,
    });
    if (first.pulled !== EVENTS) throw new Error(`first round pulled ${first.pulled}`);
    const id = caldav.accounts.list(undefined)[0].id;
    const client = await m.createDAVClient({
      serverUrl: server,
      credentials: { username: m.RADICALE_USER, password: m.RADICALE_PASSWORD },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    const rounds = [];
    const fetches = [];
    let rewritten = 0;
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const objects = await client.fetchCalendarObjects({ calendar: { url: `${radicale.url}${cal}` } });
      fetches.push(performance.now() - t);
      if (objects.length !== EVENTS) throw new Error(`fetched ${objects.length}`);
      t = performance.now();
      const r = await caldav.accounts.sync(id);
      rounds.push(performance.now() - t);
      rewritten += r.pulled + r.pushed + r.deleted_here + r.deleted_there + r.conflicts;
      if (r.unchanged !== EVENTS) throw new Error(`round saw ${r.unchanged} unchanged`);
    }
    const round = median(rounds);
    const fetched = median(fetches);
    report(`two-way sync round with Radicale, ${EVENTS} unchanged events (median of ${ROUNDS})`, [
      ['sync round (target < 1000 ms, nothing rewritten)', `${round.toFixed(1)} ms, ${rewritten} rewritten`],
      [`one REPORT of the same ${EVENTS} objects from Radicale (baseline)`, `${fetched.toFixed(1)} ms`],
      ['ratio', `${(round / fetched).toFixed(2)}x`],
    ]);
    platform.db.close();
    if (rewritten !== 0) throw new Error(`${rewritten} events rewritten in unchanged rounds`);
    return [{ name: 'caldav-sync-500-unchanged-vs-1s', ratio: round / 1000, target: 1 }];
  } finally {
    await radicale.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
