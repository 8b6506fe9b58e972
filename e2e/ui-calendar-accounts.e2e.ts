import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../src-main/testing/radicale';
import { launchBrowser } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { eventually, openScreen, seriousViolations } from './support/ui';

/** The household's events on the appointment's day (3 March 2027). */
async function eventsThatDay(): Promise<{ id: string; title: string }[]> {
  const res = await fetch(`${app.url}/api/calendar?from=2027-03-03&days=1`);
  return ((await res.json()) as { data: { events: { id: string; title: string }[] } }).data.events;
}

// Connecting a CalDAV account the family already has, by clicking: a real Radicale (Debian
// package) is that account. Server address -> its calendars -> connect -> both ways ->
// a conflict shown -> removing the connection with the choice of what happens to the events.

let app: ServedApp;
let browser: Browser;
let r: Radicale;
const CAL = `/${RADICALE_USER}/familie-dort/`;

const vevent = (uid: string, summary: string, start: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//radicale e2e//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    `DTSTART:${start}`,
    'DURATION:PT1H',
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

beforeAll(async () => {
  r = await startRadicale();
  const made = await r.request(
    'MKCALENDAR',
    CAL,
    '<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>Kalender in der Cloud</d:displayname></d:prop></d:set></c:mkcalendar>',
  );
  expect(made.status).toBe(201);
  await r.request('PUT', `${CAL}zahnarzt.ics`, vevent('zahnarzt', 'Zahnarzt', '20270303T083000Z'), { 'content-type': 'text/calendar' });
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await r?.close();
});

describe('connecting a CalDAV account in the app', () => {
  it('finds the calendars from the address, syncs both ways, shows a conflict, and removes the connection as chosen', async () => {
    const { page, errors } = await openScreen(browser, app, 'calendar', 'clean');
    const card = page.getByTestId('card-calendar-accounts');
    await card.getByText('Noch kein Kalender verbunden', { exact: false }).waitFor();

    // A wrong password is said in plain words, and nothing is connected.
    await card.getByLabel('Adresse des Kalender-Servers').fill('http://127.0.0.1:9/');
    await card.getByLabel('Benutzername').fill(RADICALE_USER);
    await card.getByLabel('Passwort').fill('falsch');
    await card.getByRole('button', { name: 'Kalender suchen' }).click();
    await card.getByRole('alert').getByText('Unter dieser Adresse antwortet kein Kalender-Server', { exact: false }).waitFor();

    await card.getByLabel('Adresse des Kalender-Servers').fill(`${r.url}/`);
    await card.getByLabel('Passwort').fill(RADICALE_PASSWORD);
    await card.getByRole('button', { name: 'Kalender suchen' }).click();
    await card.getByRole('checkbox', { name: 'Kalender in der Cloud' }).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Kalender in der Cloud' }).isChecked()).toBe(true);
    await card.getByLabel('Abgleichen mit dem Kalender von').selectOption({ label: 'Familie' });
    await card.getByRole('button', { name: 'Verbinden' }).click();
    await card.getByTestId('calendar-account').getByText('Zuletzt abgeglichen am', { exact: false }).waitFor();
    expect(await card.getByText(RADICALE_PASSWORD).count()).toBe(0);

    // The account's appointment is in the household's calendar now.
    const zahnarzt = await eventually(async () => {
      const e = (await eventsThatDay()).find((x) => x.title === 'Zahnarzt');
      expect(e).toBeDefined();
      return e!;
    });

    // Changed on both sides before the next sync: both versions are kept, and the card says so.
    const there = await r.request('PUT', `${CAL}zahnarzt.ics`, vevent('zahnarzt', 'Zahnarzt dort verschoben', '20270303T093000Z'), {
      'content-type': 'text/calendar',
    });
    expect(there.status).toBe(201);
    const patched = await fetch(new URL(`/api/calendar/${zahnarzt.id}`, app.url), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Zahnarzt hier geändert' }),
    });
    expect(patched.status).toBe(200);
    await card.getByRole('button', { name: 'Jetzt abgleichen: Kalender in der Cloud' }).click();
    const conflicts = card.getByTestId('account-conflicts');
    await conflicts.waitFor();
    expect(await conflicts.textContent()).toContain('„Konflikt: Zahnarzt dort verschoben“');
    const titles = (await eventsThatDay()).map((e) => e.title);
    expect(titles).toEqual(expect.arrayContaining(['Zahnarzt hier geändert', 'Konflikt: Zahnarzt dort verschoben']));
    expect(await seriousViolations(page)).toEqual([]);

    // Removing asks first; "keep" leaves the copied events in the household's calendar.
    await card.getByRole('button', { name: 'Verbindung löschen: Kalender in der Cloud' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Verbindung zu „Kalender in der Cloud“ löschen?' });
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.getByTestId('calendar-account').count()).toBe(1);
    await card.getByRole('button', { name: 'Verbindung löschen: Kalender in der Cloud' }).click();
    await dialog.getByRole('button', { name: 'Übernommene Termine behalten' }).click();
    await card.getByText('Noch kein Kalender verbunden', { exact: false }).waitFor();
    expect((await eventsThatDay()).map((e) => e.title)).toContain('Zahnarzt hier geändert');

    // Connected again and removed with its events: they leave the household's calendar, not the account.
    await card.getByLabel('Benutzername').fill(RADICALE_USER);
    await card.getByLabel('Adresse des Kalender-Servers').fill(`${r.url}/`);
    await card.getByLabel('Passwort').fill(RADICALE_PASSWORD);
    await card.getByRole('button', { name: 'Kalender suchen' }).click();
    await card.getByLabel('Abgleichen mit dem Kalender von').selectOption({ label: 'Familie' });
    await card.getByRole('button', { name: 'Verbinden' }).click();
    await card.getByTestId('calendar-account').waitFor();
    await card.getByRole('button', { name: 'Verbindung löschen: Kalender in der Cloud' }).click();
    await dialog.getByRole('button', { name: 'Übernommene Termine entfernen' }).click();
    await card.getByText('Noch kein Kalender verbunden', { exact: false }).waitFor();
    await eventually(async () => {
      expect((await eventsThatDay()).map((e) => e.title).filter((t) => t.startsWith('Zahnarzt'))).toEqual([]);
    });
    const remote = await r.request(
      'REPORT',
      CAL,
      '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>',
      { depth: '1', 'content-type': 'application/xml' },
    );
    expect(remote.text).toContain('SUMMARY:Zahnarzt hier geändert');
    expect(errors).toEqual([]);
  }, 180_000);

  it('speaks English to an English member, the same screen', async () => {
    const { page } = await openScreen(browser, app, 'calendar', 'clean', undefined, 'en');
    const card = page.getByTestId('card-calendar-accounts');
    await card.getByText('No calendar connected yet', { exact: false }).waitFor();
    await card.getByLabel('Calendar server address').waitFor();
    expect(await card.getByText('Kalender', { exact: false }).count()).toBe(0);
  });
});
