import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startCaldavDevice, type CaldavDevice } from '../testing/caldav-device';

// Real CalDAV clients nobody on this team wrote, from Debian packages, against JARVIS's
// server over HTTPS. Both verify the LAN certificate against JARVIS's own CA (the file a
// phone installs from /pair/ca.crt); no verification is switched off.

const run = promisify(execFile);
// Debian's interpreter: python3-caldav is installed for it, whatever python3 a PATH finds first.
const PYTHON = '/usr/bin/python3';
const PEERS = fileURLToPath(new URL('./peers/', import.meta.url));

let d: CaldavDevice | undefined;
afterEach(async () => {
  await d?.tm.close();
  d = undefined;
});

async function exportIcs(dev: CaldavDevice): Promise<string> {
  return (await dev.tm.request('/api/calendar/export.ics')).text;
}

describe('CalDAV with real clients', () => {
  it('python caldav: discovery, a series with one occurrence moved, a range search, a stale If-Match, sync tokens and delete', async () => {
    d = await startCaldavDevice();
    const { stdout } = await run(PYTHON, [join(PEERS, 'python_caldav_client.py'), `${d.lan.origin}/dav/`, d.username, d.password, d.caFile], {
      timeout: 120_000,
    });
    const out = JSON.parse(stdout);
    expect(out.calendars).toEqual(expect.arrayContaining(['Familie', 'Anna']));
    expect(out.components).toEqual(['VEVENT']);
    expect(out.in_range).toHaveLength(1);
    // The moved occurrence (Monday 11 January, 17:00 Berlin = 16:00 UTC) and the series' rule and reminder came back.
    expect(out.data_after_edit).toContain('RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=MO');
    expect(out.data_after_edit).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270111T170000');
    expect(out.data_after_edit).toContain('SUMMARY:Chor (verlegt)');
    expect(out.data_after_edit).toContain('TRIGGER:-PT30M');
    expect(out.stale_status).toBe(412);
    expect(out.changed_since_start).toEqual([out.created_url]);
    expect(out.after_delete).toHaveLength(1);
    // And in the household: the series with its change, nothing stale, the one-off gone.
    const ics = await exportIcs(d);
    expect(ics).toContain('SUMMARY:Chor (verlegt)');
    expect(ics).not.toContain('Veraltet');
    expect(ics).not.toContain('Einmalig');
    const reminders = (await d.tm.request('/api/reminders')).json.data.reminders;
    expect(reminders.map((r: { text: string }) => r.text)).toContain('Chor');
  });
});
