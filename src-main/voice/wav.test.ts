import { describe, expect, it } from 'vitest';
import { encodeWav, parseWav, s16ToFloat, WavFormatError } from './wav';

describe('wav', () => {
  it('round-trips 16 kHz mono s16 PCM through a RIFF header', () => {
    const pcm = Buffer.alloc(3200);
    pcm.writeInt16LE(-32768, 0);
    pcm.writeInt16LE(16384, 2);
    const wav = parseWav(encodeWav(pcm, 16000));
    expect(wav).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, format: 1 });
    expect(wav.data.equals(pcm)).toBe(true);
    const f = s16ToFloat(wav.data);
    expect(f[0]).toBe(-1);
    expect(f[1]).toBe(0.5);
  });

  it('reads a streamed WAV whose data size is unknown', () => {
    const wav = encodeWav(Buffer.alloc(100, 1), 22050);
    wav.writeUInt32LE(0xffffffff, 40);
    expect(parseWav(wav).data.length).toBe(100);
  });

  it('skips chunks it does not know (LIST) before the data', () => {
    const base = encodeWav(Buffer.alloc(8, 2), 16000);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const withList = Buffer.concat([base.subarray(0, 36), list, base.subarray(36)]);
    expect(parseWav(withList).data.equals(Buffer.alloc(8, 2))).toBe(true);
  });

  it('refuses what is not a WAV', () => {
    expect(() => parseWav(Buffer.from('OggS not a wav file at all'))).toThrow(WavFormatError);
    expect(() => parseWav(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]))).toThrow(/no data chunk/);
  });
});
