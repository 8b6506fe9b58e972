import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';

// An admin on the desktop opens Settings: sets everyone's quiet hours, sees what voice needs,
// and restores a backup after confirming; JARVIS restarts by itself and the page comes back.

let app: ServedApp;
let browser: Browser;
let backupDir: string;

beforeAll(async () => {
  backupDir = mkdtempSync(join(tmpdir(), 'jarvis-e2e-backups-'));
  app = await startServedApp({ JARVIS_BACKUP_DIR: backupDir, JARVIS_LANGUAGE: 'en' });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(backupDir, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit) => fetch(new URL(path, app.url), init);

describe('Settings as admin', () => {
  it('sets quiet hours, sees the voice section and restores a backup after confirming', async () => {
    await api('/api/tools/tasks_create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ arguments: { title: 'Before the backup' } }),
    });
    expect(
      (await api('/api/settings/backups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
    ).toBe(200);
    await api('/api/tools/tasks_create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ arguments: { title: 'After the backup' } }),
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Settings' }).first().click();
    await page.getByTestId('screen-settings').waitFor();

    const quiet = page.getByTestId('settings-quiet');
    await quiet.getByTestId('quiet-from').fill('21:30');
    await quiet.getByTestId('quiet-to').fill('06:45');
    await quiet.getByRole('button', { name: 'Save' }).click();
    await quiet.getByText('Quiet hours for everyone: 21:30 to 06:45.').waitFor();
    const settings = (await (await api('/api/settings')).json()) as { settings: { name: string; value: string }[] };
    expect(settings.settings.find((s) => s.name === 'quiet_hours')?.value).toBe('21:30-06:45');

    const voice = page.getByTestId('settings-voice');
    await voice.getByText(/^Speech recognition: /).waitFor();
    expect(await voice.getByRole('button', { name: 'Set up voice' }).isVisible()).toBe(true);

    const backups = page.getByTestId('settings-backups');
    await backups.getByRole('button', { name: 'Restore' }).first().click();
    const dialog = page.getByTestId('restore-dialog');
    await dialog.getByText(/Everything in JARVIS is replaced/).waitFor();
    await page.screenshot({ path: screenshotPath('settings-restore-confirm') });
    await dialog.getByRole('button', { name: 'Yes, restore' }).click();
    await backups
      .getByTestId('restore-result')
      .getByText(/^Done: JARVIS is back at the state of/)
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: screenshotPath('settings-restore-done') });

    const tasks = (await (await api('/api/tasks?limit=100')).json()) as { data: { tasks: { title: string }[] } };
    const titles = tasks.data.tasks.map((t) => t.title);
    expect(titles).toContain('Before the backup');
    expect(titles).not.toContain('After the backup');
    await page.close();
  }, 120_000);
});
