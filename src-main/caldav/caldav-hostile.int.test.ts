import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaldavDevice, type CaldavDevice } from '../testing/caldav-device';

// Malformed and hostile requests a CalDAV server meets: each is a 4xx, nothing is stored,
// and the listener keeps answering (its responsiveness under load is measured in
// bench/caldav.bench.mjs, not asserted here).

let d: CaldavDevice;
beforeAll(async () => {
  d = await startCaldavDevice();
});
afterAll(async () => {
  await d.tm.close();
});

const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => cal('BEGIN:VEVENT', 'UID:h1', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT');

async function nothingStored(): Promise<void> {
  const ics = (await d.tm.request('/api/calendar/export.ics')).text;
  expect(ics).not.toContain('BEGIN:VEVENT');
  const tasks = (await d.tm.request('/api/tasks?status=all')).json.data.tasks;
  expect(tasks).toEqual([]);
  expect((await d.tm.request('/api/health')).status).toBe(200);
}

describe('CalDAV refuses hostile input and stores nothing', () => {
  it('a 5 MB PUT body', async () => {
    const big = vevent('DTSTART:20270310T090000Z', 'DTEND:20270310T100000Z', `DESCRIPTION:${'x'.repeat(5 * 1024 * 1024)}`);
    const res = await d.dav('PUT', '/dav/calendars/familie/big.ics', { body: big, headers: { 'content-type': 'text/calendar' } });
    expect(res.status).toBe(413);
    await nothingStored();
  });

  it('an RRULE with FREQ=SECONDLY', async () => {
    const res = await d.dav('PUT', '/dav/calendars/familie/sec.ics', {
      body: vevent('DTSTART:20270310T090000Z', 'DTEND:20270310T090001Z', 'RRULE:FREQ=SECONDLY', 'SUMMARY:Sekunden'),
    });
    expect(res.status).toBe(403);
    expect(res.text).toContain('valid-calendar-object-resource');
    await nothingStored();
  });

  it('a VEVENT without DTSTART', async () => {
    const res = await d.dav('PUT', '/dav/calendars/familie/nostart.ics', { body: vevent('SUMMARY:Ohne Beginn') });
    expect(res.status).toBe(403);
    expect(res.text).toContain('DTSTART');
    await nothingStored();
  });

  it('text that is no calendar at all, and a calendar with two events in one object', async () => {
    expect((await d.dav('PUT', '/dav/calendars/familie/junk.ics', { body: 'hello' })).status).toBe(403);
    const two = cal(
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTART:20270310T090000Z',
      'DTEND:20270310T100000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTART:20270311T090000Z',
      'DTEND:20270311T100000Z',
      'END:VEVENT',
    );
    expect((await d.dav('PUT', '/dav/calendars/familie/two.ics', { body: two })).status).toBe(403);
    await nothingStored();
  });

  it('a path traversal in the resource name, plain and encoded', async () => {
    const body = vevent('DTSTART:20270310T090000Z', 'DTEND:20270310T100000Z', 'SUMMARY:Pfad');
    for (const path of [
      '/dav/calendars/familie/..%2F..%2Fjarvis.db',
      '/dav/calendars/familie/%2e%2e',
      '/dav/calendars/familie/../familie/x.ics',
      '/dav/calendars/familie/a%5Cb.ics',
      '/dav/calendars/familie/x.ics/deeper',
    ]) {
      const res = await d.dav('PUT', path, { body });
      expect([400, 404], path).toContain(res.status);
    }
    await nothingStored();
  });

  it('PROPFIND with Depth: infinity (or none) is refused with DAV:propfind-finite-depth', async () => {
    for (const headers of [{ depth: 'infinity' }, {}] as Record<string, string>[]) {
      const res = await d.dav('PROPFIND', '/dav/calendars/', { headers });
      expect(res.status).toBe(403);
      expect(res.text).toContain('<d:propfind-finite-depth/>');
    }
  });

  it('XML with a DOCTYPE (entity expansion) and XML nested thousands deep', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><d:propfind xmlns:d="DAV:"><d:prop>&lol2;</d:prop></d:propfind>`;
    expect((await d.dav('PROPFIND', '/dav/calendars/', { headers: { depth: '1' }, body: bomb })).status).toBe(400);
    const deep = `<d:propfind xmlns:d="DAV:">${'<d:prop>'.repeat(5000)}${'</d:prop>'.repeat(5000)}</d:propfind>`;
    expect((await d.dav('PROPFIND', '/dav/calendars/', { headers: { depth: '1' }, body: deep })).status).toBe(400);
    expect((await d.tm.request('/api/health')).status).toBe(200);
  });

  it('a time range that is not UTC text, and a sync level other than 1', async () => {
    const q = await d.dav('REPORT', '/dav/calendars/familie/', {
      body: `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="yesterday"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
    });
    expect(q.status).toBe(400);
    const s = await d.dav('REPORT', '/dav/calendars/familie/', {
      body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>infinite</d:sync-level><d:prop/></d:sync-collection>',
    });
    expect(s.status).toBe(403);
  });
});
