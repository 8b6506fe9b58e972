import { describe, expect, it } from 'vitest';
import { cleanTranscript, parseWhisperOutput, whisperArgs } from './whisper-cli';

describe('whisper-cli output', () => {
  it('joins the JSON segments and reports the detected language', () => {
    const json = Buffer.from('{"result":{"language":"de"},"transcription":[{"text":" Setz Milch"},{"text":" auf die Liste."}]}');
    expect(parseWhisperOutput(json, undefined, Buffer.alloc(0), 'auto')).toEqual({ text: 'Setz Milch auf die Liste.', language: 'de' });
  });

  it('survives raw control characters and broken UTF-8 inside a token', () => {
    const json = Buffer.concat([
      Buffer.from('{"result":{"language":"de"},"transcription":[{"text":" Gr'),
      Buffer.from([0xc3]),
      Buffer.from('\tn\u0001e \\"x\\""}]}'),
    ]);
    const r = parseWhisperOutput(json, undefined, Buffer.alloc(0), 'de');
    expect(r.language).toBe('de');
    expect(r.text).toContain('"x"');
  });

  it('falls back to the text file, then to stdout with timestamps', () => {
    expect(parseWhisperOutput(Buffer.from('{broken'), Buffer.from(' Hallo Welt\n'), Buffer.alloc(0), 'de')).toEqual({
      text: 'Hallo Welt',
      language: 'de',
    });
    expect(
      parseWhisperOutput(
        undefined,
        undefined,
        Buffer.from('[00:00:00.000 --> 00:00:01.500]   Hallo\n[00:00:01.500 --> 00:00:02.000]   Welt\n'),
        'auto',
      ),
    ).toEqual({ text: 'Hallo Welt', language: 'und' });
  });

  it('drops the tags whisper writes for silence and noise', () => {
    expect(cleanTranscript(' [BLANK_AUDIO] ')).toBe('');
    expect(cleanTranscript('(Musik) Licht an [Musik]')).toBe('Licht an');
  });

  it('asks for JSON and text output with the configured language and no progress prints', () => {
    const args = whisperArgs({
      bin: 'w',
      model: '/m/ggml-small.bin',
      wavFile: '/t/a.wav',
      language: 'auto',
      outputBase: '/t/out',
      threads: 2,
      timeoutMs: 1,
    });
    expect(args).toEqual(['-m', '/m/ggml-small.bin', '-f', '/t/a.wav', '-l', 'auto', '-t', '2', '-oj', '-otxt', '-of', '/t/out', '-np']);
  });
});
