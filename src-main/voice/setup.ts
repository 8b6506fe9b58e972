import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { arch } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { resolveVoiceTools, whisperModelProblem, DEFAULT_WHISPER_MODEL, type VoiceConfig } from './voice-tools';

/** Where the voice parts come from. */
export interface VoiceDownloads {
  readonly whisperModel: string;
  readonly piperVoice: string;
  readonly piperVoiceConfig: string;
  readonly piperArchive: string;
}

const PIPER_RELEASE = 'https://github.com/rhasspy/piper/releases/download/2023.11.14-2';
const PIPER_VOICE = 'https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/de/de_DE/thorsten/medium/de_DE-thorsten-medium.onnx';

export function defaultDownloads(cpu: string = arch()): VoiceDownloads {
  const piperArch = cpu === 'arm64' ? 'aarch64' : cpu === 'arm' ? 'armv7' : 'x86_64';
  return {
    whisperModel: `https://huggingface.co/ggerganov/whisper.cpp/resolve/main/${DEFAULT_WHISPER_MODEL}`,
    piperVoice: PIPER_VOICE,
    piperVoiceConfig: `${PIPER_VOICE}.json`,
    piperArchive: `${PIPER_RELEASE}/piper_linux_${piperArch}.tar.gz`,
  };
}

export interface SetupStep {
  readonly item: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface SetupOptions {
  readonly downloads?: VoiceDownloads;
  /** How long to wait for a server to answer before calling it unreachable. */
  readonly connectTimeoutMs?: number;
  /** Builds whisper-cli from whisper.cpp sources when it is missing; returns the binary. */
  readonly buildWhisperCli?: () => string;
  readonly log?: (line: string) => void;
  readonly pathEnv?: string;
}

async function download(url: string, target: string, connectTimeoutMs: number, log: (l: string) => void): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${connectTimeoutMs / 1000} s`)), connectTimeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { signal: controller.signal, redirect: 'follow' });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `cannot reach ${new URL(url).host} (${cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))}); without internet, copy the file by hand from ${url} to ${target}`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) throw new Error(`${url} answered HTTP ${res.status}`);
  const size = Number(res.headers.get('content-length') ?? 0);
  log(`downloading ${url}${size ? ` (${Math.round(size / 1e6)} MB)` : ''} -> ${target}`);
  const part = `${target}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as unknown as WebReadableStream), createWriteStream(part));
    if (size && statSync(part).size !== size) throw new Error(`download of ${url} was cut short`);
    renameSync(part, target);
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  }
}

/**
 * `npm run voice:setup`: fetches what is missing into the tools folder (the Whisper model,
 * a Piper voice, the Piper binary), builds whisper-cli where its sources and cmake are at
 * hand, and reports each item on its own, so an offline machine learns exactly what to copy.
 */
export async function setupVoice(config: VoiceConfig, options: SetupOptions = {}): Promise<SetupStep[]> {
  const downloads = options.downloads ?? defaultDownloads();
  const connectTimeoutMs = options.connectTimeoutMs ?? 20_000;
  const log = options.log ?? (() => undefined);
  const pathEnv = options.pathEnv ?? process.env.PATH ?? '';
  const before = resolveVoiceTools(config, pathEnv);
  const tools = before.toolsDir;
  const steps: SetupStep[] = [];
  const step = async (item: string, work: () => Promise<string>) => {
    try {
      steps.push({ item, ok: true, detail: await work() });
    } catch (err) {
      steps.push({ item, ok: false, detail: err instanceof Error ? err.message : String(err) });
    }
  };

  await step('whisper model', async () => {
    if (before.whisperModel) return `present: ${before.whisperModel}`;
    if (config.whisperModel) throw new Error(`JARVIS_WHISPER_MODEL points at ${config.whisperModel}, which is not usable; fix or unset it`);
    const target = join(tools, 'models', DEFAULT_WHISPER_MODEL);
    await download(downloads.whisperModel, target, connectTimeoutMs, log);
    const problem = whisperModelProblem(target);
    if (problem) {
      rmSync(target, { force: true });
      throw new Error(`downloaded file is unusable: ${problem}`);
    }
    return `downloaded: ${target}`;
  });

  await step('piper', async () => {
    if (before.piperBin) return `present: ${before.piperBin}`;
    if (config.piperBin) throw new Error(`JARVIS_PIPER_BIN points at ${config.piperBin}, which is not executable; fix or unset it`);
    const archive = join(tools, 'piper.tar.gz');
    await download(downloads.piperArchive, archive, connectTimeoutMs, log);
    const tar = spawnSync('tar', ['-xzf', archive, '-C', tools], { encoding: 'utf8' });
    rmSync(archive, { force: true });
    if (tar.status !== 0) throw new Error(`could not unpack the Piper archive: ${tar.stderr || tar.error?.message}`);
    const bin = join(tools, 'piper', 'piper');
    if (!existsSync(bin)) throw new Error(`the Piper archive holds no piper/piper`);
    return `installed: ${bin}`;
  });

  await step('piper voice', async () => {
    const now = resolveVoiceTools(config, pathEnv);
    if (now.piperVoice) return `present: ${now.piperVoice}`;
    if (config.piperVoice) throw new Error(`JARVIS_PIPER_VOICE points at ${config.piperVoice}, which does not exist; fix or unset it`);
    const name = downloads.piperVoice.split('/').pop() ?? 'voice.onnx';
    const target = join(tools, 'voices', name);
    await download(downloads.piperVoice, target, connectTimeoutMs, log);
    await download(downloads.piperVoiceConfig, `${target}.json`, connectTimeoutMs, log);
    return `downloaded: ${target}`;
  });

  await step('whisper-cli', async () => {
    if (before.whisperBin) return `present: ${before.whisperBin}`;
    if (!options.buildWhisperCli)
      throw new Error(before.sttErrors.find((e) => /whisper\.cpp|WHISPER_BIN/.test(e)) ?? 'whisper-cli is missing');
    const built = options.buildWhisperCli();
    const target = join(tools, 'bin', 'whisper-cli');
    mkdirSync(dirname(target), { recursive: true });
    const cp = spawnSync('cp', [built, target]);
    if (cp.status !== 0) throw new Error(`could not copy ${built} to ${target}`);
    return `built from whisper.cpp sources: ${target}`;
  });

  const ffmpeg = resolveVoiceTools(config, pathEnv);
  steps.push(
    ffmpeg.ffmpeg
      ? { item: 'ffmpeg', ok: true, detail: `present: ${ffmpeg.ffmpeg}` }
      : { item: 'ffmpeg', ok: false, detail: ffmpeg.sttErrors.find((e) => e.includes('ffmpeg')) ?? 'missing' },
  );
  return steps;
}
