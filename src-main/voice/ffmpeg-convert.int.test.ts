// The real ffmpeg: a recording piped into the ffmpeg started ahead of time decodes to the
// same PCM as the same recording read from a file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceError } from './errors';
import { FfmpegDecoder, isStreamable } from './ffmpeg-convert';

const dir = mkdtempSync(join(tmpdir(), 'jarvis-ffmpeg-'));
const sh = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
const recordings: Record<'webm' | 'ogg' | 'wav' | 'm4a', Buffer> = {
  webm: Buffer.alloc(0),
  ogg: Buffer.alloc(0),
  wav: Buffer.alloc(0),
  m4a: Buffer.alloc(0),
};

beforeAll(() => {
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '1.5'];
  sh([...tone, '-c:a', 'libopus', join(dir, 'a.webm')]);
  sh([...tone, '-c:a', 'libopus', join(dir, 'a.ogg')]);
  sh([...tone, join(dir, 'a.wav')]);
  sh([...tone, '-c:a', 'aac', join(dir, 'a.m4a')]);
  for (const ext of Object.keys(recordings) as (keyof typeof recordings)[]) recordings[ext] = readFileSync(join(dir, `a.${ext}`));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The reference: ffmpeg reading the file itself. */
const fromFile = (ext: string) =>
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    join(dir, `a.${ext}`),
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    '-f',
    's16le',
    'pipe:1',
  ]);

describe('ffmpeg decoding', { timeout: 60_000 }, () => {
  it('pipes WebM, Ogg and WAV and sends MP4 through a file', () => {
    expect([recordings.webm, recordings.ogg, recordings.wav].map(isStreamable)).toEqual([true, true, true]);
    expect(isStreamable(recordings.m4a)).toBe(false);
    expect(isStreamable(Buffer.from('not audio'))).toBe(false);
  });

  it.each(['webm', 'ogg', 'wav', 'm4a'] as const)('decodes %s to the same 16 kHz PCM as from a file', async (ext) => {
    const decoder = new FfmpegDecoder();
    try {
      decoder.prepare('ffmpeg');
      const pcm = await decoder.toPcm16k('ffmpeg', recordings[ext]);
      expect(pcm.length).toBeGreaterThan(1.4 * 32000);
      expect(pcm.equals(fromFile(ext))).toBe(true);
    } finally {
      decoder.close();
    }
  });

  it('decodes turn after turn, with a spare or without one', async () => {
    const decoder = new FfmpegDecoder();
    try {
      const expected = fromFile('webm');
      expect((await decoder.toPcm16k('ffmpeg', recordings.webm)).equals(expected)).toBe(true);
      decoder.prepare('ffmpeg');
      decoder.prepare('ffmpeg');
      expect((await decoder.toPcm16k('ffmpeg', recordings.webm)).equals(expected)).toBe(true);
      // Two turns at once: one takes the spare, the other starts its own ffmpeg.
      decoder.prepare('ffmpeg');
      const both = await Promise.all([decoder.toPcm16k('ffmpeg', recordings.webm), decoder.toPcm16k('ffmpeg', recordings.webm)]);
      expect(both.every((pcm) => pcm.equals(expected))).toBe(true);
    } finally {
      decoder.close();
    }
  });

  it('replaces a spare that died while it waited', async () => {
    const decoder = new FfmpegDecoder();
    try {
      decoder.prepare('ffmpeg');
      decoder.close();
      decoder.prepare('ffmpeg');
      const spare = (decoder as unknown as { spare: { tool: { kill(): void; exited: boolean } } }).spare.tool;
      spare.kill();
      await expect.poll(() => spare.exited).toBe(true);
      expect((await decoder.toPcm16k('ffmpeg', recordings.webm)).equals(fromFile('webm'))).toBe(true);
    } finally {
      decoder.close();
    }
  });

  it('a broken WebM is AUDIO_INVALID with ffmpeg’s reason', async () => {
    const decoder = new FfmpegDecoder();
    decoder.prepare('ffmpeg');
    const broken = Buffer.concat([recordings.webm.subarray(0, 40), Buffer.alloc(200, 7)]);
    const err = await decoder.toPcm16k('ffmpeg', broken).catch((e: unknown) => e);
    decoder.close();
    expect(err).toBeInstanceOf(VoiceError);
    expect((err as VoiceError).code).toBe('AUDIO_INVALID');
    expect((err as VoiceError).message).toMatch(/could not be decoded by ffmpeg: \S/);
  });
});
