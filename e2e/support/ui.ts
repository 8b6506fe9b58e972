import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { HomeState } from '../../src-shared';
import type { ServedApp } from './served-app';

export const SCREENS = ['home', 'calendar', 'tasks', 'kanban', 'food', 'zuhause', 'system'] as const;
export type Screen = (typeof SCREENS)[number];

/** A page that opens on `screen` in `mode`, as if the user had left it there last time. */
export async function openScreen(
  browser: Browser,
  app: ServedApp,
  screen: Screen,
  mode: 'clean' | 'hud',
  viewport = { width: 1440, height: 900 },
  language: 'de' | 'en' = 'de',
): Promise<{ page: Page; errors: string[] }> {
  // A context per page: axe needs one, and localStorage starts empty.
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(
    ([s, m, l]) => {
      if (!localStorage.getItem('jarvis.ui')) localStorage.setItem('jarvis.ui', JSON.stringify({ screen: s, mode: m, language: l }));
    },
    [screen, mode, language] as const,
  );
  await page.goto(app.url);
  await page.getByTestId(`screen-${screen}`).waitFor();
  return { page, errors };
}

/**
 * Waits until the page's event stream is open. A change the server makes before that is
 * only seen by the screens that reload on open, so a test that changes the server
 * behind an open screen waits for this first.
 */
export async function waitForLive(page: Page): Promise<void> {
  await page.locator('[data-testid="connection"] .dot-live').waitFor({ timeout: 30_000 });
}

export async function homeState(app: ServedApp): Promise<HomeState> {
  const res = await fetch(`${app.url}/api/state`);
  if (!res.ok) throw new Error(`/api/state answered ${res.status}`);
  return (await res.json()) as HomeState;
}

export async function callTool(
  app: ServedApp,
  name: string,
  args: Record<string, unknown>,
): Promise<{ success: boolean; data?: any; message: string }> {
  const res = await fetch(`${app.url}/api/tools/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ arguments: args }),
  });
  return (await res.json()) as { success: boolean; data?: any; message: string };
}

/** Polls until `check` passes (the UI and the server settle asynchronously). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** axe-core violations that matter (serious or critical), as short strings for a readable diff. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** Every axe-core violation (all impacts, all rules including best practices), as short strings. */
export async function allViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/**
 * Waits until no card says it is loading (an open event stream means the network never
 * idles). A busy machine answers late, so this waits for the loading to end, bounded only by
 * the test's own timeout; a card that never finishes fails the test here, by name.
 */
export async function settled(page: Page, timeoutMs = 90_000): Promise<void> {
  const loading = /Lädt…|Loading…|verbinde…|connecting…/;
  try {
    await page.waitForFunction((source) => !new RegExp(source).test(document.body.innerText), loading.source, { timeout: timeoutMs });
  } catch {
    const still = (await page.evaluate(() => document.body.innerText)).split('\n').filter((line) => loading.test(line));
    throw new Error(`still loading after ${timeoutMs} ms: ${still.join(' | ')}`);
  }
}

/** The texts of every alert on the page (an error boundary's message says what broke). */
export async function alertTexts(page: Page): Promise<string[]> {
  return page.getByRole('alert').allTextContents();
}
