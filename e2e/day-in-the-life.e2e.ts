// A day in the life of the family, in Chromium against the served master: a parent sets up a
// rotating chore at the kitchen PC (1280×800) and a weekly event; Mia, a child, ticks her chore
// on her paired phone (390×844) and cannot change the chart; a reminder for Mia reaches her
// phone through Web Push (a stand-in push service, RFC 8030/8291/8292) and her open app, one
// for everyone also the kitchen PC; snoozing and undoing keep Mia on it; the wall display
// shows the event, the chore still due and ticks it off. This is where the WALL_DISPLAY_HOOK of
// household-day.e2e.ts lands.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeState, Reminder } from '../src-shared';
import { startPushService, type PushServiceStandIn } from '../src-main/testing/push-service';
import { launchBrowser, screenshotPath } from './support/browser';
import { lanUrlOf, trustServerCertificate } from './support/lan';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, homeState, openScreen } from './support/ui';

const KITCHEN = { width: 1280, height: 800 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' } as const;

let app: ServedApp;
let browser: Browser;
let push: PushServiceStandIn;
let lanUrl: string;
const ids = {} as Record<'mia' | 'leon', string>;

async function addMember(name: string, role: string): Promise<string> {
  const res = await fetch(`${app.url}/api/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, role }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The household's wall clock now, so a reminder created for it is due at once. */
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

/**
 * Mia's phone, paired to her by code (the pairing page's own calls), opened on the Tasks
 * screen at the LAN address with the session cookie pairing gave it.
 */
async function miasPhone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const pairing = (await (await fetch(`${app.url}/api/pairing`, { method: 'POST' })).json()) as { code: string };
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    if (!localStorage.getItem('jarvis.ui'))
      localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'tasks', mode: 'clean', language: 'de' }));
  });
  await page.goto(`${lanUrl}/pair`);
  const confirmed = await page.evaluate(
    async ({ code, member }) => {
      const r = await fetch('/api/pairing/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, member, device_name: 'Mias Handy' }),
      });
      return r.status;
    },
    { code: pairing.code, member: ids.mia },
  );
  expect(confirmed).toBe(201);
  await page.goto(`${lanUrl}/`);
  await page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
  return { context, page, errors };
}

const chart = async () => (await homeState(app)).chores!;
const reminderOf = async (id: string): Promise<Reminder | undefined> => (await homeState(app)).reminders.find((r) => r.id === id);

beforeAll(async () => {
  push = await startPushService();
  // A reminder pass twice a second: a reminder due now fires while the pages are open.
  app = await startServedApp({
    JARVIS_TIMEZONE: 'Europe/Berlin',
    HOME_AUTOMATION_INTERVAL: '500ms',
    KANBAN_AI_INTERVAL: '0',
    JARVIS_LAN_ADDR: '127.0.0.2:0',
  });
  lanUrl = await lanUrlOf(app);
  browser = await launchBrowser(trustServerCertificate(app));
  ids.mia = await addMember('Mia', 'child');
  ids.leon = await addMember('Leon', 'child');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await push?.close();
});

describe('a day in the life', () => {
  it('a parent sets up chores and a weekly event; Mia ticks hers on the phone; reminders reach her; the wall shows it all', async () => {
    // 1. The parent at the kitchen PC: a rotating weekly chore by the form, a daily one by sentence, a weekly event.
    const kitchen = await openScreen(browser, app, 'tasks', 'clean', KITCHEN, 'de');
    const form = kitchen.page.getByTestId('chore-create-form');
    await form.getByLabel('Neue Hausarbeit').fill('Müll rausbringen');
    await form.getByRole('checkbox', { name: 'Mia' }).check();
    await form.getByRole('checkbox', { name: 'Leon' }).check();
    await form.getByLabel('Wie oft').selectOption('weekly');
    await form.getByLabel('Sterne').fill('5');
    await form.getByRole('button', { name: 'Anlegen' }).click();
    await eventually(async () => expect((await chart()).chores.map((c) => c.title)).toEqual(['Müll rausbringen']));
    expect((await chart()).chores[0]).toMatchObject({ members: [ids.mia, ids.leon], rotate: true, every: 'weekly', stars: 5 });
    const said = await fetch(`${app.url}/api/agent/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Zähne putzen: Leon, täglich, 1 Stern' }),
    });
    expect(((await said.json()) as { reply: string }).reply).toBe('Hausarbeit „Zähne putzen“ angelegt: Leon, täglich.');
    const event = await callTool(app, 'calendar_create', {
      title: 'Schwimmkurs',
      when: { kind: 'relative', offset_days: 0, time: '23:00' },
      rrule: 'FREQ=WEEKLY',
      assignees: ['Mia', 'Leon'],
    });
    expect(event.success, event.message).toBe(true);
    await kitchen.page.getByTestId('chore-chart').filter({ hasText: 'Mia' }).getByText('Müll rausbringen').waitFor();
    await kitchen.page.getByTestId('card-chores').screenshot({ path: screenshotPath('day-in-the-life-chores-de-1280') });

    // 2. Mia's phone: her chart, a tick without approval, and no way to change the chart.
    const phone = await miasPhone();
    const mine = phone.page.getByTestId('chore-chart').filter({ hasText: 'Mia' });
    await mine.getByRole('checkbox', { name: '„Müll rausbringen“ erledigt' }).click();
    await eventually(async () =>
      expect((await chart()).members.find((m) => m.member_id === ids.mia)).toMatchObject({
        stars_week: 5,
        week: [{ title: 'Müll rausbringen' }],
      }),
    );
    await mine.getByText('5 Sterne diese Woche').waitFor();
    expect(await phone.page.getByTestId('chore-create-form').count()).toBe(0);
    expect(await phone.page.getByRole('button', { name: /Haken zurücknehmen/ }).count()).toBe(0);
    const box = await mine.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport.width + 1);
    await phone.page.screenshot({ path: screenshotPath('day-in-the-life-chart-phone-de-390'), fullPage: true });

    // 3. A reminder for Mia reaches her phone by Web Push and her open app; one for everyone also the kitchen PC.
    const subscribed = await phone.page.evaluate(async (sub) => {
      const r = await fetch('/api/push/subscription', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sub),
      });
      return r.status;
    }, push.subscribe('mias-handy').json);
    expect(subscribed).toBe(201);
    const before = push.received.length;
    const forMia = (
      await callTool(app, 'reminders_create', { text: 'Geige üben', when: { kind: 'absolute', ...berlinNow() }, assignee: 'Mia' })
    ).data as Reminder;
    const pushed = await push.waitFor(before + 1);
    expect(pushed.slice(before).map((p) => p.message)).toMatchObject([
      { title: 'Erinnerung', body: expect.stringContaining('Geige üben') },
    ]);
    const notice = phone.page.getByTestId('due-reminder').filter({ hasText: 'Geige üben' });
    await notice.waitFor({ timeout: 20_000 });
    await phone.page.screenshot({ path: screenshotPath('day-in-the-life-reminder-phone-de-390') });
    const everyone = (
      await callTool(app, 'reminders_create', { text: 'Abendessen', when: { kind: 'absolute', ...berlinNow() }, assignee: 'everyone' })
    ).data as Reminder;
    await kitchen.page.getByTestId('due-reminder').filter({ hasText: 'Abendessen' }).waitFor({ timeout: 20_000 });
    await push.waitFor(before + 2);
    expect(everyone.assignee).toBeNull();

    // 4. Snoozed from her phone, Mia's reminder stays Mia's; done and undone, too.
    await notice.getByRole('button', { name: 'In 10 Min. noch einmal erinnern: Geige üben' }).click();
    await eventually(async () => expect((await reminderOf(forMia.id))?.fired_at).toBeNull());
    expect(await reminderOf(forMia.id)).toMatchObject({ text: 'Geige üben', assignee: ids.mia });
    const state: HomeState = await homeState(app);
    expect(state.reminders.find((r) => r.id === forMia.id)?.at).not.toBe(forMia.at);
    // Deleting a reminder waits for a parent when a child asks, so the parent ticks it off at the kitchen PC, and undoes it.
    const home = await openScreen(browser, app, 'home', 'clean', KITCHEN, 'de');
    const card = home.page.getByTestId('card-reminders-today');
    await card.getByRole('button', { name: 'Erledigt: Geige üben' }).click();
    await eventually(async () => expect(await reminderOf(forMia.id)).toBeUndefined());
    await home.page.getByTestId('undo-toast').getByRole('button', { name: 'Rückgängig' }).click();
    await eventually(async () =>
      expect((await homeState(app)).reminders.filter((r) => r.text === 'Geige üben')).toMatchObject([{ assignee: ids.mia }]),
    );
    await home.page.close();

    // 5. The wall display: the weekly event, Leon's chore still due (Mia's is done), ticked off on the wall.
    const wall = await browser.newPage({ viewport: KITCHEN });
    await wall.goto(`${app.url}/?wall`);
    await wall.getByTestId('wall-display').waitFor();
    await wall.getByTestId('wall-today').getByText('Schwimmkurs').waitFor();
    const due = wall.getByTestId('wall-due');
    await due.getByText('Zähne putzen').waitFor();
    expect(await due.textContent()).not.toContain('Müll rausbringen');
    await wall.screenshot({ path: screenshotPath('day-in-the-life-wall-de-1280') });
    await due.getByRole('button', { name: '„Zähne putzen“ erledigt (Leon)' }).click();
    await eventually(async () =>
      expect((await chart()).members.find((m) => m.member_id === ids.leon)).toMatchObject({
        stars_week: 1,
        today: [{ tick_id: expect.any(String) }],
      }),
    );
    await due.getByText('Nichts fällig.').waitFor();

    // 6. The parent takes Leon's tick back at the kitchen PC: the chore is due again on the wall.
    await kitchen.page.reload();
    await kitchen.page.getByRole('button', { name: 'Haken zurücknehmen: Zähne putzen' }).click();
    await due.getByText('Zähne putzen').waitFor();
    expect((await chart()).members.find((m) => m.member_id === ids.leon)?.stars_week).toBe(0);

    expect([...kitchen.errors, ...phone.errors]).toEqual([]);
    await wall.close();
    await phone.context.close();
    await kitchen.page.close();
  }, 180_000);
});
