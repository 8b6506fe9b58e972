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
    const { stdout } = await run(
      PYTHON,
      [join(PEERS, 'python_caldav_client.py'), `${d.lan.origin}/dav/`, d.username, d.password, d.caFile],
      {
        timeout: 120_000,
      },
    );
    const out = JSON.parse(stdout);
    expect(out.calendars).toEqual(expect.arrayContaining(['Familie', 'Anna']));
    expect(out.components).toEqual(['VEVENT']);
    expect(out.in_range).toHaveLength(1);
    // The moved occurrence (Monday 11 January, 17:00 Berlin = 16:00 UTC) and the series' rule and reminder came back.
    expect(out.data_after_edit).toContain('RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=MO');
    expect(out.data_after_edit).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270111T170000');
    expect(out.data_after_edit).toContain('SUMMARY:Chor (verlegt)');
    // The phone's own alarm, 15 minutes before, is the household's reminder and comes back as it was.
    expect(out.data_after_edit).toContain('TRIGGER:-PT15M');
    expect(out.stale_status).toBe(412);
    expect(out.changed_since_start).toEqual([out.created_url]);
    expect(out.after_delete).toHaveLength(1);
    // And in the household: the series with its change, nothing stale, the one-off gone.
    const ics = await exportIcs(d);
    expect(ics).toContain('SUMMARY:Chor (verlegt)');
    expect(ics).not.toContain('Veraltet');
    expect(ics).not.toContain('Einmalig');
    const reminders = (await d.tm.request('/api/reminders')).json.data.reminders as { text: string; at: string }[];
    expect(reminders.find((r) => r.text === 'Chor')?.at).toBe('2027-01-04T16:45:00+01:00');
  });
});

describe('CalDAV with vdirsyncer', () => {
  it('syncs both ways: an event made in the app reaches the folder, one made in the folder reaches the app, edits and deletes follow', async () => {
    d = await startCaldavDevice();
    const made = await d.tm.request('/api/tools/calendar_create', {
      json: {
        arguments: {
          title: 'Elternabend',
          when: { kind: 'absolute', date: '2027-03-02', time: '19:30' },
          duration_minutes: 90,
        },
      },
    });
    expect(made.status).toBe(200);
    const dir = join(d.tm.dataDir, 'vdirsyncer');
    mkdirSync(join(dir, 'local'), { recursive: true });
    const config = join(dir, 'config');
    writeFileSync(
      config,
      [
        '[general]',
        `status_path = "${join(dir, 'status')}/"`,
        '',
        '[pair jarvis]',
        'a = "jarvis_remote"',
        'b = "jarvis_local"',
        'collections = ["from a"]',
        'conflict_resolution = "a wins"',
        '',
        '[storage jarvis_remote]',
        'type = "caldav"',
        `url = "${d.lan.origin}/"`,
        `username = "${d.username}"`,
        `password = "${d.password}"`,
        `verify = "${d.caFile}"`,
        '',
        '[storage jarvis_local]',
        'type = "filesystem"',
        `path = "${join(dir, 'local')}/"`,
        'fileext = ".ics"',
        '',
      ].join('\n'),
    );
    const vdir = (...args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = execFile('vdirsyncer', ['-c', config, ...args], { timeout: 120_000 }, (err, stdout, stderr) =>
          err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout + stderr),
        );
        // discover asks before it makes the local folders.
        child.stdin?.end('y\ny\ny\ny\ny\ny\ny\ny\n');
      });
    await vdir('discover');
    await vdir('sync');
    const familyDir = join(dir, 'local', 'familie');
    const files = readdirSync(familyDir);
    expect(files).toHaveLength(1);
    const pulled = readFileSync(join(familyDir, files[0]!), 'utf8');
    expect(pulled).toContain('SUMMARY:Elternabend');
    expect(pulled).toContain('DTSTART:20270302T183000Z');
    expect(pulled).toContain('DTEND:20270302T200000Z');

    writeFileSync(
      join(familyDir, 'from-folder.ics'),
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//folder//EN',
        'BEGIN:VEVENT',
        'UID:from-folder',
        'DTSTAMP:20270101T000000Z',
        'DTSTART;VALUE=DATE:20270320',
        'DTEND;VALUE=DATE:20270322',
        'SUMMARY:Ausflug',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    // Changed in the folder: the app's event gets a new title.
    writeFileSync(join(familyDir, files[0]!), pulled.replace('SUMMARY:Elternabend', 'SUMMARY:Elternabend Klasse 3'));
    await vdir('sync');
    let ics = await exportIcs(d);
    expect(ics).toContain('SUMMARY:Elternabend Klasse 3');
    expect(ics).toContain('SUMMARY:Ausflug');
    expect(ics).toContain('DTSTART;VALUE=DATE:20270320');
    expect(ics).toContain('DTEND;VALUE=DATE:20270322');

    // Deleted in the app: gone from the folder after the next sync.
    expect((await d.tm.request(`/api/calendar/${made.json.data.id}`, { method: 'DELETE' })).status).toBe(200);
    await vdir('sync');
    expect(readdirSync(familyDir)).toEqual(['from-folder.ics']);
    ics = await exportIcs(d);
    expect(ics).not.toContain('Elternabend');
  });
});
