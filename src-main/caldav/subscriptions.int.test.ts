import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// A stand-in for a municipality's calendar address: it serves a waste collection export
// as such portals publish it (RFC 5545; 200 all-day VEVENTs, a VTIMEZONE with a TZID of its
// own, folded lines), plus the failures a subscription meets.
const ABFUHR = readFileSync(new URL('./fixtures/abfuhrkalender.ics', import.meta.url));

let server: Server;
let base: string;
let t: TestMaster;
let served = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/abfuhr.ics') {
      served++;
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ABFUHR);
    } else if (path === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Anmeldung</html>');
    else if (path === '/big.ics')
      res.writeHead(200, { 'content-type': 'text/calendar' }).end(`BEGIN:VCALENDAR\r\n${'X'.repeat(6 * 1024 * 1024)}`);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestMaster({ JARVIS_TIMEZONE: 'Europe/Berlin' }, { clock: () => new Date('2027-01-10T12:00:00Z') });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('calendar subscriptions', () => {
  let id = '';

  it('subscribes to an ICS address: its occurrences are a read-only layer in its colour, the custom zone read right', async () => {
    const res = await t.request('/api/calendar/subscriptions', {
      json: { url: `${base}/abfuhr.ics?token=geheim`, name: 'Abfall', color: '#6b8e23' },
    });
    expect(res.status, res.text).toBe(201);
    id = res.json.id;
    // The address's secret stays out of what the UI shows.
    expect(res.json.source).toBe(`${base}/abfuhr.ics`);
    expect(res.json.error).toBeNull();
    expect(res.json.event_count).toBeGreaterThan(150);
    const day = await t.request('/api/calendar/subscriptions/events?from=2027-01-12&days=1');
    const mobil = day.json.events.find((e: { title: string }) => e.title === 'Schadstoffmobil');
    expect(mobil).toMatchObject({ start: '2027-01-12T15:00:00+01:00', end: '2027-01-12T18:00:00+01:00', all_day: false, color: '#6b8e23' });
    const summer = await t.request('/api/calendar/subscriptions/events?from=2027-07-15&days=1');
    expect(summer.json.events.find((e: { title: string }) => e.title === 'Schadstoffmobil').start).toBe('2027-07-15T15:00:00+02:00');
    const monday = await t.request('/api/calendar/subscriptions/events?from=2027-01-11&days=1');
    expect(monday.json.events.filter((e: { start: string }) => e.start.startsWith('2027-01-11'))).toEqual([
      expect.objectContaining({ title: 'Restmüll', all_day: true, start: '2027-01-11T00:00:00+01:00', end: '2027-01-12T00:00:00+01:00' }),
    ]);
    // Nothing entered the household's own calendar.
    expect((await t.request('/api/calendar/export.ics')).text).not.toContain('Restmüll');
  });

  it('"Restmüll" reminds the evening before once switched on, once per collection however often it refreshes', async () => {
    const on = await t.request(`/api/calendar/subscriptions/${id}`, {
      method: 'PATCH',
      json: { evening_reminders: { match: 'restmüll', time: '19:00' } },
    });
    expect(on.status, on.text).toBe(200);
    const texts = async () =>
      (await t.request('/api/reminders')).json.data.reminders.filter((r: { text: string }) => r.text === 'Morgen: Restmüll');
    const first = await texts();
    // Every other Monday: 11 and 25 January, 8 and 22 February are within the next 45 days.
    expect(first.map((r: { at: string }) => r.at)).toEqual([
      '2027-01-10T19:00:00+01:00',
      '2027-01-24T19:00:00+01:00',
      '2027-02-07T19:00:00+01:00',
      '2027-02-21T19:00:00+01:00',
    ]);
    const before = served;
    expect((await t.request(`/api/calendar/subscriptions/${id}/refresh`, { method: 'POST' })).status).toBe(200);
    expect(served).toBe(before + 1);
    expect(await texts()).toHaveLength(4);
  });

  it('an address without a calendar, one that fails, one too large, or not http is refused and nothing is kept', async () => {
    const tries: [string, number][] = [
      [`${base}/page`, 422],
      [`${base}/missing.ics`, 502],
      [`${base}/big.ics`, 413],
      ['ftp://example.org/cal.ics', 400],
      ['http://user:pw@127.0.0.1/x.ics', 400],
    ];
    for (const [url, status] of tries) {
      const res = await t.request('/api/calendar/subscriptions', { json: { url, name: 'X' } });
      expect(res.status, url).toBe(status);
      expect(res.json.error.message).not.toMatch(/Error|undefined/);
    }
    expect((await t.request('/api/calendar/subscriptions')).json.subscriptions).toHaveLength(1);
  });

  it('unsubscribing removes the layer', async () => {
    expect((await t.request(`/api/calendar/subscriptions/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await t.request('/api/calendar/subscriptions')).json.subscriptions).toEqual([]);
    expect((await t.request('/api/calendar/subscriptions/events?from=2027-01-11&days=7')).json.events).toEqual([]);
  });
});
