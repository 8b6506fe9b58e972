import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VoiceError } from './errors';
import { lastLines, runTool, startTool, type StartedTool, type ToolRun } from './run-tool';

/** What whisper.cpp reads: 16 kHz, mono, signed 16-bit little-endian PCM. */
export const STT_SAMPLE_RATE = 16_000;

const OUTPUT_ARGS = ['-vn', '-ac', '1', '-ar', String(STT_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'];
const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
const PIPE_ARGS = [...QUIET, '-i', 'pipe:0', ...OUTPUT_ARGS];
const fileArgs = (file: string) => [...QUIET, '-i', file, ...OUTPUT_ARGS];

/**
 * Containers ffmpeg decodes front to back from a pipe: WebM/Matroska (what Chromium and
 * Firefox record), Ogg and RIFF/WAVE. Anything else (MP4 from Safari keeps its index at
 * the end) goes through a temporary file, which ffmpeg can seek in.
 */
export function isStreamable(input: Buffer): boolean {
  if (input.length < 12) return false;
  const ebml = input.readUInt32BE(0) === 0x1a45dfa3;
  const ogg = input.toString('latin1', 0, 4) === 'OggS';
  const wav = input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WAVE';
  return ebml || ogg || wav;
}

/**
 * Decodes whatever the browser recorded into raw 16 kHz mono s16 PCM with ffmpeg.
 *
 * Starting ffmpeg costs more than decoding a spoken sentence: the Debian build links ~200
 * shared libraries (0.1–0.2 s before it reads a byte, ~10 ms of decoding after). So one
 * ffmpeg is started ahead of time (`prepare`, called between turns) and waits on stdin;
 * the next recording is piped into it, and the PCM comes back on stdout.
 */
export class FfmpegDecoder {
  private spare: { bin: string; tool: StartedTool } | undefined;

  /** Starts the ffmpeg for the next recording now, unless one for `bin` is already waiting. */
  prepare(bin: string): void {
    if (this.spare && this.spare.bin === bin && !this.spare.tool.exited) return;
    this.spare?.tool.kill();
    const tool = startTool(bin, PIPE_ARGS);
    // A waiting spare must not keep a CLI or a test process alive.
    tool.unref();
    this.spare = { bin, tool };
  }

  async toPcm16k(bin: string, input: Buffer, timeoutMs = 60_000): Promise<Buffer> {
    const run = isStreamable(input) ? await this.takeSpare(bin).finish(input, timeoutMs) : await decodeFile(bin, input, timeoutMs);
    return pcmFrom(run, timeoutMs);
  }

  /** Ends the waiting spare (the master stops). */
  close(): void {
    this.spare?.tool.kill();
    this.spare = undefined;
  }

  private takeSpare(bin: string): StartedTool {
    const spare = this.spare;
    this.spare = undefined;
    if (spare && spare.bin === bin && !spare.tool.exited) return spare.tool;
    spare?.tool.kill();
    return startTool(bin, PIPE_ARGS);
  }
}

async function decodeFile(bin: string, input: Buffer, timeoutMs: number): Promise<ToolRun> {
  const dir = await mkdtemp(join(tmpdir(), 'jarvis-voice-'));
  try {
    const file = join(dir, 'recording');
    await writeFile(file, input);
    return await runTool(bin, fileArgs(file), { timeoutMs });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function pcmFrom(run: ToolRun, timeoutMs: number): Buffer {
  if (run.timedOut) throw new VoiceError('AUDIO_INVALID', `ffmpeg did not finish converting the recording within ${timeoutMs / 1000} s`);
  if (run.code !== 0) {
    throw new VoiceError(
      'AUDIO_INVALID',
      `The recording could not be decoded by ffmpeg: ${lastLines(run.stderr) || `exit code ${run.code}`}`,
    );
  }
  return run.stdout;
}
