import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, homeState, openScreen, settled } from './support/ui';

let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** A page on the calendar in `view` and `language`, as if left there last time. */
async function openCalendar(view: string, language: 'de' | 'en', viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  await page.addInitScript(
    ([v, l]) => {
      localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'calendar', mode: 'clean', language: l }));
      localStorage.setItem('jarvis.calendar', JSON.stringify({ view: v }));
    },
    [view, language] as const,
  );
  await page.goto(app.url);
  await page.getByTestId(`${view}-view`).waitFor();
  await settled(page);
  return page;
}

describe('the calendar in the browser', () => {
  it('creates an event in the dialog, shows it in month, week and agenda, deletes it and undoes the delete', async () => {
    const { page, errors } = await openScreen(browser, app, 'calendar', 'clean', DESKTOP);
    await page.getByRole('button', { name: '+ Neuer Termin', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Neuer Termin' });
    await editor.getByLabel('Titel').fill('Yoga im Park');
    await editor.getByLabel('Beginn Uhrzeit').fill('18:30');
    await editor.getByLabel('Notizen').fill('Matte mitnehmen');
    await editor.getByRole('button', { name: 'Hinzufügen' }).click();
    await editor.waitFor({ state: 'detached' });
    const created = await eventually(async () => {
      const e = (await homeState(app)).events.find((x) => x.title === 'Yoga im Park');
      expect(e).toBeDefined();
      return e!;
    });
    expect(created.start).toMatch(/T18:30:00[+-]\d\d:\d\d$/);
    expect(created.end).toMatch(/T19:30:00[+-]\d\d:\d\d$/);
    expect(created.notes).toBe('Matte mitnehmen');
    const day = created.start.slice(0, 10);

    const inMonth = page.getByTestId('month-view').getByRole('button', { name: /Yoga im Park/ });
    await inMonth.waitFor();
    expect(await inMonth.getAttribute('data-start')).toBe(day);

    await page.getByRole('button', { name: 'Woche', exact: true }).click();
    await page
      .getByTestId('week-view')
      .locator(`[data-date="${day}"]`)
      .getByRole('button', { name: /Yoga im Park/ })
      .waitFor();

    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const agenda = page.getByTestId('agenda-view');
    await agenda.locator(`[data-date="${day}"]`).getByText('Yoga im Park').waitFor();

    await agenda.getByRole('button', { name: 'Löschen: Yoga im Park' }).click();
    await eventually(async () => expect((await homeState(app)).events.some((x) => x.title === 'Yoga im Park')).toBe(false));
    await page.getByRole('button', { name: 'Rückgängig' }).click();
    const back = await eventually(async () => {
      const e = (await homeState(app)).events.find((x) => x.title === 'Yoga im Park');
      expect(e).toBeDefined();
      return e!;
    });
    expect([back.start, back.end, back.notes]).toEqual([created.start, created.end, created.notes]);
    await agenda.getByText('Yoga im Park').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('at 390 px the editor is a sheet that fits without horizontal overflow', async () => {
    const page = await openCalendar('month', 'de', PHONE);
    expect(await overflows(page)).toBe(false);
    await page.getByRole('button', { name: '+ Neuer Termin', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Neuer Termin' });
    await editor.getByLabel('Wiederholen').selectOption('weekly');
    expect(await overflows(page)).toBe(false);
    const box = (await editor.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // A sheet: it sits on the bottom edge.
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('month, week, agenda and the editor in both languages, on desktop and phone (screenshots)', async () => {
    await callTool(app, 'calendar_create', {
      title: 'Zahnarzt',
      when: { kind: 'relative', offset_days: 0, time: '15:30' },
      location: 'Praxis Weber',
    });
    await callTool(app, 'calendar_create', {
      title: 'Elternabend',
      when: { kind: 'relative', offset_days: 2, time: '19:00' },
      duration_minutes: 90,
    });
    await callTool(app, 'calendar_create', {
      title: 'Wochenende an der See',
      when: { kind: 'relative', offset_days: 3, time: '16:00' },
      duration_minutes: 2 * 24 * 60,
    });
    await callTool(app, 'calendar_create', { title: 'Oma Geburtstag', when: { kind: 'relative', offset_days: 1 } });
    for (const language of ['de', 'en'] as const) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        for (const view of ['month', 'week', 'agenda'] as const) {
          const page = await openCalendar(view, language, viewport);
          await page.getByText('Zahnarzt').first().waitFor();
          await page.screenshot({ path: screenshotPath(`calendar-${view}-${size}-${language}`), fullPage: true });
          expect(await overflows(page), `${view} ${size} ${language}`).toBe(false);
          if (view === 'month') {
            await page.getByRole('button', { name: language === 'de' ? '+ Neuer Termin' : '+ New event', exact: true }).click();
            await page.getByRole('dialog').waitFor();
            await page.getByLabel(language === 'de' ? 'Wiederholen' : 'Repeat').selectOption('weekly');
            await page.screenshot({ path: screenshotPath(`calendar-editor-${size}-${language}`) });
            expect(await overflows(page), `editor ${size} ${language}`).toBe(false);
          }
          await page.close();
        }
      }
    }
  }, 240_000);
});
