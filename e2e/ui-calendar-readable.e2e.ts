// A calendar a family reads at a glance: the month shows each event's time and title at
// 1280 (assistant panel beside it), 1440 and on a phone, in German and English; the week's
// day names never run into each other; axe finds nothing serious, including a button whose
// name does not start with its visible text.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, homeState, seriousViolations, settled } from './support/ui';
import AxeBuilder from '@axe-core/playwright';

let app: ServedApp;
let browser: Browser;

/** Today's events: four of them, so the month cell shows three and "+1". */
const TODAY = [
  ['Zahnarzt', '09:30'],
  ['Fußball', '16:00'],
  ['Elternabend', '17:00'],
  ['Oma kommt', '19:00'],
] as const;

beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
  const res = await fetch(`${app.url}/api/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mia' }),
  });
  expect(res.status).toBe(201);
  for (const [title, time] of TODAY) {
    const r = await callTool(app, 'calendar_create', {
      title,
      when: { kind: 'relative', offset_days: 0, time },
      ...(title === 'Elternabend' ? { assignees: ['me', 'Mia'] } : {}),
    });
    expect(r.success, r.message).toBe(true);
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

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

/** The title and time a month cell shows of an event, and whether any of the title is cut off. */
async function shown(page: Page, title: string) {
  const button = page.getByTestId('month-view').locator('.cal-event', { hasText: title }).first();
  await button.waitFor();
  return button.evaluate((el) => {
    const t = el.querySelector('.cal-event-title') as HTMLElement;
    const time = el.querySelector('.cal-event-time') as HTMLElement | null;
    return {
      title: t.innerText.replace(/\s+/g, ''),
      time: time?.innerText ?? '',
      clipped: t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1,
      width: t.getBoundingClientRect().width,
    };
  });
}

/** axe's serious findings plus the check that a visible label is part of the name (WCAG 2.5.3). */
async function axeFindings(page: Page): Promise<string[]> {
  const mismatch = await new AxeBuilder({ page: page as never }).withRules(['label-content-name-mismatch']).analyze();
  return [
    ...(await seriousViolations(page)),
    ...mismatch.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ];
}

describe('the month view at a glance', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ])
    for (const language of ['de', 'en'] as const)
      it(`${viewport.width} wide, ${language}: every event shows its time and its whole title; a fourth shows as +1`, async () => {
        const page = await openCalendar('month', language, viewport);
        // At 1280 the assistant panel stands beside the calendar.
        if (viewport.width === 1280) expect(await page.locator('.assistant').isVisible()).toBe(true);
        const today = page.getByTestId('month-view').locator('[aria-current="date"]');
        const visible = await page.getByTestId('month-view').locator('.cal-event').allInnerTexts();
        for (const [title, time] of TODAY.slice(0, 3)) {
          const s = await shown(page, title);
          expect(s, title).toMatchObject({ title: title.replace(/\s+/g, ''), time, clipped: false });
        }
        expect(visible.join(' ')).not.toContain('Oma kommt');
        expect(await today.locator('.month-more').innerText()).toBe('+1');
        // The two-person event is striped in both colours.
        const stripe = await page
          .getByTestId('month-view')
          .locator('.cal-event', { hasText: 'Elternabend' })
          .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--stripe'));
        expect(stripe.match(/#[0-9a-f]{6}/g)?.length).toBe(2);
        await page.screenshot({ path: screenshotPath(`calendar-month-${viewport.width}-${language}`) });
        expect(await axeFindings(page)).toEqual([]);
        await page.close();
      });

  for (const language of ['de', 'en'] as const)
    it(`phone, ${language}: coloured marks in the grid, the tapped day's events with time and title below`, async () => {
      const page = await openCalendar('month', language, { width: 390, height: 844 });
      const month = page.getByTestId('month-view');
      const todayCell = month.locator('[aria-current="date"]');
      expect(await todayCell.locator('.month-dot').count()).toBe(4);
      expect(await month.locator('.month-week').first().innerText()).not.toMatch(/Zahn|Fuß|Elt/);
      const list = page.getByTestId('month-day-list');
      for (const [title, time] of TODAY) await list.getByRole('button', { name: new RegExp(`${time}.*${title}`) }).waitFor();
      // Tapping an empty day shows that it is free.
      const state = await homeState(app);
      const today = state.now.slice(0, 10);
      const other = month.locator(`button[data-date]:not(.is-outside):not([data-date="${today}"])`).first();
      await other.click();
      expect(await other.getAttribute('aria-pressed')).toBe('true');
      await list.getByText(language === 'de' ? 'Keine Termine an diesem Tag.' : 'No events on this day.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await todayCell.click();
      await page.screenshot({ path: screenshotPath(`calendar-month-390-${language}`), fullPage: true });
      expect(await axeFindings(page)).toEqual([]);
      await page.close();
    });
});

describe('the week and the day', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ])
    for (const language of ['de', 'en'] as const)
      it(`${viewport.width} wide, ${language}: no day's name runs into the next column`, async () => {
        const page = await openCalendar('week', language, viewport);
        const overlaps = await page.getByTestId('week-view').evaluate((grid) =>
          (Array.from(grid.querySelectorAll('.week-day')) as HTMLElement[]).flatMap((day) =>
            (Array.from(day.querySelectorAll('.day-head .day-name')) as HTMLElement[])
              .filter((n) => n.offsetParent !== null)
              .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > day.getBoundingClientRect().right + 1)
              .map((n) => n.innerText),
          ),
        );
        expect(overlaps).toEqual([]);
        await page.screenshot({ path: screenshotPath(`calendar-week-${viewport.width}-${language}`) });
        await page.close();
      });

  it('the day view reads from across the room: titles in large type', async () => {
    const page = await openCalendar('day', 'de', { width: 1280, height: 800 });
    const size = await page
      .getByTestId('day-view')
      .locator('.day-big-title', { hasText: 'Zahnarzt' })
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: screenshotPath('calendar-day-1280-de') });
    expect(await axeFindings(page)).toEqual([]);
    await page.close();
  });
});
