import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../testing/radicale';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Two-way sync with a real CalDAV server nobody on this team wrote: Radicale (Debian
// package), started by the test on a free loopback port with its storage in a temp folder.

let r: Radicale;
let t: TestMaster;
let anna = '';
const CAL = `/${RADICALE_USER}/kalender/`;

const vevent = (uid: string, summary: string, start: string, extra: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//radicale test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    `DTSTART:${start}`,
    `DURATION:PT1H`,
    `SUMMARY:${summary}`,
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function remoteTexts(): Promise<string> {
  const res = await r.request(
    'REPORT',
    CAL,
    '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>',
    { depth: '1', 'content-type': 'application/xml' },
  );
  return res.text;
}

async function annasEvents(): Promise<string> {
  return (await t.request('/api/calendar/export.ics')).text;
}

const sync = async (id: string) => {
  const res = await t.request(`/api/calendar/accounts/${id}/sync`, { method: 'POST' });
  expect(res.status, res.text).toBe(200);
  return res.json;
};

beforeAll(async () => {
  r = await startRadicale();
  const made = await r.request(
    'MKCALENDAR',
    CAL,
    '<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>Annas Kalender</d:displayname></d:prop></d:set></c:mkcalendar>',
  );
  expect(made.status).toBe(201);
  t = await startTestMaster({ JARVIS_TIMEZONE: 'Europe/Berlin' });
  anna = (await t.request('/api/members', { json: { name: 'Anna' } })).json.id;
});
afterAll(async () => {
  await t?.close();
  await r?.close();
});

describe('CalDAV account sync with Radicale', () => {
  let id = '';
  let calendarUrl = '';

  it('finds the calendars from the server address and refuses a wrong address', async () => {
    const found = await t.request('/api/calendar/accounts/discover', {
      json: { server_url: `${r.url}/`, username: RADICALE_USER, password: RADICALE_PASSWORD },
    });
    expect(found.status, found.text).toBe(200);
    const cal = found.json.calendars.find((c: { name: string }) => c.name === 'Annas Kalender');
    expect(cal).toBeTruthy();
    calendarUrl = cal.url;
    const wrong = await t.request('/api/calendar/accounts/discover', {
      json: { server_url: 'http://127.0.0.1:9/', username: 'x', password: 'y' },
    });
    expect(wrong.status).toBe(502);
  });

  it('connecting takes the account’s events over and sends the member’s across, with the same instants and rule', async () => {
    await r.request('PUT', `${CAL}yoga.ics`, vevent('yoga', 'Yoga', '20270104T180000Z', ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8']), {
      'content-type': 'text/calendar',
    });
    await r.request('PUT', `${CAL}arzt.ics`, vevent('arzt', 'Arzt', '20270303T083000Z'), { 'content-type': 'text/calendar' });
    const local = await t.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'Lokal', when: { kind: 'absolute', date: '2027-03-05', time: '10:00' }, assignee: anna } },
    });
    expect(local.status).toBe(200);
    const res = await t.request('/api/calendar/accounts', {
      json: { server_url: `${r.url}/`, username: RADICALE_USER, password: RADICALE_PASSWORD, calendar_url: calendarUrl, member_id: anna },
    });
    expect(res.status, res.text).toBe(201);
    id = res.json.account.id;
    expect(JSON.stringify(res.json)).not.toContain(RADICALE_PASSWORD);
    // Sealed with the settings' key: no file of the database holds the password in clear.
    for (const f of readdirSync(t.dataDir).filter((n) => n.startsWith('jarvis.db')))
      expect(readFileSync(join(t.dataDir, f)).includes(RADICALE_PASSWORD), f).toBe(false);
    expect(JSON.stringify((await t.request('/api/calendar/accounts')).json)).not.toContain(RADICALE_PASSWORD);
    expect(res.json.result).toMatchObject({ pulled: 2, pushed: 1, skipped: [] });
    const here = await annasEvents();
    expect(here).toContain('SUMMARY:Yoga');
    expect(here).toContain('RRULE:FREQ=WEEKLY;COUNT=8;BYDAY=MO');
    expect(here).toContain('DTSTART:20270303T083000Z');
    const list = await t.request(`/api/calendar?from=2027-03-03&days=1&assignee=${anna}`);
    expect(list.json.data.events.map((e: { title: string }) => e.title)).toEqual(['Arzt']);
    const there = await remoteTexts();
    expect(there).toContain('SUMMARY:Lokal');
    expect(there).toContain('DTSTART:20270305T090000Z');
  });

  it('a round with nothing changed rewrites nothing', async () => {
    expect(await sync(id)).toMatchObject({ pulled: 0, pushed: 0, deleted_here: 0, deleted_there: 0, conflicts: 0, unchanged: 3 });
  });

  it('a change on one side goes to the other; changed on both, both versions are kept', async () => {
    const arzt = await r.request('PUT', `${CAL}arzt.ics`, vevent('arzt', 'Arzt (Dr. Weber)', '20270303T083000Z'), {
      'content-type': 'text/calendar',
    });
    expect(arzt.status).toBe(201);
    const lokalId = (await t.request(`/api/calendar?from=2027-03-05&days=1`)).json.data.events.find(
      (e: { title: string }) => e.title === 'Lokal',
    ).id;
    await t.request('/api/tools/calendar_update', {
      json: { arguments: { id: lokalId, title: 'Lokal, verschoben', when: { kind: 'absolute', date: '2027-03-05', time: '11:00' } } },
    });
    await sync(id);
    expect(await annasEvents()).toContain('SUMMARY:Arzt (Dr. Weber)');
    const there = await remoteTexts();
    expect(there).toContain('SUMMARY:Lokal\\, verschoben');
    expect(there).toContain('DTSTART:20270305T100000Z');

    // Both sides change the doctor's appointment before the next round.
    await r.request('PUT', `${CAL}arzt.ics`, vevent('arzt', 'Arzt dort geändert', '20270303T083000Z'), { 'content-type': 'text/calendar' });
    const arztId = (await t.request(`/api/calendar?from=2027-03-03&days=1`)).json.data.events[0].id;
    await t.request('/api/tools/calendar_update', { json: { arguments: { id: arztId, title: 'Arzt hier geändert' } } });
    // A round started by the change itself may have come first: what counts is the result on both sides.
    await sync(id);
    const titles = (await t.request(`/api/calendar?from=2027-03-03&days=1`)).json.data.events.map((e: { title: string }) => e.title).sort();
    expect(titles).toEqual(['Arzt hier geändert', 'Konflikt: Arzt dort geändert']);
    const remote = await remoteTexts();
    expect(remote).toContain('SUMMARY:Arzt hier geändert');
    expect(remote).toContain('SUMMARY:Konflikt: Arzt dort geändert');
    // The connection says so until one of the two versions is deleted.
    const [account] = (await t.request('/api/calendar/accounts')).json.accounts;
    expect(account.conflicts).toEqual(['Konflikt: Arzt dort geändert']);
    expect(await sync(id)).toMatchObject({ conflicts: 0 });
    expect((await t.request('/api/calendar/accounts')).json.accounts[0].conflicts).toEqual(['Konflikt: Arzt dort geändert']);
  });

  it('a delete on either side deletes on the other', async () => {
    expect((await r.request('DELETE', `${CAL}yoga.ics`)).status).toBe(200);
    const lokalId = (await t.request(`/api/calendar?from=2027-03-05&days=1`)).json.data.events[0].id;
    await t.request(`/api/calendar/${lokalId}`, { method: 'DELETE' });
    await sync(id);
    expect(await annasEvents()).not.toContain('Yoga');
    expect(await remoteTexts()).not.toContain('Lokal');
  });

  it('disconnecting keeps the copied events when asked to, or removes them', async () => {
    expect((await t.request(`/api/calendar/accounts/${id}?keep_events=true`, { method: 'DELETE' })).status).toBe(204);
    expect(await annasEvents()).toContain('Arzt hier geändert');
    const again = await t.request('/api/calendar/accounts', {
      json: { server_url: `${r.url}/`, username: RADICALE_USER, password: RADICALE_PASSWORD, calendar_url: calendarUrl, member_id: anna },
    });
    expect(again.status, again.text).toBe(201);
    expect((await t.request(`/api/calendar/accounts/${again.json.account.id}?keep_events=false`, { method: 'DELETE' })).status).toBe(204);
    const left = await annasEvents();
    expect(left).not.toContain('Arzt');
    expect((await t.request('/api/calendar/accounts')).json.accounts).toEqual([]);
    // The account's own calendar is untouched by the disconnect.
    expect(await remoteTexts()).toContain('SUMMARY:Arzt hier geändert');
  });
});
