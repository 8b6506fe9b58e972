// RIFF/WAVE reading and writing for 16-bit PCM: the format whisper.cpp reads and the
// engines (Piper, espeak-ng) write.

export interface PcmWav {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitsPerSample: number;
  /** 1 = integer PCM, 3 = IEEE float, 0xFFFE = extensible. */
  readonly format: number;
  readonly data: Buffer;
}

export class WavFormatError extends Error {}

export function parseWav(buf: Buffer): PcmWav {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavFormatError('not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: Omit<PcmWav, 'data'> | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    let size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.length) throw new WavFormatError('fmt chunk is truncated');
      fmt = {
        format: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new WavFormatError('data chunk before fmt chunk');
      // Streamed WAVs (ffmpeg to a pipe, some recorders) carry 0 or 0xFFFFFFFF: take the rest.
      if (size === 0 || size === 0xffffffff || body + size > buf.length) size = buf.length - body;
      return { ...fmt, data: buf.subarray(body, body + size) };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError('no data chunk');
}

export function encodeWav(pcm: Buffer, sampleRate: number, channels = 1, bitsPerSample = 16): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Little-endian signed 16-bit samples as floats in [-1, 1). */
export function s16ToFloat(pcm: Buffer): Float32Array {
  const n = Math.floor(pcm.length / 2);
  // A DataView reads little-endian whatever the host, without Buffer's per-call checks.
  const view = new DataView(pcm.buffer, pcm.byteOffset, n * 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}
