// Recurring events in the browser: a weekly series made in the editor, one occurrence moved
// with "only this"; a fortnightly series made in the chat; and an all-day event over several
// days made, moved, deleted and brought back by undo.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../src-shared';
import { startScriptedOllama, type ScriptedOllama } from '../src-main/testing/scripted-ollama';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, openScreen, settled } from './support/ui';

const ZONE = 'Europe/Berlin';
let app: ServedApp;
let browser: Browser;
let ollama: ScriptedOllama;

beforeAll(async () => {
  ollama = await startScriptedOllama({ fallback: { content: 'Erledigt.' } });
  app = await startServedApp({ OLLAMA_URL: ollama.url, JARVIS_TIMEZONE: ZONE, KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await ollama?.close();
});

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
/** 0 = Monday. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}
function todayInZone(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
/** Every day of `month` ("YYYY-MM") that falls on `weekday` (0 = Monday). */
function daysOfMonthOn(month: string, weekday: number): string[] {
  const out: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) if (weekdayOf(d) === weekday) out.push(d);
  return out;
}
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The days of `month` on which the month view shows an event titled `title`. */
async function shownDays(page: Page, title: string, month: string): Promise<string[]> {
  const buttons = page.getByTestId('month-view').getByRole('button', { name: new RegExp(title) });
  const days = await buttons.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.start ?? ''));
  return days.filter((d) => d.startsWith(month)).sort();
}

/** The one event titled `title` in this month and the next (the state holds only the days ahead). */
async function eventTitled(title: string): Promise<CalendarEvent | undefined> {
  return (await occurrences(title, `${todayInZone().slice(0, 7)}-01`, 62))[0];
}

async function occurrences(title: string, from: string, days: number): Promise<CalendarEvent[]> {
  const r = await callTool(app, 'calendar_list', { from: { kind: 'absolute', date: from }, days });
  return (r.data.events as CalendarEvent[]).filter((e) => e.title === title);
}

