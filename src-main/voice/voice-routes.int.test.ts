// The voice routes on the real master: status with what is missing, coded errors, upload
// limits and speech output through espeak-ng (Piper is not installed here).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceStatus } from '../../src-shared';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { writeTinyWhisperModel } from '../testing/tiny-whisper-model';
import { parseWav } from './wav';

const dir = mkdtempSync(join(tmpdir(), 'jarvis-voice-routes-'));
const speechFile = join(dir, 'speech.wav');

async function upload(tm: TestMaster, path: string, audio: Buffer | undefined, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (audio) form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/webm' }), 'blob');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${tm.url}${path}`, { method: 'POST', body: form });
  return { status: res.status, json: (await res.json()) as any };
}

let bare: TestMaster;
beforeAll(async () => {
  execFileSync('espeak-ng', ['-v', 'de', '-w', speechFile, 'Wie wird das Wetter morgen?']);
  // Nothing installed: an empty tools folder and a PATH without whisper-cli.
  bare = await startTestMaster({ JARVIS_TOOLS_DIR: join(dir, 'empty-tools'), JARVIS_VOICE_MAX_UPLOAD_MB: '1' });
});
afterAll(async () => {
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/voice/status', { timeout: 60_000 }, () => {
  it('names the missing whisper binary with where it looked, and the espeak-ng fallback', async () => {
    const { status, json } = await bare.request('/api/voice/status');
    expect(status).toBe(200);
    const s = json as VoiceStatus;
    expect(s.stt.state).toBe('BIN');
    expect(s.stt.bin).toBeUndefined();
    expect(s.stt.ffmpeg).toMatch(/ffmpeg$/);
    expect(s.stt.language).toBe('de');
    expect(s.stt.errors.join('\n')).toContain(`\`whisper-cli\` not found on PATH or in ${join(dir, 'empty-tools')}`);
    expect(s.stt.errors.join('\n')).toMatch(/no ggml-\*\.bin/);
    expect(s.tts.engine).toBe('espeak-ng');
    expect(s.tts.bin).toMatch(/espeak-ng$/);
    expect(s.tts.errors.join('\n')).toMatch(/espeak-ng .* because Piper is not ready/);
    expect(s.hands_free).toEqual({ enabled: false, wake_word: 'jarvis' });
    expect(s.last_turn).toBeUndefined();
  });

  it('is the `voice` component of /api/health', async () => {
    const { json } = await bare.request('/api/health');
    expect(json.components.voice.state).toBe('degraded');
    expect(json.components.voice.detail).toMatch(/^STT BIN: .*whisper-cli.*; TTS espeak-ng \(Piper missing\)/);
  });

  it('reports MODEL when the binary is there but the model is not, and FFMPEG when only the converter is missing', async () => {
    const tools = join(dir, 'tools-bin-only');
    mkdirSync(tools, { recursive: true });
    // Status only checks that the file is executable; nothing runs it in this test.
    writeFileSync(join(tools, 'whisper-cli'), '#!/bin/sh\nexit 1\n');
    chmodSync(join(tools, 'whisper-cli'), 0o755);
    const noModel = await startTestMaster({ JARVIS_TOOLS_DIR: tools });
    const badModel = await startTestMaster({
      JARVIS_TOOLS_DIR: tools,
      JARVIS_FFMPEG_BIN: join(dir, 'no-ffmpeg'),
      JARVIS_WHISPER_MODEL: join(dir, 'ggml-broken.bin'),
      JARVIS_HANDS_FREE: 'true',
      JARVIS_WAKE_WORD: 'computer',
    });
    writeFileSync(join(dir, 'ggml-broken.bin'), Buffer.alloc(1000, 7));
    const noFfmpeg = await startTestMaster({
      JARVIS_TOOLS_DIR: tools,
      JARVIS_FFMPEG_BIN: join(dir, 'no-ffmpeg'),
      JARVIS_WHISPER_MODEL: writeTinyWhisperModel(join(dir, 'ggml-tiny-test.bin')),
    });
    try {
      const a = (await noModel.request('/api/voice/status')).json as VoiceStatus;
      expect(a.stt.state).toBe('MODEL');
      expect(a.stt.bin).toBe(join(tools, 'whisper-cli'));
      const b = (await badModel.request('/api/voice/status')).json as VoiceStatus;
      // A file that is no ggml model is reported as such, before the converter.
      expect(b.stt.state).toBe('MODEL');
      expect(b.stt.errors.join('\n')).toMatch(/ggml-broken\.bin is not a ggml whisper model/);
      expect(b.stt.errors.join('\n')).toContain(`JARVIS_FFMPEG_BIN=${join(dir, 'no-ffmpeg')}: does not exist`);
      expect(b.hands_free).toEqual({ enabled: true, wake_word: 'computer' });
      expect((await badModel.request('/api/health')).json.components.voice.detail).toContain('hands-free on ("computer")');
      const c = (await noFfmpeg.request('/api/voice/status')).json as VoiceStatus;
      expect(c.stt.state).toBe('FFMPEG');
      expect(c.stt.model).toBe(join(dir, 'ggml-tiny-test.bin'));
      const r = await upload(noFfmpeg, '/api/voice/transcribe', readFileSync(speechFile));
      expect(r.json.error.code).toBe('FFMPEG_MISSING');
      expect(r.json.error.message).toContain('no-ffmpeg');
    } finally {
      await badModel.close();
      await noModel.close();
      await noFfmpeg.close();
    }
  });
});

