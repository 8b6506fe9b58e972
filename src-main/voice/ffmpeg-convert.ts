import { VoiceError } from './errors';
import { lastLines, runTool } from './run-tool';

/** What whisper.cpp reads: 16 kHz, mono, signed 16-bit little-endian PCM. */
export const STT_SAMPLE_RATE = 16_000;

/**
 * Decodes whatever the browser recorded (Opus/WebM, Ogg, MP4/AAC, WAV…) into raw 16 kHz
 * mono s16 PCM. The input is a file, not a pipe: MP4 from Safari needs a seekable input.
 */
export async function convertToPcm16k(ffmpeg: string, inputFile: string, timeoutMs = 60_000): Promise<Buffer> {
  const run = await runTool(
    ffmpeg,
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', inputFile, '-vn', '-ac', '1', '-ar', String(STT_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    { timeoutMs },
  );
  if (run.timedOut) throw new VoiceError('AUDIO_INVALID', `ffmpeg did not finish converting the recording within ${timeoutMs / 1000} s`);
  if (run.code !== 0) {
    throw new VoiceError('AUDIO_INVALID', `The recording could not be decoded by ffmpeg: ${lastLines(run.stderr) || `exit code ${run.code}`}`);
  }
  return run.stdout;
}