describe('recurring events in the browser', () => {
  it('"Turnen" weekly on Monday at 17:00 from the editor shows on every Monday; one moved to Tuesday with "only this", the others stay', async () => {
    const month = todayInZone().slice(0, 7);
    const mondays = daysOfMonthOn(month, 0);
    const { page, errors } = await openScreen(browser, app, 'calendar', 'clean');
    await page.getByTestId('month-view').waitFor();
    await settled(page);

    await page.getByRole('button', { name: '+ Neuer Termin' }).click();
    const editor = page.getByRole('dialog', { name: 'Neuer Termin' });
    await editor.getByLabel('Titel').fill('Turnen');
    await editor.getByLabel('Beginn', { exact: true }).fill(mondays[0]!);
    await editor.getByLabel('Beginn Uhrzeit').fill('17:00');
    await editor.getByLabel('Wiederholen').selectOption('weekly');
    expect(await editor.getByTestId('rule-words').textContent()).toBe('Wiederholt sich: Jeden Montag');
    await page.screenshot({ path: screenshotPath('recurring-editor-turnen') });
    await editor.getByRole('button', { name: 'Hinzufügen' }).click();
    await editor.waitFor({ state: 'detached' });

    await eventually(async () => expect(await shownDays(page, 'Turnen', month)).toEqual(mondays));
    const listed = await occurrences('Turnen', `${month}-01`, 31);
    expect(listed.map((e) => e.start.slice(0, 10)).filter((d) => d.startsWith(month))).toEqual(mondays);
    expect(listed.every((e) => e.start.slice(11, 16) === '17:00' && e.rrule === 'FREQ=WEEKLY;BYDAY=MO')).toBe(true);
    await page.screenshot({ path: screenshotPath('recurring-month-turnen'), fullPage: true });

    // The second Monday moves to the Tuesday after it, only this one.
    const monday = mondays[1]!;
    const tuesday = addDays(monday, 1);
    await page.getByTestId('month-view').locator(`[data-start="${monday}"]`).getByText('Turnen').click();
    const edit = page.getByRole('dialog', { name: 'Termin bearbeiten' });
    await edit.getByLabel('Beginn', { exact: true }).fill(tuesday);
    await edit.getByRole('button', { name: 'Speichern' }).click();
    const scope = page.getByTestId('scope-dialog');
    await scope.getByRole('button', { name: 'Nur diesen Termin' }).click();
    await edit.waitFor({ state: 'detached' });

    const expected = [...mondays.filter((d) => d !== monday), tuesday].sort();
    await eventually(async () => expect(await shownDays(page, 'Turnen', month)).toEqual(expected.filter((d) => d.startsWith(month))));
    const after = await occurrences('Turnen', `${month}-01`, 31);
    const moved = after.find((e) => e.start.startsWith(tuesday));
    expect(moved).toMatchObject({ overridden: true });
    expect(moved!.start.slice(11, 16)).toBe('17:00');
    expect(moved!.occurrence_start!.slice(0, 10)).toBe(monday);
    expect(after.filter((e) => !e.overridden).every((e) => weekdayOf(e.start.slice(0, 10)) === 0)).toBe(true);
    await page.screenshot({ path: screenshotPath('recurring-month-turnen-moved'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('"Restmüll jeden zweiten Dienstag um 7 Uhr" in the chat becomes a series shown every second Tuesday', async () => {
    const sentence = 'Restmüll jeden zweiten Dienstag um 7 Uhr';
    const rrule = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU';
    // No verb, so no local intent takes it: the model answers with the tool call.
    ollama.reply(
      {
        tool_calls: [
          {
            name: 'calendar_create',
            arguments: { title: 'Restmüll', when: { kind: 'weekday', weekday: 'tuesday', time: '07:00' }, rrule },
          },
        ],
      },
      { content: 'Restmüll steht jetzt alle zwei Wochen dienstags um 7 Uhr im Kalender.' },
    );
    const { page, errors } = await openScreen(browser, app, 'calendar', 'clean');
    await page.getByTestId('month-view').waitFor();
    await page.getByLabel('Nachricht an JARVIS').fill(sentence);
    await page.getByRole('button', { name: 'Senden' }).click();
    const series = await eventually(async () => {
      const e = await eventTitled('Restmüll');
      expect(e).toBeDefined();
      return e!;
    }, 30_000);
    expect(series.rrule).toBe(rrule);
    expect(ollama.chats().some((c) => c.messages.some((m) => m.role === 'user' && m.content.includes(sentence)))).toBe(true);
    await page.getByTestId('assistant').locator('.tool-chip', { hasText: 'Kalender: Termin angelegt' }).waitFor({ timeout: 20_000 });

    // Every second Tuesday from the first one, in this month and the next.
    const first = series.start.slice(0, 10);
    const beat = Array.from({ length: 6 }, (_, i) => addDays(first, 14 * i));
    expect(weekdayOf(first)).toBe(1);
    let month = todayInZone().slice(0, 7);
    for (let page_ = 0; page_ < 2; page_++) {
      const want = beat.filter((d) => d.startsWith(month));
      await eventually(async () => expect(await shownDays(page, 'Restmüll', month)).toEqual(want));
      await page.screenshot({ path: screenshotPath(`recurring-month-restmuell-${page_ + 1}`), fullPage: true });
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
      month = nextMonth(month);
    }
    const listed = await occurrences('Restmüll', first, 60);
    expect(listed.map((e) => e.start.slice(0, 10))).toEqual(beat.filter((d) => d < addDays(first, 60)));
    expect(listed.every((e) => e.start.slice(11, 16) === '07:00')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('an all-day event over several days is made and moved in the editor, and its delete is undone whole', async () => {
    const month = todayInZone().slice(0, 7);
    const first = `${month}-10`;
    const { page, errors } = await openScreen(browser, app, 'calendar', 'clean');
    await page.getByTestId('month-view').waitFor();
    await settled(page);
    await page.getByRole('button', { name: '+ Neuer Termin' }).click();
    const editor = page.getByRole('dialog', { name: 'Neuer Termin' });
    await editor.getByLabel('Titel').fill('Oma zu Besuch');
    await editor.getByLabel('Ganztägig').check();
    await editor.getByLabel('Beginn', { exact: true }).fill(first);
    await editor.getByLabel('Letzter Tag').fill(addDays(first, 2));
    await editor.getByRole('button', { name: 'Hinzufügen' }).click();
    await editor.waitFor({ state: 'detached' });
    const created = await eventually(async () => {
      const e = await eventTitled('Oma zu Besuch');
      expect(e).toBeDefined();
      return e!;
    });
    expect([created.all_day, created.start.slice(0, 10), created.end.slice(0, 10)]).toEqual([true, first, addDays(first, 3)]);

    // Moved by its first day: it keeps its three days.
    await page
      .getByTestId('month-view')
      .getByRole('button', { name: /Oma zu Besuch/ })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Termin bearbeiten' });
    await edit.getByLabel('Beginn', { exact: true }).fill(addDays(first, 7));
    expect(await edit.getByLabel('Letzter Tag').inputValue()).toBe(addDays(first, 9));
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await edit.waitFor({ state: 'detached' });
    const moved = await eventually(async () => {
      const e = await eventTitled('Oma zu Besuch');
      expect(e?.start.slice(0, 10)).toBe(addDays(first, 7));
      return e!;
    });
    expect(moved.end.slice(0, 10)).toBe(addDays(first, 10));
    await page.screenshot({ path: screenshotPath('multi-day-month-moved'), fullPage: true });

    await page
      .getByTestId('month-view')
      .getByRole('button', { name: /Oma zu Besuch/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Termin bearbeiten' }).getByRole('button', { name: 'Löschen' }).click();
    expect(await page.getByTestId('confirm-delete').count()).toBe(0);
    await eventually(async () => expect(await eventTitled('Oma zu Besuch')).toBeUndefined());
    await page.getByRole('button', { name: 'Rückgängig' }).click();
    const back = await eventually(async () => {
      const e = await eventTitled('Oma zu Besuch');
      expect(e).toBeDefined();
      return e!;
    });
    expect([back.start, back.end, back.all_day]).toEqual([moved.start, moved.end, true]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
