// What the voice e2e tests need before a browser starts: the real whisper-cli (built once
// from the nodejs-whisper sources, then cached), a tiny generated model, and a WAV for
// Chromium's fake microphone with German speech from espeak-ng between stretches of quiet.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyWhisperModel } from '../../src-main/testing/tiny-whisper-model';
import { repoRoot } from './served-app';

export interface VoiceFixture {
  /** A folder of the test's own, removed by `remove`. */
  readonly dir: string;
  readonly whisperBin: string;
  readonly model: string;
  readonly micFile: string;
  remove(): void;
}

export interface MicrophoneScript {
  readonly sentence: string;
  /** Quiet before the sentence. */
  readonly quietBeforeMs: number;
  /** Quiet after it (Chromium loops the file, so the sentence comes again after this). */
  readonly quietAfterS: number;
}

export function prepareVoiceFixture(name: string, mic: MicrophoneScript): VoiceFixture {
  const dir = mkdtempSync(join(tmpdir(), `jarvis-${name}-e2e-`));
  const whisperBin = execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-whisper-cli.mjs')], {
    encoding: 'utf8',
    timeout: 1_500_000,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .pop()!;
  const model = writeTinyWhisperModel(join(dir, 'ggml-tiny-random.bin'));
  const spoken = join(dir, 'spoken.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-w', spoken, mic.sentence]);
  const micFile = join(dir, 'mic.wav');
  const pad = `adelay=${mic.quietBeforeMs},apad=pad_dur=${mic.quietAfterS}`;
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', spoken, '-af', pad, '-ar', '48000', '-ac', '1', '-c:a', 'pcm_s16le', micFile]);
  return { dir, whisperBin, model, micFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
