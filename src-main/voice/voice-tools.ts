import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SttState, TtsEngine } from '../../src-shared';
import type { Config } from '../platform/config';
import { findBinary, isExecutable } from '../platform/binaries';

/** The engines and models found for this configuration, with what is missing and why. */
export interface VoiceTools {
  readonly toolsDir: string;
  readonly ffmpeg?: string;
  readonly whisperBin?: string;
  readonly whisperModel?: string;
  readonly language: string;
  readonly sttState: SttState;
  readonly sttErrors: readonly string[];
  readonly ttsEngine: TtsEngine;
  readonly piperBin?: string;
  readonly piperVoice?: string;
  readonly espeak?: string;
  readonly ttsErrors: readonly string[];
}

export type VoiceConfig = Pick<
  Config,
  'ffmpegBin' | 'whisperBin' | 'whisperModel' | 'whisperLanguage' | 'piperBin' | 'piperVoice' | 'toolsDir'
>;

/** ggml's file magic 0x67676d6c as it lies on disk (little-endian). */
const GGML_MAGIC = Buffer.from('lmgg', 'ascii');
/** The model the setup downloads; preferred when the tools folder holds several. */
export const DEFAULT_WHISPER_MODEL = 'ggml-small.bin';

// Where `npm run voice:setup` (and a hand install) puts things: the folder itself, bin/,
// piper/ (the Piper release archive's folder), models/ and voices/.
function toolDirs(toolsDir: string): string[] {
  return [toolsDir, join(toolsDir, 'bin'), join(toolsDir, 'piper')];
}

function locateBinary(
  label: string,
  env: string,
  configured: string | undefined,
  command: string,
  toolsDir: string,
  pathEnv: string,
  hint: string,
): { path?: string; error?: string } {
  if (configured) {
    const full = resolve(configured);
    return isExecutable(full) ? { path: full } : { error: `${env}=${configured}: ${describeMissingFile(full)}; ${hint}` };
  }
  const found = findBinary(command, toolDirs(toolsDir), pathEnv);
  return found ? { path: found } : { error: `${label}: \`${command}\` not found on PATH or in ${toolsDir}; ${hint}` };
}

function describeMissingFile(file: string): string {
  try {
    const st = statSync(file);
    if (!st.isFile()) return 'is not a file';
    return 'is not executable (chmod +x)';
  } catch {
    return 'does not exist';
  }
}

