// The family's day in Chromium against the served master, at the kitchen PC's size in German
// and a phone's in English: a due reminder chimes and shows with its three buttons, snoozing
// and undoing keep its person, and a weekly chore comes back after it is ticked off.
// The wall display (calendar-kiosk's work) joins the day-in-the-life test at WALL_DISPLAY_HOOK.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reminder, Task } from '../src-shared';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, homeState, openScreen } from './support/ui';

let app: ServedApp;
let browser: Browser;
let mia: string;

const KITCHEN = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  // A reminder pass twice a second: a reminder due now fires while the page is open.
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', HOME_AUTOMATION_INTERVAL: '500ms', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
  const res = await fetch(`${app.url}/api/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mia' }),
  });
  expect(res.status).toBe(201);
  mia = ((await res.json()) as { id: string }).id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The household's wall clock now ("YYYY-MM-DD", "HH:MM"), so a reminder created for it is due at once. */
function berlinNow(): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Counts the tones the page plays: WebAudio is replaced by a recorder before the app loads. */
async function recordChimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number; AudioContext: unknown };
    w.__tones = 0;
    const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    const node = () => ({
      connect: (n: unknown) => n,
      start: () => (w.__tones += 1),
      stop() {},
      frequency: { ...param },
      gain: { ...param },
      type: '',
    });
    w.AudioContext = class {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator = node;
      createGain = node;
      resume = async () => {};
    };
  });
}

async function reminder(id: string): Promise<Reminder | undefined> {
  return (await homeState(app)).reminders.find((r) => r.id === id);
}

describe('reminders that reach the right person', () => {
  it('kitchen PC, German: a due reminder chimes and shows with "In 10 Min.", "In 1 Std." and "Erledigt"; each keeps its person', async () => {
    const { page, errors } = await openScreen(browser, app, 'home', 'clean', KITCHEN, 'de');
    await recordChimes(page);
    await page.reload();
    await page.getByTestId('screen-home').waitFor();
    const now = berlinNow();
    const everyone = (
      await callTool(app, 'reminders_create', { text: 'Elternabend', when: { kind: 'absolute', ...now }, assignee: 'everyone' })
    ).data as Reminder;

    const notice = page.getByTestId('due-reminder').filter({ hasText: 'Elternabend' });
    await notice.waitFor({ timeout: 20_000 });
    await eventually(async () => expect(await page.evaluate(() => (window as unknown as { __tones: number }).__tones)).toBeGreaterThan(0));
    await page.screenshot({ path: screenshotPath('household-day-due-de-1280') });
    await notice.getByRole('button', { name: 'In 10 Min. noch einmal erinnern: Elternabend' }).click();
    await eventually(async () => expect((await reminder(everyone.id))?.fired_at).toBeNull());
    expect(await reminder(everyone.id)).toMatchObject({ id: everyone.id, text: 'Elternabend', assignee: null });

    // Mia's reminder, snoozed from Home's card (to 21:00, still today), stays Mia's; done and undone, too.
    const forMia = (
      await callTool(app, 'reminders_create', {
        text: 'Geige üben',
        when: { kind: 'relative', offset_days: 0, time: '20:00' },
        assignee: 'Mia',
      })
    ).data as Reminder;
    const card = page.getByTestId('card-reminders-today');
    await card.getByRole('button', { name: 'In 1 Std. noch einmal erinnern: Geige üben' }).click();
    await eventually(async () => expect((await reminder(forMia.id))?.at).not.toBe(forMia.at));
    expect(await reminder(forMia.id)).toMatchObject({ text: 'Geige üben', assignee: mia });
    await card.getByRole('button', { name: 'Erledigt: Geige üben' }).click();
    await eventually(async () => expect(await reminder(forMia.id)).toBeUndefined());
    await page.getByTestId('undo-toast').getByRole('button', { name: 'Rückgängig' }).click();
    await eventually(async () =>
      expect((await homeState(app)).reminders.filter((r) => r.text === 'Geige üben')).toMatchObject([{ assignee: mia }]),
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('phone, English: the due notice fits the screen and says it in English', async () => {
    const { page, errors } = await openScreen(browser, app, 'home', 'clean', PHONE, 'en');
    await callTool(app, 'reminders_create', {
      text: 'Take out the bins',
      when: { kind: 'absolute', ...berlinNow() },
      assignee: 'everyone',
    });
    const notice = page.getByTestId('due-reminder').filter({ hasText: 'Take out the bins' });
    await notice.waitFor({ timeout: 20_000 });
    for (const name of [
      'In 10 min, remind me again: Take out the bins',
      'In 1 hr, remind me again: Take out the bins',
      'Done: Take out the bins',
    ])
      await notice.getByRole('button', { name }).waitFor();
    expect(await notice.textContent()).not.toMatch(/Erledigt|Fällig|rem_/);
    const box = await notice.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width + 1);
    await page.screenshot({ path: screenshotPath('household-day-due-en-390') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

describe('chores', () => {
  it('phone, German: a weekly chore for Mia, ticked off, comes back for next week and stays in the history', async () => {
    const { page, errors } = await openScreen(browser, app, 'tasks', 'clean', PHONE, 'de');
    const form = page.getByTestId('task-create-form');
    await form.getByLabel('Neue Aufgabe').fill('Zimmer aufräumen');
    await form.getByLabel('Wiederholen').selectOption('weekly');
    await form.getByLabel('Für wen').selectOption({ label: 'Mia' });
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    const chore = async () => (await homeState(app)).tasks.filter((t) => t.title === 'Zimmer aufräumen');
    await eventually(async () => expect(await chore()).toHaveLength(1));
    const first = (await chore())[0]!;
    expect(first).toMatchObject({ assignee: mia, rrule: expect.stringMatching(/^FREQ=WEEKLY;BYDAY=[A-Z]{2}$/) });
    await page.getByTestId('task-repeat').first().waitFor();
    expect(await page.getByTestId('task-repeat').first().textContent()).not.toContain('FREQ');
    await page.screenshot({ path: screenshotPath('household-day-chore-de-390') });

    // A click, not check(): the ticked row leaves the open list and next week's takes its place.
    await page.getByRole('checkbox', { name: '„Zimmer aufräumen“ erledigt' }).click();
    await eventually(async () => expect(await chore()).toHaveLength(2));
    const [next, done] = [...(await chore())].sort((a: Task, b: Task) => (a.status === 'open' ? -1 : b.status === 'open' ? 1 : 0));
    expect(done).toMatchObject({ id: first.id, status: 'done' });
    expect(next).toMatchObject({ status: 'open', assignee: mia, series_id: first.id });
    expect(Date.parse(next!.due!) - Date.parse(first.due!)).toBe(7 * 24 * 3600_000);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  // WALL_DISPLAY_HOOK: the day-in-the-life test (day-in-the-life.e2e.ts) ends on the wall display,
  // with the family's chores, the weekly event and a chore ticked off on the wall.
});
