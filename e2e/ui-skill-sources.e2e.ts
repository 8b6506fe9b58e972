import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hermesRepo } from '../src-main/testing/skill-source-repos';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { openScreen } from './support/ui';

let app: ServedApp;
let browser: Browser;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'jarvis-e2e-sources-'));
  // A local repository shaped like NousResearch/hermes-agent: no network.
  const hermes = hermesRepo(join(root, 'hermes-agent'));
  const sourcesFile = join(root, 'skill-sources.json');
  writeFileSync(sourcesFile, JSON.stringify([{ source: 'hermes', filter: { category: ['research'] } }]));
  app = await startServedApp({
    OLLAMA_URL: 'http://127.0.0.1:9',
    JARVIS_SKILLS_USER_DIR: join(root, 'user-skills'),
    JARVIS_SKILL_CACHE_DIR: join(root, 'cache'),
    JARVIS_SKILL_OVERLAY_DIR: join(root, 'overlays'),
    JARVIS_SKILL_SOURCES_FILE: sourcesFile,
    JARVIS_SKILL_HERMES_URL: `file://${hermes}`,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('skill sources in the skills card', () => {
  it('"Jetzt abgleichen" fetches the source; its new skills wait for activation', async () => {
    const { page, errors } = await openScreen(browser, app, 'system', 'clean');
    const sources = page.getByTestId('skill-sources');
    await sources.getByText('noch nie abgeglichen').waitFor();
    await sources.getByRole('button', { name: 'Jetzt abgleichen' }).click();
    await sources.getByText('zuletzt abgeglichen', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await sources.getByText(/2 neu, 0 aktualisiert/).count()).toBe(1);
    const skills = page.getByTestId('card-skills');
    const arxiv = skills.locator('li', { hasText: 'arxiv' });
    await arxiv.getByText('wartet auf Freigabe').waitFor({ timeout: 15_000 });
    await expect(arxiv.getByRole('button', { name: 'Aktivieren: arxiv' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('clean-skill-sources') });
    expect(errors).toEqual([]);
  });
});
