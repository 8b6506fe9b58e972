import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { callTool, eventually, homeState, openScreen, seriousViolations, settled } from './support/ui';

// Lists that stay clean: Milch typed twice is one line, long lists have a search, the field
// is ready for the next item, other units join the same line, fractions read as a kitchen
// writes them, and a full Kanban board scrolls inside itself on a phone.

let app: ServedApp;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const GROCERIES = ['Brot', 'Äpfel', 'Käse', 'Butter', 'Kaffee', 'Nudeln'];
const TASKS = ['Fahrrad reparieren', 'Keller aufräumen', 'Steuer machen', 'Oma anrufen', 'Geschenk kaufen', 'Fenster putzen'];

beforeAll(async () => {
  app = await startServedApp({ JARVIS_TIMEZONE: 'Europe/Berlin', KANBAN_AI_INTERVAL: '0' });
  browser = await launchBrowser();
  for (const name of GROCERIES) await callTool(app, 'groceries_add', { name });
  for (const title of TASKS) await callTool(app, 'tasks_create', { title });
  for (let i = 1; i <= 40; i++)
    await callTool(app, 'kanban_create', { title: `Kiste Nummer ${i} in den Keller tragen`, column: 'BACKLOG' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.closest('label, .field')?.textContent ?? '');

describe('lists that stay clean', () => {
  it('Milch added twice is one merged line, the field keeps the focus, and the search narrows the list', async () => {
    const { page, errors } = await openScreen(browser, app, 'food', 'clean');
    await settled(page);
    const card = page.getByTestId('card-groceries');
    const field = card.getByLabel('Artikel (z. B. 2 Liter Milch)');
    await field.fill('Milch');
    await field.press('Enter');
    await eventually(async () => expect((await homeState(app)).groceries.filter((g) => g.name === 'Milch')).toHaveLength(1));
    await eventually(async () => expect(await focusedLabel(page)).toContain('Artikel'));
    await field.fill('2 milch');
    await card.getByRole('button', { name: 'Hinzufügen' }).click();
    await eventually(async () =>
      expect((await homeState(app)).groceries.filter((g) => /milch/i.test(g.name)).map((g) => [g.name, g.quantity])).toEqual([
        ['Milch', 2],
      ]),
    );
    await eventually(async () => expect(await focusedLabel(page)).toContain('Artikel'));
    await eventually(async () =>
      expect(await card.getByTestId('grocery-merged').textContent()).toBe('„Milch“ stand schon auf der Liste – zusammengeführt.'),
    );
    await eventually(async () => expect(await card.locator('li', { hasText: 'Milch' }).count()).toBe(1));

    const search = card.getByLabel('Auf der Einkaufsliste suchen');
    await search.fill('KÄS');
    await eventually(async () => expect(await card.locator('li').allTextContents()).toEqual([expect.stringContaining('Käse')]));
    await search.fill('Zimt');
    expect(await card.getByText('Nichts gefunden für „Zimt“.').isVisible()).toBe(true);
    await search.press('Escape');
    await eventually(async () => expect(await card.locator('li').count()).toBe(GROCERIES.length + 1));
    await page.screenshot({ path: screenshotPath('lists-groceries'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  // What the family sees after typing the same items in each language: the names are theirs,
  // the units and the hint are the screen's.
  const WORDS = {
    de: {
      field: 'Artikel (z. B. 2 Liter Milch)',
      add: 'Hinzufügen',
      milchHint: 'Milch steht schon auf der Liste – wird zusammengezählt. Dann: 1 l + 2 Packungen',
      mehlHint: 'Mehl steht schon auf der Liste – wird zusammengezählt. Dann: 1,5 kg',
      milch: '1 l + 2 Packungen',
      mehl: '1,5 kg',
      zimt: '½ TL',
    },
    en: {
      field: 'Item (e.g. 2 litres milk)',
      add: 'Add',
      milchHint: 'Milch is already on the list – the amounts are added together. Then: 1 l + 2 packs',
      mehlHint: 'Mehl is already on the list – the amounts are added together. Then: 1.5 kg',
      milch: '1 l + 2 packs',
      mehl: '1.5 kg',
      zimt: '½ tsp',
    },
  } as const;
  const SIZES = { desktop: DESKTOP, phone: PHONE } as const;

  for (const language of ['de', 'en'] as const)
    for (const size of ['desktop', 'phone'] as const)
      it(`${language}, ${size}: Milch in litres and packs is one line, 500 g and 1 kg Mehl are 1,5 kg, 1/2 TL Zimt reads ½`, async () => {
        const words = WORDS[language];
        // Each run starts from a list without these three items.
        for (const g of (await homeState(app)).groceries)
          if (['Milch', 'Mehl', 'Zimt'].includes(g.name)) await callTool(app, 'groceries_remove', { id: g.id });
        const { page, errors } = await openScreen(browser, app, 'food', 'clean', SIZES[size], language);
        await settled(page);
        const card = page.getByTestId('card-groceries');
        const field = card.getByLabel(words.field);
        // The hint under the field; an amount's number and unit are held together by a no-break space.
        const hint = async () =>
          (await card.getByTestId('grocery-create-form').locator('.field-hint').textContent())?.replace(/\u00a0/g, ' ');
        const row = (name: string) => card.locator('ul.groceries > li').filter({ has: page.getByText(name, { exact: true }) });
        const amountsOf = (name: string) => row(name).getByTestId('grocery-amounts').textContent();
        const add = async (typed: string) => {
          await field.fill(typed);
          await card.getByRole('button', { name: words.add }).click();
          await eventually(async () => expect(await field.inputValue()).toBe(''));
        };

        await add('Milch 1 l');
        await eventually(async () => expect(await amountsOf('Milch')).toBe('1 l'));
        await field.fill('Milch 2 Packungen');
        // Before it is added, the field says which line it joins and what that line then holds.
        await eventually(async () => expect(await hint()).toBe(words.milchHint));
        await card.getByRole('button', { name: words.add }).click();
        await eventually(async () => expect(await field.inputValue()).toBe(''));

        await add('500 g Mehl');
        await eventually(async () => expect(await amountsOf('Mehl')).toBe('500 g'));
        await field.fill('1 kg Mehl');
        await eventually(async () => expect(await hint()).toBe(words.mehlHint));
        await card.getByRole('button', { name: words.add }).click();
        await eventually(async () => expect(await field.inputValue()).toBe(''));

        await add('1/2 TL Zimt');

        // The master holds one line per item, with every amount it was given.
        await eventually(async () => {
          const lines = (await homeState(app)).groceries.filter((g) => ['Milch', 'Mehl', 'Zimt'].includes(g.name));
          expect(lines.map((g) => [g.name, g.amounts]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
            ['Mehl', [{ quantity: 1.5, unit: 'kg' }]],
            [
              'Milch',
              [
                { quantity: 1, unit: 'l' },
                { quantity: 2, unit: 'Packung' },
              ],
            ],
            ['Zimt', [{ quantity: 0.5, unit: 'TL' }]],
          ]);
        });
        // And the list shows each once, as a kitchen writes it.
        await eventually(async () => {
          expect(await row('Milch').count()).toBe(1);
          expect(await row('Mehl').count()).toBe(1);
          expect(await row('Zimt').count()).toBe(1);
          expect([await amountsOf('Milch'), await amountsOf('Mehl'), await amountsOf('Zimt')]).toEqual([
            words.milch,
            words.mehl,
            words.zimt,
          ]);
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: screenshotPath(`lists-merge-${language}-${size}`) });
        // The hint while an item is typed, as the family sees it before adding.
        await field.fill('Milch 1 l');
        await eventually(async () => expect(await hint()).toContain(language === 'de' ? 'steht schon' : 'already on the list'));
        await card.getByTestId('grocery-create-form').screenshot({ path: screenshotPath(`lists-merge-hint-${language}-${size}`) });
        await field.fill('');
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      }, 120_000);

  it('the task list has a search and the title field is ready for the next task after adding', async () => {
    const { page, errors } = await openScreen(browser, app, 'tasks', 'clean', { width: 1280, height: 800 }, 'en');
    await settled(page);
    const card = page.getByTestId('card-tasks');
    const title = card.getByLabel('New task');
    await title.fill('Blumen gießen');
    await card.getByRole('button', { name: 'Add' }).click();
    await eventually(async () => expect((await homeState(app)).tasks.some((x) => x.title === 'Blumen gießen')).toBe(true));
    await eventually(async () => expect(await focusedLabel(page)).toContain('New task'));
    await card.getByLabel('Search tasks').fill('keller');
    await eventually(async () => expect(await card.locator('.task-title').allTextContents()).toEqual(['Keller aufräumen']));
    await card.getByLabel('Search tasks').fill('');
    await eventually(async () => expect(await card.locator('.task-title').count()).toBe(TASKS.length + 1));
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('on a phone (390 × 844) the Kanban board scrolls inside itself: no sideways page, no endless column', async () => {
    const { page, errors } = await openScreen(browser, app, 'kanban', 'clean', PHONE);
    await settled(page);
    await page.getByText('Kiste Nummer 40 in den Keller tragen').waitFor();
    const layout = await page.evaluate(() => {
      const board = document.querySelector<HTMLElement>('.board')!;
      const column = document.querySelector<HTMLElement>('[data-testid="kcol-BACKLOG"] .kcards')!;
      return {
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        boardScrolls: board.scrollWidth > board.clientWidth,
        boardWidth: board.getBoundingClientRect().width,
        columnScrolls: column.scrollHeight > column.clientHeight,
        pageHeight: document.documentElement.scrollHeight,
      };
    });
    await page.screenshot({ path: screenshotPath('lists-kanban-phone'), fullPage: true });
    expect(layout.pageOverflow).toBeLessThanOrEqual(0);
    expect(layout.boardWidth).toBeLessThanOrEqual(PHONE.width);
    expect(layout.boardScrolls).toBe(true);
    expect(layout.columnScrolls).toBe(true);
    expect(layout.pageHeight).toBeLessThan(4 * PHONE.height);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
