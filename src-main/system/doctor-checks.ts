import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../platform/config';
import { findBinary } from '../platform/binaries';
import { detectSandbox, type SandboxMode } from '../skills/process';

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  /** What was found (a path, a version, a count) or what is missing and how to fix it. */
  readonly detail: string;
  /** Optional parts only warn; the app runs without them. */
  readonly optional: boolean;
}

export type Check = (config: Config) => Promise<CheckResult> | CheckResult;

async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

export const checkOllama: Check = async (config) => {
  try {
    const tags = (await fetchJson(`${config.ollamaUrl}/api/tags`, 2000)) as { models?: { name: string }[] };
    const models = (tags.models ?? []).map((m) => m.name);
    return {
      name: 'ollama',
      ok: models.length > 0,
      detail:
        models.length > 0
          ? `reachable at ${config.ollamaUrl}; models: ${models.join(', ')}`
          : `reachable at ${config.ollamaUrl} but no model is installed (ollama pull qwen3)`,
      optional: true,
    };
  } catch (err) {
    return {
      name: 'ollama',
      ok: false,
      detail: `not reachable at ${config.ollamaUrl} (${err instanceof Error ? err.message : String(err)}); start it with: ollama serve`,
      optional: true,
    };
  }
};

function binaryCheck(name: string, configured: string | undefined, command: string, hint: string, extraDirs: string[] = []): CheckResult {
  const found = findBinary(configured ?? command, extraDirs);
  return found
    ? { name, ok: true, detail: found, optional: true }
    : {
        name,
        ok: false,
        detail: `${configured ? `${configured} is not an executable file` : `${command} not found on PATH`}; ${hint}`,
        optional: true,
      };
}

export const checkFfmpeg: Check = (config) =>
  binaryCheck('ffmpeg', config.ffmpegBin, 'ffmpeg', 'install ffmpeg (apt-get install ffmpeg) or set JARVIS_FFMPEG_BIN');

export const checkWhisper: Check = (config) =>
  binaryCheck('whisper', config.whisperBin, 'whisper-cli', 'run npm run voice:setup or set JARVIS_WHISPER_BIN', [resolve(config.toolsDir)]);

export const checkWhisperModel: Check = (config) => {
  const model = config.whisperModel;
  if (!model) return { name: 'whisper model', ok: false, detail: 'JARVIS_WHISPER_MODEL is not set (a ggml-*.bin file)', optional: true };
  return existsSync(model)
    ? { name: 'whisper model', ok: true, detail: `${model} (${Math.round(statSync(model).size / 1e6)} MB)`, optional: true }
    : { name: 'whisper model', ok: false, detail: `${model} does not exist`, optional: true };
};

export const checkPiper: Check = (config) => {
  const piper = binaryCheck('piper', config.piperBin, 'piper', 'espeak-ng is used instead', [resolve(config.toolsDir)]);
  if (piper.ok) return piper;
  const espeak = findBinary('espeak-ng');
  return espeak
    ? { ...piper, detail: `${piper.detail} (found ${espeak})` }
    : { ...piper, detail: `${piper.detail}, but espeak-ng is missing too (apt-get install espeak-ng)` };
};

export const checkDocker: Check = (config) => {
  const socket = config.dockerSocket;
  const enabled = config.dockerControllerEnabled ? '' : ' (controller off: JARVIS_DOCKER_CONTROLLER_ENABLED=false)';
  try {
    if (!statSync(socket).isSocket())
      return { name: 'docker socket', ok: false, detail: `${socket} is not a socket${enabled}`, optional: true };
    accessSync(socket, constants.R_OK | constants.W_OK);
    return { name: 'docker socket', ok: true, detail: `${socket}${enabled}`, optional: true };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' ? 'permission denied (add the user to the docker group)' : 'missing';
    return { name: 'docker socket', ok: false, detail: `${socket}: ${why}${enabled}`, optional: true };
  }
};

export const checkDataFolder: Check = (config) => {
  const folder = dirname(resolve(config.dataFile));
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return { name: 'data folder', ok: true, detail: `${folder} is writable`, optional: false };
  } catch (err) {
    return {
      name: 'data folder',
      ok: false,
      detail: `${folder} is not writable (${(err as NodeJS.ErrnoException).code ?? String(err)}); set JARVIS_DATA`,
      optional: false,
    };
  }
};

/** Whether local skill processes run isolated (own PID namespace, no view of the master). */
export const checkSkillIsolation: Check = (config) => {
  const name = 'skill isolation';
  if (!config.skillProcessEnabled)
    return { name, ok: true, detail: 'local process skills are off (JARVIS_SKILL_PROCESS_ENABLED=false)', optional: true };
  const mode = config.skillSandbox as SandboxMode;
  const status = detectSandbox(mode, process.env.PATH ?? '');
  if (status.kind === 'bwrap')
    return { name, ok: true, detail: `active: bubblewrap (${status.bwrap}), own PID namespace per call`, optional: true };
  const risk = 'skills run as this user and can read the environment and files of JARVIS; install bubblewrap (apt-get install bubblewrap)';
  return {
    name,
    ok: false,
    detail: status.required ? `required but unavailable: ${status.reason}; local skills do not run` : `off: ${status.reason}; ${risk}`,
    optional: !status.required,
  };
};

export const DEFAULT_CHECKS: readonly Check[] = [
  checkDataFolder,
  checkOllama,
  checkFfmpeg,
  checkWhisper,
  checkWhisperModel,
  checkPiper,
  checkDocker,
  checkSkillIsolation,
];

export async function runChecks(config: Config, checks: readonly Check[] = DEFAULT_CHECKS): Promise<CheckResult[]> {
  return Promise.all(checks.map(async (check) => check(config)));
}
