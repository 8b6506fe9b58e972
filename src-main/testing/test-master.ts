import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../platform/config';
import { type Master, type MasterOptions } from '../master';
import { hostMaster, type MasterHost } from '../master/host';
import { silentLogger } from '../platform/trace';
import { LOCAL_SECRET_HEADER } from '../access';

export interface TestMaster {
  /** The master running now (another one after a restore from the app restarted it). */
  readonly master: Master;
  readonly host: MasterHost;
  readonly config: Config;
  readonly url: string;
  readonly meshUrl?: string;
  readonly dataDir: string;
  /**
   * fetch against the API listener with a JSON body helper, as the desktop window asks (with
   * its secret); `local: true` asks as any other program on the machine.
   */
  request(
    path: string,
    init?: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string; local?: boolean },
  ): Promise<{ status: number; json: any; text: string; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * Starts the real master on free loopback ports with its own temporary data folder.
 * Integration tests use this; nothing is mocked below the HTTP boundary.
 */
export async function startTestMaster(env: Record<string, string> = {}, options: MasterOptions = {}): Promise<TestMaster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jarvis-test-'));
  const config = loadConfig({
    JARVIS_ADDR: '127.0.0.1:0',
    JARVIS_MESH_ADDR: '127.0.0.1:0',
    JARVIS_DATA: join(dataDir, 'jarvis.db'),
    OLLAMA_URL: 'http://127.0.0.1:9',
    JARVIS_SKILLS_DIR: join(dataDir, 'skills'),
    JARVIS_SKILLS_USER_DIR: join(dataDir, 'user-skills'),
    JARVIS_SKILL_OVERLAY_DIR: join(dataDir, 'skill-overlays'),
    TASK_SCOUT_INTERVAL: '0',
    KANBAN_AI_INTERVAL: '0',
    // Never the developer's own ~/.jarvis/mcp.json.
    JARVIS_MCP_CONFIG: join(dataDir, 'mcp.json'),
    ...env,
  });
  const host = hostMaster(config, { logger: silentLogger, ...options });
  const { apiUrl, meshUrl } = await host.start();
  return {
    get master() {
      return host.master;
    },
    host,
    config,
    url: apiUrl,
    ...(meshUrl ? { meshUrl } : {}),
    dataDir,
    async request(path, init = {}) {
      const headers: Record<string, string> = {
        ...(init.local ? {} : { [LOCAL_SECRET_HEADER]: host.master.capabilities.access.localSecret }),
        ...(init.headers ?? {}),
      };
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      }
      const res = await fetch(`${apiUrl}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, json, text, headers: res.headers };
    },
    async close() {
      await host.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
