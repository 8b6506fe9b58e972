import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSpeechWav, findElectronBinary } from './support/electron';
import { screenshotPath } from './support/browser';
import { repoRoot } from './support/served-app';

// The desktop app itself, driven through Playwright's Electron support. These tests need
// the Electron binary; where it is missing (a machine without network, CI without the
// download) they are reported as skipped with the reason in their name — never absent.

const electron = findElectronBinary();
const SKIP_REASON = electron.found ? '' : ` [SKIPPED: ${electron.reason}]`;
if (!electron.found) process.stdout.write(`electron.e2e: skipping the desktop app tests — ${electron.reason}\n`);

describe(`the desktop app (Electron)${SKIP_REASON}`, () => {
  let app: ElectronApplication;
  let page: Page;
  let profile: string;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!electron.found) return;
    profile = mkdtempSync(join(tmpdir(), 'jarvis-electron-'));
    const wav = join(profile, 'speech.wav');
    writeFileSync(wav, fakeSpeechWav());
    app = await _electron.launch({
      executablePath: electron.path,
      args: [
        join(repoRoot, 'dist', 'app', 'main.cjs'),
        `--user-data-dir=${join(profile, 'user-data')}`,
        // Chromium's fake microphone plays the WAV file; no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ],
      env: {
        ...process.env,
        OLLAMA_URL: 'http://127.0.0.1:9',
        JARVIS_SKILLS_DIR: join(profile, 'skills'),
        TASK_SCOUT_INTERVAL: '0',
        KANBAN_AI_INTERVAL: '0',
      } as Record<string, string>,
      timeout: 60_000,
    });
    page = await app.firstWindow();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await app?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it.skipIf(!electron.found)(`the page has no Node: typeof require is undefined, only window.jarvis${SKIP_REASON}`, async () => {
    const seen = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      bridge: Object.keys((globalThis as { jarvis?: object }).jarvis ?? {}).sort(),
      url: location.href,
    }));
    expect(seen).toMatchObject({ require: 'undefined', process: 'undefined', bridge: ['desktop', 'invoke', 'on'] });
    expect(seen.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it.skipIf(!electron.found)(`the loopback server refuses requests without the launch secret${SKIP_REASON}`, async () => {
    const res = await fetch(new URL('/api/health', page.url()));
    expect(res.status).toBe(403);
  });

  it.skipIf(!electron.found)(`opens each screen${SKIP_REASON}`, async () => {
    const nav = page.getByRole('navigation').first();
    const buttons = nav.getByRole('button');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await buttons.nth(i).click();
      await page.getByTestId('app-shell').waitFor();
      await page.screenshot({ path: screenshotPath(`electron-screen-${i}`) });
    }
    expect(errors).toEqual([]);
  });

  it.skipIf(!electron.found)(
    `push-to-talk sends start/stop to the page and the recording reaches /api/voice/command${SKIP_REASON}`,
    async () => {
      await page.evaluate(() => {
        const w = globalThis as unknown as { jarvis: { on(e: string, l: (p: unknown) => void): () => void }; __ptt: unknown[] };
        w.__ptt = [];
        w.jarvis.on('ptt:start', (p) => w.__ptt.push(['start', p]));
        w.jarvis.on('ptt:stop', (p) => w.__ptt.push(['stop', p]));
      });
      const voiceRequest = page.waitForRequest((r) => r.url().endsWith('/api/voice/command') && r.method() === 'POST', { timeout: 30_000 });
      // The same path as a second launch with --push-to-talk (what a desktop-bound key runs).
      await app.evaluate(({ app: a }) => a.emit('second-instance', {}, ['jarvis', '--push-to-talk'], '/'));
      await page.waitForTimeout(1500);
      await app.evaluate(({ app: a }) => a.emit('second-instance', {}, ['jarvis', '--push-to-talk'], '/'));
      const events = await page.evaluate(() => (globalThis as unknown as { __ptt: unknown[] }).__ptt);
      expect(events).toEqual([
        ['start', { trigger: 'command-line' }],
        ['stop', { reason: 'second-press' }],
      ]);
      const request = await voiceRequest;
      expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);
    },
  );

  it.skipIf(!electron.found)(`closing the window hides it to the tray; the app keeps running${SKIP_REASON}`, async () => {
    const visible = await app.evaluate(({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().startsWith('http://127.0.0.1'));
      win?.close();
      return win?.isVisible();
    });
    expect(visible).toBe(false);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBeGreaterThan(0);
  });
});
