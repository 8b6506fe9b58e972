import { afterEach, describe, expect, it } from 'vitest';
import { startCaldavDevice, type CaldavDevice } from '../testing/caldav-device';

// The requests are those RFC 4791 (CalDAV), RFC 4918 (WebDAV), RFC 6578 (sync-collection)
// and RFC 6764 (discovery) describe; the real clients are in caldav-peers.int.test.ts.

let d: CaldavDevice | undefined;
afterEach(async () => {
  await d?.tm.close();
  d = undefined;
});

const PROPFIND_CTAG = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/">
<d:prop><d:displayname/><d:resourcetype/><cs:getctag/><d:sync-token/><a:calendar-color/><c:supported-calendar-component-set/><d:getetag/></d:prop></d:propfind>`;

const event = (uid: string, summary: string, start = '20270310T090000Z', end = '20270310T100000Z', extra = '') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${summary}`,
    ...(extra ? [extra] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function state(dev: CaldavDevice) {
  return (await dev.tm.request('/api/calendar/export.ics')).text;
}

describe('CalDAV server', () => {
  it('discovery leads from /.well-known/caldav to the principal, the calendar home and the calendars in their colours', async () => {
    d = await startCaldavDevice();
    const wk = await d.dav('PROPFIND', '/.well-known/caldav', { headers: { depth: '0' } });
    expect(wk.status).toBe(301);
    expect(wk.headers.location).toBe('/dav/');
    const root = await d.dav('PROPFIND', '/dav/', {
      headers: { depth: '0' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
    });
    expect(root.status).toBe(207);
    expect(root.text).toContain('<d:current-user-principal><d:href>/dav/principals/me/</d:href>');
    const principal = await d.dav('PROPFIND', '/dav/principals/me/', {
      headers: { depth: '0' },
      body: '<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/><d:displayname/></d:prop></d:propfind>',
    });
    expect(principal.text).toContain('<c:calendar-home-set><d:href>/dav/calendars/</d:href>');
    expect(principal.text).toContain('<d:displayname>Anna</d:displayname>');
    const home = await d.dav('PROPFIND', '/dav/calendars/', { headers: { depth: '1' }, body: PROPFIND_CTAG });
    expect(home.status).toBe(207);
    expect(home.text).toContain('<d:href>/dav/calendars/familie/</d:href>');
    expect(home.text).toContain(`<d:href>/dav/calendars/${d.memberId}/</d:href>`);
    expect(home.text).toContain(`<d:href>/dav/calendars/${d.memberId}-aufgaben/</d:href>`);
    expect(home.text).toContain('<c:comp name="VTODO"/>');
    expect(home.text).toContain('<d:displayname>Familie</d:displayname>');
    expect(home.text).toMatch(/<a:calendar-color>#[0-9A-F]{6}FF<\/a:calendar-color>/);
  });

  it('refuses without the app password, with the web cookie alone, and after the device is revoked', async () => {
    d = await startCaldavDevice();
    expect((await d.dav('PROPFIND', '/dav/', { headers: { depth: '0' }, auth: null })).status).toBe(401);
    const wrong = await d.dav('PROPFIND', '/dav/', {
      headers: { depth: '0' },
      auth: `Basic ${Buffer.from('anna:nope').toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    expect((await d.dav('PROPFIND', '/dav/', { headers: { depth: '0' } })).status).toBe(207);
    expect((await d.tm.request(`/api/devices/${d.deviceId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await d.dav('PROPFIND', '/dav/', { headers: { depth: '0' } })).status).toBe(401);
  });

  it('a PUT goes through the calendar tools: the event is in the household, GET answers it with its ETag, If-Match guards edits', async () => {
    d = await startCaldavDevice();
    const href = '/dav/calendars/familie/abc-123.ics';
    const put = await d.dav('PUT', href, {
      body: event('abc-123', 'Zahnarzt'),
      headers: { 'content-type': 'text/calendar', 'if-none-match': '*' },
    });
    expect(put.status, put.text).toBe(201);
    const etag = String(put.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(await state(d)).toContain('SUMMARY:Zahnarzt');
    const got = await d.dav('GET', href);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe(etag);
    expect(got.text).toContain('UID:abc-123');
    expect(got.text).toContain('DTSTART:20270310T090000Z');
    expect(got.text).toContain('TRIGGER:-PT30M');
    // The same name again with If-None-Match: * is a conflict; an old ETag is refused.
    expect((await d.dav('PUT', href, { body: event('abc-123', 'X'), headers: { 'if-none-match': '*' } })).status).toBe(412);
    const moved = await d.dav('PUT', href, {
      body: event('abc-123', 'Zahnarzt', '20270310T110000Z', '20270310T120000Z'),
      headers: { 'if-match': etag },
    });
    expect(moved.status, moved.text).toBe(204);
    expect((await d.dav('PUT', href, { body: event('abc-123', 'Alt'), headers: { 'if-match': etag } })).status).toBe(412);
    expect(await state(d)).not.toContain('SUMMARY:Alt');
    const after = await d.dav('GET', href);
    expect(after.text).toContain('DTSTART:20270310T110000Z');
    expect((await d.dav('DELETE', href, { headers: { 'if-match': etag } })).status).toBe(412);
    expect((await d.dav('DELETE', href, { headers: { 'if-match': String(after.headers.etag) } })).status).toBe(204);
    expect(await state(d)).not.toContain('Zahnarzt');
    expect((await d.dav('GET', href)).status).toBe(404);
  });

  it('sync-collection reports what changed since a token, including deletions and events made in the app', async () => {
    d = await startCaldavDevice();
    const sync = (token: string) =>
      d!.dav('REPORT', '/dav/calendars/familie/', {
        headers: { depth: '1' },
        body: `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      });
    const first = await sync('');
    expect(first.status).toBe(207);
    const token0 = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first.text)![1]!;
    await d.dav('PUT', '/dav/calendars/familie/a.ics', { body: event('a', 'Eins') });
    await d.dav('PUT', '/dav/calendars/familie/b.ics', { body: event('b', 'Zwei') });
    const made = await d.tm.request('/api/tools/calendar_create', {
      json: { arguments: { title: 'Aus der App', when: { kind: 'absolute', date: '2027-04-01', time: '10:00' } } },
    });
    expect(made.status).toBe(200);
    const second = await sync(token0);
    expect(second.text).toContain('/dav/calendars/familie/a.ics');
    expect(second.text).toContain('/dav/calendars/familie/b.ics');
    expect(second.text).toContain(`/dav/calendars/familie/${made.json.data.id}.ics`);
    const token1 = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(second.text)![1]!;
    expect(token1).not.toBe(token0);
    await d.dav('DELETE', '/dav/calendars/familie/a.ics');
    const third = await sync(token1);
    expect(third.text).toMatch(/<d:href>\/dav\/calendars\/familie\/a\.ics<\/d:href><d:status>HTTP\/1\.1 404/);
    expect(third.text).not.toContain('b.ics');
    expect((await sync('https://example.com/forged')).status).toBe(403);
  });

  it('calendar-query with a time range finds one-off events and the occurrences of series; multiget answers the data', async () => {
    d = await startCaldavDevice();
    await d.dav('PUT', '/dav/calendars/familie/march.ics', { body: event('m', 'März', '20270310T090000Z', '20270310T100000Z') });
    await d.dav('PUT', '/dav/calendars/familie/may.ics', { body: event('y', 'Mai', '20270510T090000Z', '20270510T100000Z') });
    const weekly = event('w', 'Turnen', '20270104T160000Z', '20270104T170000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect((await d.dav('PUT', '/dav/calendars/familie/weekly.ics', { body: weekly })).status).toBe(201);
    const query = await d.dav('REPORT', '/dav/calendars/familie/', {
      headers: { depth: '1' },
      body: `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20270301T000000Z" end="20270401T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
    });
    expect(query.status).toBe(207);
    expect(query.text).toContain('march.ics');
    expect(query.text).toContain('weekly.ics');
    expect(query.text).not.toContain('may.ics');
    const multi = await d.dav('REPORT', '/dav/calendars/familie/', {
      headers: { depth: '1' },
      body: `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>
<d:href>/dav/calendars/familie/weekly.ics</d:href><d:href>/dav/calendars/familie/missing.ics</d:href></c:calendar-multiget>`,
    });
    expect(multi.text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(multi.text).toContain('BEGIN:VTIMEZONE');
    expect(multi.text).toMatch(/missing\.ics<\/d:href><d:status>HTTP\/1\.1 404/);
  });

  it('one occurrence of a series moved and one left out come back as RECURRENCE-ID and EXDATE', async () => {
    d = await startCaldavDevice();
    const href = '/dav/calendars/familie/series.ics';
    const master = [
      'BEGIN:VEVENT',
      'UID:s1',
      'DTSTAMP:20270101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20270104T170000',
      'DTEND;TZID=Europe/Berlin:20270104T180000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'SUMMARY:Turnen',
    ];
    const cal = (...parts: string[][]) =>
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...parts.flat(), 'END:VCALENDAR', ''].join('\r\n');
    expect((await d.dav('PUT', href, { body: cal([...master, 'END:VEVENT']) })).status).toBe(201);
    const edited = cal(
      [...master, 'EXDATE;TZID=Europe/Berlin:20270118T170000', 'END:VEVENT'],
      [
        'BEGIN:VEVENT',
        'UID:s1',
        'DTSTAMP:20270101T000000Z',
        'RECURRENCE-ID;TZID=Europe/Berlin:20270111T170000',
        'DTSTART;TZID=Europe/Berlin:20270111T180000',
        'DTEND;TZID=Europe/Berlin:20270111T190000',
        'SUMMARY:Turnen (später)',
        'END:VEVENT',
      ],
    );
    const put = await d.dav('PUT', href, { body: edited });
    expect(put.status, put.text).toBe(204);
    const got = (await d.dav('GET', href)).text;
    expect(got).toContain('EXDATE;TZID=Europe/Berlin:20270118T170000');
    expect(got).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270111T170000');
    expect(got).toContain('SUMMARY:Turnen (später)');
    expect(got).toContain('DTSTART:20270111T170000Z');
    // The same text again changes nothing.
    const etag = (await d.dav('GET', href)).headers.etag;
    expect((await d.dav('PUT', href, { body: edited })).status).toBe(204);
    expect((await d.dav('GET', href)).headers.etag).toBe(etag);
  });

  it('roles decide: a child’s device sees the family calendar and its own, not a parent’s; a parent sees the child’s', async () => {
    d = await startCaldavDevice({ name: 'Anna', is_admin: true });
    const { pairCaldavDevice, basicAuth } = await import('../testing/caldav-device');
    const paul = (await d.tm.request('/api/members', { json: { name: 'Paul', role: 'child' } })).json.id as string;
    const ben = (await d.tm.request('/api/members', { json: { name: 'Ben', role: 'adult' } })).json.id as string;
    const child = await pairCaldavDevice(d.tm, d.lan, d.ca, paul, 'Pauls Tablet');
    await d.dav('PUT', `/dav/calendars/${d.memberId}/private.ics`, { body: event('p', 'Geheim') });
    const auth = basicAuth(child.username, child.password);
    const home = await d.dav('PROPFIND', '/dav/calendars/', { headers: { depth: '1' }, body: PROPFIND_CTAG, auth });
    expect(home.text).toContain('/dav/calendars/familie/');
    expect(home.text).toContain(`/dav/calendars/${paul}/`);
    expect(home.text).not.toContain(`/dav/calendars/${d.memberId}/`);
    expect(home.text).not.toContain(`/dav/calendars/${ben}/`);
    expect((await d.dav('GET', `/dav/calendars/${d.memberId}/private.ics`, { auth })).status).toBe(404);
    expect((await d.dav('PUT', `/dav/calendars/${d.memberId}/x.ics`, { body: event('x', 'X'), auth })).status).toBe(404);
    // What Paul puts in his own calendar is his.
    expect((await d.dav('PUT', `/dav/calendars/${paul}/mine.ics`, { body: event('mine', 'Fußball'), auth })).status).toBe(201);
    const list = await d.tm.request(`/api/calendar?from=2027-03-10&days=1&assignee=${paul}`);
    expect(list.json.data.events.map((e: { title: string }) => e.title)).toContain('Fußball');
    // The parent's device (admin) sees the child's calendar, not the other adult's.
    const parent = await d.dav('PROPFIND', '/dav/calendars/', { headers: { depth: '1' }, body: PROPFIND_CTAG });
    expect(parent.text).toContain(`/dav/calendars/${paul}/`);
    expect(parent.text).not.toContain(`/dav/calendars/${ben}/`);
    expect((await d.dav('GET', `/dav/calendars/${paul}/mine.ics`)).text).toContain('SUMMARY:Fußball');
  });

  it('an event for several members is in the family calendar once, under its UID; for one member again, in theirs', async () => {
    d = await startCaldavDevice({ name: 'Anna', is_admin: true });
    const paul = (await d.tm.request('/api/members', { json: { name: 'Paul', role: 'child' } })).json.id as string;
    const made = await d.tm.request('/api/calendar', {
      json: { title: 'Elternabend', when: { kind: 'absolute', date: '2027-03-10', time: '19:00' }, assignees: [d.memberId, paul] },
    });
    expect(made.status, made.text).toBe(201);
    const id = (made.json.data?.id ?? made.json.id) as string;
    const report = (collection: string) =>
      d!.dav('REPORT', `/dav/calendars/${collection}/`, {
        headers: { depth: '1' },
        body: '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter></c:calendar-query>',
      });
    const family = await report('familie');
    expect(family.text.match(/SUMMARY:Elternabend/g)).toHaveLength(1);
    expect((await report(d.memberId)).text).not.toContain('Elternabend');
    expect((await report(paul)).text).not.toContain('Elternabend');
    // Down to one member: the event moves to that member's calendar.
    expect((await d.tm.request(`/api/calendar/${id}`, { method: 'PATCH', json: { assignees: [paul] } })).status).toBe(200);
    expect((await report('familie')).text).not.toContain('Elternabend');
    expect((await report(paul)).text).toContain('SUMMARY:Elternabend');
  });

  it('tasks are VTODOs in the task list and follow the task tools', async () => {
    d = await startCaldavDevice();
    const todo = (status: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//t//EN',
        'BEGIN:VTODO',
        'UID:t1',
        'DTSTAMP:20270101T000000Z',
        'SUMMARY:Müll rausbringen',
        'DUE:20270312T170000Z',
        `STATUS:${status}`,
        'END:VTODO',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const href = '/dav/calendars/familie-aufgaben/t1.ics';
    expect((await d.dav('PUT', href, { body: todo('NEEDS-ACTION') })).status).toBe(201);
    const tasks = await d.tm.request('/api/tasks');
    expect(tasks.json.data.tasks.map((t: { title: string }) => t.title)).toContain('Müll rausbringen');
    expect((await d.dav('PUT', href, { body: todo('COMPLETED') })).status).toBe(204);
    const done = await d.tm.request('/api/tasks?status=done');
    expect(done.json.data.tasks.map((t: { title: string }) => t.title)).toContain('Müll rausbringen');
    expect((await d.dav('GET', href)).text).toContain('STATUS:COMPLETED');
    // An event does not belong in a task list.
    expect((await d.dav('PUT', '/dav/calendars/familie-aufgaben/e.ics', { body: event('e', 'E') })).status).toBe(403);
  });

  it('a private feed address per calendar serves its events without a login until it is revoked', async () => {
    d = await startCaldavDevice();
    await d.dav('PUT', '/dav/calendars/familie/f.ics', { body: event('f', 'Familienfest') });
    await d.dav('PUT', `/dav/calendars/${d.memberId}/own.ics`, { body: event('o', 'Annas Termin') });
    const made = await d.tm.request('/api/calendar/feeds', { json: { member_id: d.memberId } });
    expect(made.status, made.text).toBe(201);
    expect(made.json.path).toMatch(/^\/feeds\/[A-Za-z0-9_-]{32}\.ics$/);
    const { lanRequest } = await import('../testing/caldav-device');
    const feed = await lanRequest(d.lan, d.ca, 'GET', made.json.path);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.text).toContain('SUMMARY:Annas Termin');
    expect(feed.text).not.toContain('Familienfest');
    const list = await d.tm.request('/api/calendar/feeds');
    expect(list.json.feeds).toEqual([expect.objectContaining({ id: made.json.id, member_id: d.memberId, name: 'Anna' })]);
    expect(JSON.stringify(list.json)).not.toContain(made.json.path);
    expect((await lanRequest(d.lan, d.ca, 'GET', '/feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await d.tm.request(`/api/calendar/feeds/${made.json.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await lanRequest(d.lan, d.ca, 'GET', made.json.path)).status).toBe(404);
  });
});
