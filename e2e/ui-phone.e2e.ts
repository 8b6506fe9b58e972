import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { SCREENS, allViolations, callTool, openScreen, settled } from './support/ui';

// Every screen on a phone (390 × 844) and on a desktop, in both designs and both languages:
// no sideways scrolling, no word broken letter by letter, the connection state in sight,
// zero axe violations of any impact. Screenshots land in e2e/screenshots/phone-*.png.

let app: ServedApp;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A household with long German words and something on every screen. */
async function seed(): Promise<void> {
  await callTool(app, 'calendar_create', {
    title: 'Zahnarzt',
    when: { kind: 'relative', offset_days: 0, time: '23:00' },
    location: 'Praxis Weber',
  });
  await callTool(app, 'calendar_create', {
    title: 'Elternsprechtag Grundschule',
    when: { kind: 'relative', offset_days: 1, time: '17:00' },
  });
  await callTool(app, 'tasks_create', {
    title: 'Steuererklärungsunterlagen zusammensuchen',
    priority: 'high',
    due: { kind: 'relative', offset_days: -1 },
  });
  await callTool(app, 'tasks_create', { title: 'Fahrrad reparieren' });
  await callTool(app, 'groceries_add', { name: 'Vollkornhaferflocken', quantity: 500, unit: 'g' });
  await callTool(app, 'groceries_add', { name: 'Milch', quantity: 1, unit: 'l' });
  const recipe = await callTool(app, 'recipes_create', {
    title: 'Spaghetti Bolognese',
    servings: 4,
    ingredients: [
      { name: 'Spaghetti', quantity: 500, unit: 'g' },
      { name: 'Hackfleisch', quantity: 400, unit: 'g' },
    ],
    steps: ['Sauce kochen', 'Nudeln kochen'],
  });
  if (recipe.success)
    await callTool(app, 'mealplan_create', { recipe_id: recipe.data.id, when: { kind: 'relative', offset_days: 0 }, meal: 'dinner' });
  await callTool(app, 'reminders_create', { text: 'Müll rausbringen', when: { kind: 'relative', offset_days: 0, time: '23:30' } });
  await callTool(app, 'kanban_create', { title: 'Kellerentrümpelungsaktion planen', column: 'BACKLOG' });
}

/** Text elements squeezed so narrow that their words break letter by letter. */
function layoutProblems(page: Page): Promise<{ overflow: number; squeezed: string[] }> {
  return page.evaluate(() => {
    const squeezed: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (own.length <= 3) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
      if (box.width < 40 && box.height > 4 * line)
        squeezed.push(
          `${el.tagName.toLowerCase()}.${el.className}: "${own.slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    // The bottom bar's names are read whole, never cut to "Calend…".
    for (const name of Array.from(document.querySelectorAll<HTMLElement>('.sidebar .nav-short'))) {
      if (name.scrollWidth > name.clientWidth) squeezed.push(`bottom bar: "${name.textContent}" is cut`);
    }
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, squeezed };
  });
}

beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
  await seed();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('phone and tablet', () => {
  for (const mode of ['clean', 'hud'] as const) {
    for (const language of ['de', 'en'] as const) {
      it(`${mode.toUpperCase()} ${language}: every screen fits 390 px, keeps the connection in sight and has no axe violations`, async () => {
        const problems: string[] = [];
        for (const screen of SCREENS) {
          const { page, errors } = await openScreen(browser, app, screen, mode, PHONE, language);
          await settled(page);
          await page.screenshot({ path: screenshotPath(`phone-${mode}-${language}-${screen}`), fullPage: true });
          const layout = await layoutProblems(page);
          if (layout.overflow > 0) problems.push(`${screen}: the page is ${layout.overflow} px wider than the phone`);
          for (const s of layout.squeezed) problems.push(`${screen}: letter by letter: ${s}`);
          if (!(await page.getByTestId('connection').isVisible())) problems.push(`${screen}: the connection state is hidden`);
          for (const v of await allViolations(page)) problems.push(`${screen} phone: ${v}`);
          await page.setViewportSize(DESKTOP);
          await settled(page);
          for (const v of await allViolations(page)) problems.push(`${screen} desktop: ${v}`);
          problems.push(...errors.map((e) => `${screen}: ${e}`));
          await page.close();
        }
        expect(problems).toEqual([]);
      }, 240_000);
    }
  }

  it('puts the shopping list first on the food screen of a phone', async () => {
    const { page } = await openScreen(browser, app, 'food', 'clean', PHONE);
    const shopping = (await page.getByTestId('card-groceries').boundingBox())!;
    const plan = (await page.getByTestId('card-mealplan').boundingBox())!;
    expect(shopping.y).toBeLessThan(plan.y);
    await page.close();
  });

  it('moves the focus into the assistant when it opens and back when it closes', async () => {
    const { page } = await openScreen(browser, app, 'home', 'clean', PHONE);
    const toggle = page.getByRole('button', { name: 'Assistent öffnen' });
    await toggle.click();
    await page
      .waitForFunction(() => document.activeElement?.closest('[data-testid="assistant"]') != null, undefined, { timeout: 3000 })
      .catch(async () => {
        throw new Error(`focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
      });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Nachricht an JARVIS');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.classList.contains('chat-toggle') === true);
    await page.close();
  });
});
