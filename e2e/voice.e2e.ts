// Voice through the real UI: Chromium records from a fake microphone fed with German speech
// (espeak-ng), the renderer's recorder sends it, and the served master runs ffmpeg, the real
// whisper-cli (built from the nodejs-whisper sources, tiny generated model), the assistant
// (scripted Ollama) and espeak-ng. The STT chips show each missing part.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOllama, type ScriptedOllama } from '../src-main/testing/scripted-ollama';
import { launchBrowser, screenshotPath } from './support/browser';
import { prepareVoiceFixture, type VoiceFixture } from './support/voice-fixture';
import { startServedApp, type ServedApp } from './support/served-app';

let voice: VoiceFixture;

beforeAll(() => {
  // Quiet first (the recorder learns the room), then speech, then silence that ends the turn.
  voice = prepareVoiceFixture('voice', {
    sentence: 'Jarvis, setze bitte Milch auf die Einkaufsliste.',
    quietBeforeMs: 700,
    quietAfterS: 3,
  });
}, 1_600_000);
afterAll(() => voice?.remove());

async function systemScreen(browser: Browser, app: ServedApp): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(app.url);
  await page.getByTestId('app-shell').waitFor();
  await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('button', { name: 'Wissen & System' }).click();
  await page.getByTestId('card-voice').waitFor();
  return page;
}

describe('voice status chips', { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('show BIN, MODEL, FFMPEG and LOCAL for what is actually missing', async () => {
    const tools = join(voice.dir, 'tools');
    mkdirSync(tools, { recursive: true });
    const cases: [string, Record<string, string>][] = [
      ['BIN', { JARVIS_TOOLS_DIR: tools }],
      ['MODEL', { JARVIS_TOOLS_DIR: tools, JARVIS_WHISPER_BIN: voice.whisperBin }],
      [
        'FFMPEG',
        {
          JARVIS_TOOLS_DIR: tools,
          JARVIS_WHISPER_BIN: voice.whisperBin,
          JARVIS_WHISPER_MODEL: voice.model,
          JARVIS_FFMPEG_BIN: join(voice.dir, 'no-ffmpeg'),
        },
      ],
      ['LOCAL', { JARVIS_TOOLS_DIR: tools, JARVIS_WHISPER_BIN: voice.whisperBin, JARVIS_WHISPER_MODEL: voice.model }],
    ];
    for (const [state, env] of cases) {
      const app = await startServedApp(env);
      try {
        const page = await systemScreen(browser, app);
        const current = page.locator('#sttStatus [aria-current="true"]');
        await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe(state);
        if (state !== 'LOCAL') expect(await page.getByTestId('card-voice').locator('.reasons').first().textContent()).toBeTruthy();
        if (state === 'BIN') await page.getByTestId('card-voice').screenshot({ path: screenshotPath('voice-status-bin') });
        await page.close();
      } finally {
        await app.stop();
      }
    }
  });
});

describe('a voice command through the real UI', { timeout: 180_000 }, () => {
  let browser: Browser;
  let app: ServedApp;
  let ollama: ScriptedOllama;
  beforeAll(async () => {
    ollama = await startScriptedOllama();
    app = await startServedApp({
      JARVIS_WHISPER_BIN: voice.whisperBin,
      JARVIS_WHISPER_MODEL: voice.model,
      JARVIS_TOOLS_DIR: join(voice.dir, 'tools'),
      OLLAMA_URL: ollama.url,
      JARVIS_LOCAL_INTENTS: 'false',
    });
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${voice.micFile}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await ollama?.close();
  });

  it('records from the microphone, stops at the end of speech, and the master runs the whole turn', async () => {
    ollama.reply({ content: 'Milch steht jetzt auf der Liste.' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(app.url);
    await page.getByTestId('app-shell').waitFor();
    const turn = page.waitForResponse((r) => r.url().endsWith('/api/voice/command'), { timeout: 90_000 });
    await page.getByRole('button', { name: 'Sprachbefehl starten' }).first().click();
    const res = await turn;
    const body = (await res.json()) as { transcript?: string; reply?: string; timings?: Record<string, number>; error?: { code: string } };
    if (body.error) {
      // The random model may hear no words; then the UI must say so.
      expect(body.error.code).toBe('NO_SPEECH');
      return;
    }
    expect(res.status()).toBe(200);
    expect(body.reply).toBe('Milch steht jetzt auf der Liste.');
    expect(body.timings!.capture_ms).toBeGreaterThan(1000);
    // The assistant got the transcript the master made from the recording.
    expect(JSON.stringify(ollama.chats().at(-1)!.messages)).toContain(body.transcript!);
    await page.getByText('Milch steht jetzt auf der Liste.').first().waitFor({ timeout: 10_000 });
    const status = await (await page.request.get(`${app.url}/api/voice/status`)).json();
    expect(status.last_turn).toEqual(body.timings);
    await page.screenshot({ path: screenshotPath('voice-turn') });
    await page.close();
  });
});
