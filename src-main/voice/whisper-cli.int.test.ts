// The real whisper.cpp CLI, built from the sources in the nodejs-whisper package
// (scripts/build-whisper-cli.mjs, cached in .cache/), run on a tiny random-weight model that
// the test writes. The transcript is nonsense; the binary, its flags, its output files and
// our parsing of them are real, and so is everything around them in the master.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceCommandResponse, VoiceStatus } from '../../src-shared';
import { startScriptedOllama } from '../testing/scripted-ollama';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { spokenText, tinyWhisperModel, WHISPER_TINY_SHAPE, writeTinyWhisperModel } from '../testing/tiny-whisper-model';
import { loadConfig } from '../platform/config';
import { Tracer } from '../platform/trace';
import { FfmpegDecoder } from './ffmpeg-convert';
import { VoiceActivityDetector } from './vad';
import { VoiceService } from './service';
import { parseWav } from './wav';
import { runWhisper } from './whisper-cli';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'jarvis-whisper-'));
const speechFile = join(dir, 'speech.webm');

interface Asked {
  message: string;
  module?: string;
  traceId?: string;
}
const asked: Asked[] = [];
/** Stands in for the assistant: answers every message with a fixed reply. */
const scriptedAssistant = {
  async chat(input: Asked) {
    asked.push(input);
    return {
      reply: 'Erledigt: Milch steht auf der Liste.',
      tool_calls: [
        {
          tool: 'groceries_add',
          arguments: { name: 'Milch' },
          result: { success: true as const, data: { name: 'Milch' }, message: 'Milch hinzugefügt', mutated: true },
        },
      ],
      trace_id: input.traceId ?? 'x',
      source: 'local-intent',
    };
  },
};

async function upload(tm: TestMaster, path: string, fields: Record<string, string> = {}, audio = readFileSync(speechFile)) {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/webm' }), 'blob');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${tm.url}${path}`, { method: 'POST', body: form });
  return { status: res.status, json: (await res.json()) as any };
}

let whisperBin: string;
let model: string;
let tm: TestMaster;
let firstWord = '';

beforeAll(async () => {
  // Builds once per checkout (a few minutes on two cores), then returns the cached binary.
  const out = execFileSync(process.execPath, [join(root, 'scripts', 'build-whisper-cli.mjs')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 1_500_000,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  whisperBin = out.trim().split('\n').pop()!;
  model = writeTinyWhisperModel(join(dir, 'ggml-tiny-random.bin'));
  const spoken = join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-w', spoken, 'Setze Milch auf die Einkaufsliste.']);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', spoken, '-af', 'adelay=500,apad=pad_dur=0.5', '-c:a', 'libopus', speechFile]);
  tm = await startTestMaster(
    { JARVIS_WHISPER_BIN: whisperBin, JARVIS_WHISPER_MODEL: model, JARVIS_TOOLS_DIR: join(dir, 'tools') },
    { voiceAssistant: scriptedAssistant },
  );
}, 1_600_000);

afterAll(async () => {
  await tm?.close();
  rmSync(dir, { recursive: true, force: true });
});

