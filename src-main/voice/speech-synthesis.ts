import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VoiceError } from './errors';
import { lastLines, runTool } from './run-tool';
import type { VoiceTools } from './voice-tools';
import { parseWav, WavFormatError } from './wav';

export interface SpeechRequest {
  readonly text: string;
  /** Language of the espeak-ng fallback voice (`de`, `en`); Piper's voice file fixes its own. */
  readonly language: string;
  readonly timeoutMs: number;
}

/**
 * Speaks `text` into a WAV file with Piper (the configured voice) or, where Piper is not
 * ready, espeak-ng. The text goes through stdin: a reply that starts with "-" stays text.
 */
export async function synthesize(tools: VoiceTools, req: SpeechRequest): Promise<{ wav: Buffer; engine: 'piper' | 'espeak-ng' }> {
  if (tools.ttsEngine === 'none') throw new VoiceError('TTS_MISSING', `No speech engine: ${tools.ttsErrors.join('; ')}`, 'unavailable');
  const dir = await mkdtemp(join(tmpdir(), 'jarvis-tts-'));
  const out = join(dir, 'speech.wav');
  try {
    const engine = tools.ttsEngine;
    const run =
      engine === 'piper'
        ? await runTool(tools.piperBin!, ['--model', tools.piperVoice!, '--output_file', out], {
            input: `${req.text}\n`,
            timeoutMs: req.timeoutMs,
          })
        : await runTool(tools.espeak!, ['-v', req.language === 'auto' ? 'de' : req.language, '-w', out, '--stdin'], {
            input: req.text,
            timeoutMs: req.timeoutMs,
          });
    if (run.timedOut) throw new VoiceError('TTS_FAILED', `${engine} did not finish within ${req.timeoutMs / 1000} s`, 'timeout');
    if (run.code !== 0)
      throw new VoiceError('TTS_FAILED', `${engine} failed: ${lastLines(run.stderr) || `exit code ${run.code}`}`, 'bad_gateway');
    const wav = await readFile(out).catch(() => undefined);
    if (!wav) throw new VoiceError('TTS_FAILED', `${engine} wrote no audio file`, 'bad_gateway');
    try {
      parseWav(wav);
    } catch (err) {
      throw new VoiceError(
        'TTS_FAILED',
        `${engine} wrote no valid WAV (${err instanceof WavFormatError ? err.message : String(err)})`,
        'bad_gateway',
      );
    }
    return { wav, engine };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
