// The worker is configured by its environment only.
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface WorkerConfig {
  readonly masterUrl: string;
  readonly enrollmentToken: string;
  readonly name: string;
  readonly runtime: string;
  readonly endpoint: string;
  readonly host: string;
  readonly port: number;
  readonly skillsDir: string;
  /** Where the worker keeps its own key (worker-key.pem), made on first start. */
  readonly dataDir: string;
  /** The container is the boundary here: manifests may name python3, node, … */
  readonly allowSystemExec: boolean;
  readonly maxTimeoutMs: number;
  readonly maxOutputKb: number;
  readonly maxMemoryMb: number;
  readonly maxDiskMb: number;
}

export class WorkerConfigError extends Error {}

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number, problems: string[]): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^[1-9][0-9]{0,9}$/.test(text)) {
    problems.push(`${name} must be a positive integer, got ${JSON.stringify(text)}`);
    return fallback;
  }
  return Number(text);
}

export function loadWorkerConfig(env: Record<string, string | undefined>): WorkerConfig {
  const problems: string[] = [];
  const need = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is required`);
    return value ?? '';
  };
  const masterUrl = need('JARVIS_MASTER_URL');
  const enrollmentToken = need('JARVIS_MESH_ENROLLMENT_TOKEN');
  const runtime = need('JARVIS_WORKER_RUNTIME');
  const portText = env.JARVIS_WORKER_PORT?.trim() || '7070';
  const port = Number(portText);
  if (!/^[0-9]{1,5}$/.test(portText) || port > 65535)
    problems.push(`JARVIS_WORKER_PORT must be a port number, got ${JSON.stringify(portText)}`);
  const host = env.JARVIS_WORKER_HOST?.trim() || '0.0.0.0';
  const name = env.JARVIS_WORKER_NAME?.trim() || `${runtime || 'worker'}-main`;
  const endpoint = env.JARVIS_WORKER_ENDPOINT?.trim() || `http://127.0.0.1:${port}`;
  if (masterUrl && !/^https?:\/\//.test(masterUrl))
    problems.push(`JARVIS_MASTER_URL must be an http(s) URL, got ${JSON.stringify(masterUrl)}`);
  if (!/^https?:\/\//.test(endpoint)) problems.push(`JARVIS_WORKER_ENDPOINT must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  const execText = env.JARVIS_SKILL_ALLOW_SYSTEM_EXEC?.trim().toLowerCase() || 'true';
  if (!['true', 'false', '1', '0'].includes(execText))
    problems.push(`JARVIS_SKILL_ALLOW_SYSTEM_EXEC must be true or false, got ${JSON.stringify(execText)}`);
  const maxTimeoutMs = positiveInt(env, 'JARVIS_SKILL_MAX_TIMEOUT_MS', 30_000, problems);
  const maxOutputKb = positiveInt(env, 'JARVIS_SKILL_MAX_OUTPUT_KB', 1024, problems);
  const maxMemoryMb = positiveInt(env, 'JARVIS_SKILL_MAX_MEMORY_MB', 1024, problems);
  const maxDiskMb = positiveInt(env, 'JARVIS_SKILL_MAX_DISK_MB', 64, problems);
  if (problems.length > 0) throw new WorkerConfigError(`Invalid worker configuration:\n  ${problems.join('\n  ')}`);
  return {
    masterUrl: masterUrl.replace(/\/$/, ''),
    enrollmentToken,
    name,
    runtime,
    endpoint: endpoint.replace(/\/$/, ''),
    host,
    port,
    skillsDir: env.JARVIS_SKILLS_DIR?.trim() || '/skills',
    dataDir: env.JARVIS_WORKER_DATA_DIR?.trim() || join(homedir(), '.jarvis-worker'),
    allowSystemExec: execText === 'true' || execText === '1',
    maxTimeoutMs,
    maxOutputKb,
    maxMemoryMb,
    maxDiskMb,
  };
}