// Each test runs whisper-cli (seconds on a busy two-core machine): generous per-test time.
describe('whisper-cli (real binary, tiny generated model)', { timeout: 180_000 }, () => {
  it('makes the status LOCAL with the resolved paths', async () => {
    const s = (await tm.request('/api/voice/status')).json as VoiceStatus;
    expect(s.stt).toMatchObject({ state: 'LOCAL', bin: whisperBin, model, language: 'de', errors: [] });
    expect((await tm.request('/api/health')).json.components.voice.detail).toMatch(/^STT LOCAL \(de\)/);
  });

  it('transcribes German speech: a text, the language and the recording length', async () => {
    const r = await upload(tm, '/api/voice/transcribe');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['duration_ms', 'language', 'text']);
    expect(typeof r.json.text).toBe('string');
    expect(r.json.language).toBe('de');
    expect(r.json.duration_ms).toBeGreaterThan(2000);
    // Random weights: nonsense, but made of the vocabulary the test wrote.
    expect(r.json.text).toMatch(/^[a-z ]*$/);
    firstWord = (r.json.text as string).split(' ')[0] ?? '';
  });

  it('runs a whole command: transcript to the assistant with the module, reply spoken by espeak-ng, timings in status and trace', async () => {
    const r = await upload(tm, '/api/voice/command', { module: 'groceries', capture_ms: '2300' });
    const body = r.json as VoiceCommandResponse;
    if (body.transcript === '') {
      // The random model may hear nothing; then the turn must say so, not reach the assistant.
      expect(r.json.error?.code).toBe('NO_SPEECH');
      return;
    }
    expect(r.status).toBe(200);
    expect(asked.at(-1)).toMatchObject({ message: body.transcript, module: 'groceries', traceId: body.trace_id });
    expect(body.reply).toBe('Erledigt: Milch steht auf der Liste.');
    expect(body.tool_calls).toHaveLength(1);
    expect(body.audio?.mime).toBe('audio/wav');
    expect(parseWav(Buffer.from(body.audio!.base64, 'base64')).data.length).toBeGreaterThan(16000);
    expect(body.timings.capture_ms).toBe(2300);
    for (const k of ['convert_ms', 'transcribe_ms', 'assistant_ms', 'speak_ms'] as const) expect(body.timings[k]).toBeGreaterThanOrEqual(0);
    expect(body.timings.transcribe_ms).toBeGreaterThan(0);
    expect(body.timings.speak_ms).toBeGreaterThan(0);
    const s = (await tm.request('/api/voice/status')).json as VoiceStatus;
    expect(s.last_turn).toEqual(body.timings);
    const stages = tm.master.platform.tracer.list({ traceId: body.trace_id }).map((e) => e.stage);
    expect(stages).toEqual(expect.arrayContaining(['start', 'convert', 'transcribe', 'speak', 'turn']));
  });

  it('hands-free: a segment is a command only when it starts with the wake word', async () => {
    if (firstWord === '') return;
    const on = await startTestMaster(
      {
        JARVIS_WHISPER_BIN: whisperBin,
        JARVIS_WHISPER_MODEL: model,
        JARVIS_HANDS_FREE: 'true',
        JARVIS_WAKE_WORD: firstWord,
        JARVIS_TOOLS_DIR: join(dir, 'tools'),
      },
      { voiceAssistant: scriptedAssistant },
    );
    const other = await startTestMaster(
      {
        JARVIS_WHISPER_BIN: whisperBin,
        JARVIS_WHISPER_MODEL: model,
        JARVIS_HANDS_FREE: 'true',
        JARVIS_WAKE_WORD: 'jarvis',
        JARVIS_TOOLS_DIR: join(dir, 'tools'),
      },
      { voiceAssistant: scriptedAssistant },
    );
    try {
      const before = asked.length;
      const ignored = await upload(other, '/api/voice/command', { hands_free: 'true' });
      expect(ignored.status).toBe(200);
      expect(ignored.json).toMatchObject({ ignored: true, reply: '', tool_calls: [] });
      expect(asked.length).toBe(before);
      const heard = await upload(on, '/api/voice/command', { hands_free: 'true' });
      if (heard.json.ignored) {
        // Only the wake word was "said": nothing to do, and nothing asked.
        expect(heard.json.transcript.trim()).toBe(firstWord);
      } else {
        expect(asked.length).toBe(before + 1);
        expect(asked.at(-1)!.message).not.toMatch(new RegExp(`^${firstWord}\\b`));
      }
    } finally {
      await on.close();
      await other.close();
    }
  });

  it('with language auto, reports the language whisper detected', async () => {
    const auto = await startTestMaster({
      JARVIS_WHISPER_BIN: whisperBin,
      JARVIS_WHISPER_MODEL: model,
      JARVIS_WHISPER_LANGUAGE: 'auto',
      JARVIS_TOOLS_DIR: join(dir, 'tools'),
    });
    try {
      const r = await upload(auto, '/api/voice/transcribe');
      expect(r.status).toBe(200);
      expect(r.json.language).toMatch(/^[a-z]{2,3}$/);
      expect(r.json.language).not.toBe('auto');
    } finally {
      await auto.close();
    }
  });

  it('a model whisper cannot load is STT_MODEL_MISSING with whisper’s own reason', async () => {
    const truncated = join(dir, 'ggml-truncated.bin');
    const full = tinyWhisperModel();
    // Cut inside the tensors: whisper.cpp then counts fewer tensors than the model needs.
    writeFileSync(truncated, full.subarray(0, full.length - 50_000));
    const bad = await startTestMaster({
      JARVIS_WHISPER_BIN: whisperBin,
      JARVIS_WHISPER_MODEL: truncated,
      JARVIS_TOOLS_DIR: join(dir, 'tools'),
    });
    try {
      const r = await upload(bad, '/api/voice/transcribe');
      expect(r.status).toBe(503);
      expect(r.json.error.code).toBe('STT_MODEL_MISSING');
      expect(r.json.error.message).toContain('ggml-truncated.bin');
    } finally {
      await bad.close();
    }
  });

  it('reaches the real assistant (agent module, scripted Ollama) with the transcript and the module', async () => {
    const ollama = await startScriptedOllama();
    const real = await startTestMaster({
      JARVIS_WHISPER_BIN: whisperBin,
      JARVIS_WHISPER_MODEL: model,
      JARVIS_TOOLS_DIR: join(dir, 'tools'),
      OLLAMA_URL: ollama.url,
      JARVIS_LOCAL_INTENTS: 'false',
    });
    try {
      ollama.reply({ content: 'Das habe ich leider nicht verstanden.' });
      const r = await upload(real, '/api/voice/command', { module: 'kanban' });
      if (r.json.error) {
        expect(r.json.error.code).toBe('NO_SPEECH');
        return;
      }
      expect(r.status).toBe(200);
      expect(r.json.reply).toBe('Das habe ich leider nicht verstanden.');
      const sent = JSON.stringify(ollama.chats().at(-1)!.messages);
      expect(sent).toContain(r.json.transcript);
      expect(sent).toContain('kanban');
      expect(r.json.audio.mime).toBe('audio/wav');
    } finally {
      await real.close();
      await ollama.close();
    }
  });
});