function listFiles(dir: string, test: (name: string) => boolean): string[] {
  try {
    return readdirSync(dir)
      .filter(test)
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/** A ggml whisper model: a file that starts with the ggml magic. Returns why not, or undefined. */
export function whisperModelProblem(file: string): string | undefined {
  let fd: number | undefined;
  try {
    const st = statSync(file);
    if (!st.isFile()) return `${file} is not a file`;
    if (st.size < 64) return `${file} is empty or truncated (${st.size} bytes)`;
    fd = openSync(file, 'r');
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    if (!head.equals(GGML_MAGIC)) return `${file} is not a ggml whisper model (wrong magic; a GGUF or a partial download?)`;
    return undefined;
  } catch {
    return `${file} does not exist`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function locateWhisperModel(configured: string | undefined, toolsDir: string): { path?: string; error?: string } {
  if (configured) {
    const full = resolve(configured);
    const problem = whisperModelProblem(full);
    return problem ? { error: `JARVIS_WHISPER_MODEL: ${problem}; run npm run voice:setup or point it at a ggml-*.bin` } : { path: full };
  }
  const candidates = [toolsDir, join(toolsDir, 'models')].flatMap((d) => listFiles(d, (f) => /^ggml-.*\.bin$/.test(f)));
  const preferred = candidates.find((c) => c.endsWith(`/${DEFAULT_WHISPER_MODEL}`)) ?? candidates[0];
  if (!preferred)
    return {
      error: `Whisper model: no ggml-*.bin in ${toolsDir} or ${join(toolsDir, 'models')}; run npm run voice:setup or set JARVIS_WHISPER_MODEL`,
    };
  const problem = whisperModelProblem(preferred);
  return problem ? { error: `Whisper model: ${problem}` } : { path: preferred };
}

function locatePiperVoice(configured: string | undefined, toolsDir: string): { path?: string; error?: string } {
  if (configured) {
    const full = resolve(configured);
    try {
      if (statSync(full).isFile()) return { path: full };
    } catch {
      // reported below
    }
    return { error: `JARVIS_PIPER_VOICE=${configured} does not exist` };
  }
  const found = [join(toolsDir, 'voices'), toolsDir, join(toolsDir, 'piper')].flatMap((d) => listFiles(d, (f) => f.endsWith('.onnx')))[0];
  return found
    ? { path: found }
    : { error: `Piper voice: no *.onnx in ${join(toolsDir, 'voices')}; run npm run voice:setup or set JARVIS_PIPER_VOICE` };
}

/**
 * Resolves every voice part from configuration, PATH and the tools folder. Cheap (a few
 * stat calls), so the status is computed fresh each time and a tool installed while the
 * app runs is picked up without a restart.
 */
export function resolveVoiceTools(config: VoiceConfig, pathEnv = process.env.PATH ?? ''): VoiceTools {
  const toolsDir = resolve(config.toolsDir);
  const ffmpeg = locateBinary(
    'ffmpeg',
    'JARVIS_FFMPEG_BIN',
    config.ffmpegBin,
    'ffmpeg',
    toolsDir,
    pathEnv,
    'install ffmpeg (apt-get install ffmpeg) or set JARVIS_FFMPEG_BIN',
  );
  const whisper = locateBinary(
    'whisper.cpp',
    'JARVIS_WHISPER_BIN',
    config.whisperBin,
    'whisper-cli',
    toolsDir,
    pathEnv,
    'run npm run voice:setup or set JARVIS_WHISPER_BIN',
  );
  const model = locateWhisperModel(config.whisperModel, toolsDir);
  const sttErrors = [whisper.error, model.error, ffmpeg.error].filter((e): e is string => e !== undefined);
  // The order the HUD chip reports: the binary first, then its model, then the converter.
  const sttState: SttState = !whisper.path ? 'BIN' : !model.path ? 'MODEL' : !ffmpeg.path ? 'FFMPEG' : 'LOCAL';

  const piper = locateBinary(
    'Piper',
    'JARVIS_PIPER_BIN',
    config.piperBin,
    'piper',
    toolsDir,
    pathEnv,
    'run npm run voice:setup or set JARVIS_PIPER_BIN',
  );
  const voice = piper.path ? locatePiperVoice(config.piperVoice, toolsDir) : {};
  const espeak = findBinary('espeak-ng', toolDirs(toolsDir), pathEnv);
  const ttsErrors = [piper.error, voice.error].filter((e): e is string => e !== undefined);
  let ttsEngine: TtsEngine;
  if (piper.path && voice.path) ttsEngine = 'piper';
  else if (espeak) {
    ttsEngine = 'espeak-ng';
    ttsErrors.push(`speaking with espeak-ng (${espeak}) because Piper is not ready`);
  } else {
    ttsEngine = 'none';
    ttsErrors.push('espeak-ng not found either (apt-get install espeak-ng): replies are text only');
  }

  return {
    toolsDir,
    ...(ffmpeg.path ? { ffmpeg: ffmpeg.path } : {}),
    ...(whisper.path ? { whisperBin: whisper.path } : {}),
    ...(model.path ? { whisperModel: model.path } : {}),
    language: config.whisperLanguage,
    sttState,
    sttErrors,
    ttsEngine,
    ...(piper.path ? { piperBin: piper.path } : {}),
    ...(voice.path ? { piperVoice: voice.path } : {}),
    ...(espeak ? { espeak } : {}),
    ttsErrors,
  };
}
