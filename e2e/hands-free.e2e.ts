// Hands-free mode through the real UI: Chromium's fake microphone plays German speech
// (espeak-ng) over and over, the renderer's continuous listener cuts it into segments and
// sends each with hands_free=true, and the served master runs ffmpeg, Silero, the real
// whisper-cli (tiny generated model) and the wake-word check on it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ScriptedOllama } from '../src-main/testing/scripted-ollama';
import { launchBrowser, screenshotPath } from './support/browser';
import { prepareVoiceFixture, type VoiceFixture } from './support/voice-fixture';
import { startServedApp, type ServedApp } from './support/served-app';

let voice: VoiceFixture;

beforeAll(() => {
  // A quiet room, the sentence, a pause; Chromium loops the file, so the sentence comes again.
  voice = prepareVoiceFixture('hands-free', {
    sentence: 'Jarvis, setze bitte Milch auf die Einkaufsliste.',
    quietBeforeMs: 1500,
    quietAfterS: 2.5,
  });
}, 1_600_000);
afterAll(() => voice?.remove());

const isCommand = (r: Request) => r.url().endsWith('/api/voice/command') && r.method() === 'POST';

/**
 * What the master recorded about each voice turn it started (its debug trace): whether the
 * turn came in as a hands-free segment. Chromium does not show multipart blob bodies to
 * Playwright, so the master's own record is the proof of what arrived.
 */
async function turnsAtMaster(page: Page, app: ServedApp): Promise<{ hands_free: boolean }[]> {
  const body = (await (await page.request.get(`${app.url}/api/debug/export`)).json()) as {
    trace: { component: string; stage: string; data?: { hands_free?: boolean } }[];
  };
  return body.trace.filter((e) => e.component === 'voice' && e.stage === 'start').map((e) => ({ hands_free: e.data?.hands_free === true }));
}

interface CommandAnswer {
  transcript?: string;
  reply?: string;
  ignored?: boolean;
  error?: { code: string };
}

async function openApp(browser: Browser, app: ServedApp): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(app.url);
  await page.getByTestId('app-shell').waitFor();
  return page;
}

describe('hands-free listening through the real UI', { timeout: 300_000 }, () => {
  let browser: Browser;
  let ollama: ScriptedOllama;
  const apps: ServedApp[] = [];
  const serve = async (env: Record<string, string>) => {
    const app = await startServedApp({
      JARVIS_WHISPER_BIN: voice.whisperBin,
      JARVIS_WHISPER_MODEL: voice.model,
      JARVIS_TOOLS_DIR: join(voice.dir, 'tools'),
      OLLAMA_URL: ollama.url,
      JARVIS_LOCAL_INTENTS: 'false',
      ...env,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    ollama = await startScriptedOllama();
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${voice.micFile}`,
      '--autoplay-policy=no-user-gesture-required',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    for (const app of apps) await app.stop();
    await ollama?.close();
  });

  it('offers no "Freihändig" switch while the master runs without hands-free mode', async () => {
    const app = await serve({});
    const page = await openApp(browser, app);
    await page.getByRole('button', { name: 'Sprachbefehl starten' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Freihändig' }).count()).toBe(0);
    await page.close();
  });

  it('listens continuously: every segment reaches the master with hands_free=true, segments without the wake word change nothing', async () => {
    const app = await serve({ JARVIS_HANDS_FREE: 'true', JARVIS_WAKE_WORD: 'jarvis' });
    const page = await openApp(browser, app);
    const toggle = page.getByRole('button', { name: 'Freihändig' });
    await toggle.click();
    const indicator = page.getByTestId('hands-free-indicator');
    await indicator.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: screenshotPath('hands-free-listening') });

    for (let segment = 0; segment < 2; segment++) {
      const response = await page.waitForResponse((r) => isCommand(r.request()), { timeout: 60_000 });
      const answer = (await response.json()) as CommandAnswer;
      // The random model hears nonsense, so no wake word: ignored. It may also hear nothing.
      if (answer.error) expect(answer.error.code).toBe('NO_SPEECH');
      else expect(answer).toMatchObject({ ignored: true, reply: '' });
    }
    const turns = await turnsAtMaster(page, app);
    expect(turns.length).toBeGreaterThanOrEqual(2);
    expect(turns.every((t) => t.hands_free)).toBe(true);
    // Still listening, no error shown, nothing in the chat, nothing asked of the assistant.
    expect(await indicator.isVisible()).toBe(true);
    expect(await page.getByTestId('voice-error').count()).toBe(0);
    expect(ollama.chats()).toHaveLength(0);

    await toggle.click();
    await indicator.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.close();
  });

  it('a command’s reply shows in the chat and is played; then listening goes on', async () => {
    // The tiny model hears a different nonsense word in each segment, so no wake word can be
    // chosen ahead: here the first answer is a scripted command reply, as the master gives
    // it once the wake word was heard. Later segments go to the real master again.
    const app = await serve({ JARVIS_HANDS_FREE: 'true', JARVIS_WAKE_WORD: 'jarvis' });
    const page = await openApp(browser, app);
    const replyWav = join(voice.dir, 'reply.wav');
    execFileSync('espeak-ng', ['-v', 'de', '-w', replyWav, 'Erledigt.']);
    let scripted = 0;
    await page.route('**/api/voice/command', async (route) => {
      if (scripted++ > 0) return route.continue();
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          transcript: 'Jarvis, setze bitte Milch auf die Einkaufsliste.',
          reply: 'Milch steht jetzt auf der Liste.',
          tool_calls: [],
          trace_id: 'voice_scripted',
          audio: { mime: 'audio/wav', base64: readFileSync(replyWav).toString('base64') },
          timings: { capture_ms: 3000, convert_ms: 10, transcribe_ms: 400, assistant_ms: 100, speak_ms: 50 },
        }),
      });
    });
    await page.getByRole('button', { name: 'Freihändig' }).click();
    await page.getByText('Milch steht jetzt auf der Liste.').first().waitFor({ timeout: 60_000 });
    await page.getByText('Jarvis, setze bitte Milch auf die Einkaufsliste.').first().waitFor();
    expect(await page.getByTestId('hands-free-indicator').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('hands-free-command') });
    // After the reply has played, the next segment reaches the real master.
    const next = await page.waitForResponse((r) => isCommand(r.request()), { timeout: 60_000 });
    expect(next.status()).toBeLessThan(500);
    expect((await turnsAtMaster(page, app)).every((t) => t.hands_free)).toBe(true);
    expect(await page.getByTestId('voice-error').count()).toBe(0);
    await page.close();
  });
});

describe('hands-free without a microphone permission', { timeout: 120_000 }, () => {
  it('shows the usual permission message and stays off', async () => {
    const app = await startServedApp({ JARVIS_HANDS_FREE: 'true' });
    // No fake-UI flag and no granted permission: headless Chromium denies the microphone.
    const browser = await launchBrowser(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
    try {
      const page = await openApp(browser, app);
      const toggle = page.getByRole('button', { name: 'Freihändig' });
      await toggle.click();
      const error = page.getByTestId('voice-error');
      await error.waitFor({ timeout: 15_000 });
      expect(await error.textContent()).toContain('Kein Mikrofonzugriff');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByTestId('hands-free-indicator').count()).toBe(0);
    } finally {
      await browser.close();
      await app.stop();
    }
  });
});