describe('the ffmpeg for the next turn', { timeout: 180_000 }, () => {
  it('starts only once the voice routes have gone quiet, not between a transcription and its speech', async () => {
    const prepared: number[] = [];
    class WatchedDecoder extends FfmpegDecoder {
      override prepare(bin: string): void {
        prepared.push(performance.now());
        super.prepare(bin);
      }
    }
    const decoder = new WatchedDecoder();
    const config = loadConfig({ JARVIS_WHISPER_BIN: whisperBin, JARVIS_WHISPER_MODEL: model, JARVIS_TOOLS_DIR: join(dir, 'tools') });
    const voice = new VoiceService({ config, tracer: new Tracer({ enabled: false, limit: 1 }), vad: new VoiceActivityDetector(), decoder });
    try {
      await voice.transcribe(readFileSync(speechFile));
      await voice.speak('Erledigt.');
      const quietSince = performance.now();
      expect(prepared).toEqual([]);
      await expect.poll(() => prepared.length, { timeout: 5_000 }).toBe(1);
      expect(prepared[0]! - quietSince).toBeGreaterThanOrEqual(200);
      // The next recording is piped into that ffmpeg.
      expect((await voice.transcribe(readFileSync(speechFile))).duration_ms).toBeGreaterThan(2000);
    } finally {
      voice.close();
    }
  });
});

// The voice benchmark weighs the pipeline against engines doing a real model's work: this
// model has whisper "tiny"'s dimensions and a decoder made certain of a fixed sentence.
describe('a generated model in whisper-tiny dimensions that speaks a fixed sentence', { timeout: 180_000 }, () => {
  it('decodes exactly its words once, whatever the audio says', async () => {
    const file = writeTinyWhisperModel(join(dir, 'ggml-tiny-speaks.bin'), WHISPER_TINY_SHAPE, { speaks: 20 });
    const wav = join(dir, 'speaks.wav');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', speechFile, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wav]);
    const result = await runWhisper({
      bin: whisperBin,
      model: file,
      wavFile: wav,
      language: 'de',
      outputBase: join(dir, 'speaks-out'),
      threads: 2,
      timeoutMs: 120_000,
    });
    expect(result.text).toBe(spokenText(20));
    expect(result.text.split(' ').length).toBeGreaterThan(3);
  });
});