describe('POST /api/voice/transcribe and /command', { timeout: 60_000 }, () => {
  it('say which part is missing instead of failing silently', async () => {
    const r = await upload(bare, '/api/voice/transcribe', readFileSync(speechFile));
    expect(r.status).toBe(503);
    expect(r.json.error.code).toBe('STT_BIN_MISSING');
    expect(r.json.error.message).toMatch(/whisper-cli.*voice:setup/);
    const c = await upload(bare, '/api/voice/command', readFileSync(speechFile), { module: 'calendar', capture_ms: '1200' });
    expect(c.json.error.code).toBe('STT_BIN_MISSING');
  });

  it('refuse a request without the audio field, a non-multipart body, unknown fields and bad field values', async () => {
    expect((await upload(bare, '/api/voice/transcribe', undefined, { module: 'x' })).json.error.code).toBe('AUDIO_INVALID');
    const json = await bare.request('/api/voice/transcribe', { json: { audio: 'base64…' } });
    expect(json.status).toBe(415);
    expect(json.json.error.code).toBe('AUDIO_INVALID');
    const unknown = await upload(bare, '/api/voice/command', readFileSync(speechFile), { language: 'fr' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.path).toBe('/language');
    const badModule = await upload(bare, '/api/voice/command', readFileSync(speechFile), { module: '../etc' });
    expect(badModule.json.error).toMatchObject({ code: 'INVALID_REQUEST', path: '/module' });
    const badCapture = await upload(bare, '/api/voice/command', readFileSync(speechFile), { capture_ms: '-5' });
    expect(badCapture.json.error).toMatchObject({ code: 'INVALID_REQUEST', path: '/capture_ms' });
  });

  it('refuse a recording over the size limit with AUDIO_TOO_LARGE', async () => {
    const r = await upload(bare, '/api/voice/transcribe', Buffer.alloc(1024 * 1024 + 10, 1));
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('AUDIO_TOO_LARGE');
    expect(r.json.error.message).toContain('JARVIS_VOICE_MAX_UPLOAD_MB');
  });

  it('refuse a hands-free segment while hands-free mode is off', async () => {
    // whisper is missing too; the mode is checked first because it is the user's setting.
    const tm = await startTestMaster({ JARVIS_TOOLS_DIR: join(dir, 'empty-tools') });
    try {
      const r = await upload(tm, '/api/voice/command', readFileSync(speechFile), { hands_free: 'true' });
      expect(r.status).toBe(409);
      expect(r.json.error.code).toBe('HANDS_FREE_OFF');
    } finally {
      await tm.close();
    }
  });
});

describe('POST /api/voice/speak', { timeout: 60_000 }, () => {
  it('speaks German text with espeak-ng as a WAV', async () => {
    const res = await fetch(`${bare.url}/api/voice/speak`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '-- Morgen wird es sonnig.' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = parseWav(Buffer.from(await res.arrayBuffer()));
    expect(wav.channels).toBe(1);
    expect(wav.data.length / 2 / wav.sampleRate).toBeGreaterThan(1);
  });

  it('refuses empty text and extra properties', async () => {
    expect((await bare.request('/api/voice/speak', { json: { text: '' } })).status).toBe(400);
    expect((await bare.request('/api/voice/speak', { json: { text: '   ' } })).json.error.code).toBe('INVALID_REQUEST');
    expect((await bare.request('/api/voice/speak', { json: { text: 'hi', voice: 'x' } })).status).toBe(400);
  });

  it('answers TTS_MISSING when neither Piper nor espeak-ng can be found', async () => {
    const oldPath = process.env.PATH;
    process.env.PATH = join(dir, 'nothing-here');
    const tm = await startTestMaster({ JARVIS_TOOLS_DIR: join(dir, 'empty-tools') });
    try {
      const s = (await tm.request('/api/voice/status')).json as VoiceStatus;
      expect(s.tts.engine).toBe('none');
      expect(s.stt.state).toBe('BIN');
      const r = await tm.request('/api/voice/speak', { json: { text: 'Hallo' } });
      expect(r.status).toBe(503);
      expect(r.json.error.code).toBe('TTS_MISSING');
    } finally {
      process.env.PATH = oldPath;
      await tm.close();
    }
  });
});
