import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// JARVIS's MCP server exercised by MCP clients written by others: the SDK's client over
// stdio (`jarvis mcp`) and the MCP Inspector's command-line client over stdio and HTTP.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const jarvis = join(root, 'bin', 'jarvis.mjs');
const inspector = join(root, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'index.js');
const run = promisify(execFile);

beforeAll(async () => {
  const { build } = (await import(join(root, 'scripts', 'build.mjs'))) as { build: (o: object) => Promise<void> };
  await build({ quiet: true, targets: ['main'] });
}, 180_000);

function jarvisEnv(dir: string, dataFile = join(dir, 'jarvis.db')): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    JARVIS_ADDR: '127.0.0.1:0',
    JARVIS_DATA: dataFile,
    JARVIS_SKILLS_DIR: join(dir, 'skills'),
    JARVIS_MCP_CONFIG: join(dir, 'mcp.json'),
    OLLAMA_URL: 'http://127.0.0.1:9',
    TASK_SCOUT_INTERVAL: '0',
    KANBAN_AI_INTERVAL: '0',
  };
}

async function stdioClient(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'sdk-stdio-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [jarvis, 'mcp'], env, stderr: 'ignore' }));
  return client;
}

async function inspect(args: string[], env: Record<string, string> = {}): Promise<unknown> {
  // inspector-cli 1.0.3 looks for its package.json relative to the working directory (and
  // imports it relative to itself): it runs from its own build folder so both agree.
  const { stdout } = await run(process.execPath, [inspector, ...args], {
    cwd: dirname(inspector),
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as unknown;
}

describe('jarvis mcp (stdio) with the SDK client', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-mcp-stdio-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts JARVIS itself when none runs, lists and calls tools, and refuses what needs confirmation', async () => {
    const client = await stdioClient(jarvisEnv(dir));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('groceries_add');
    const added = (await client.callTool({ name: 'groceries_add', arguments: { name: 'Eier' } })) as CallToolResult;
    expect(added.isError).toBeFalsy();
    const removed = (await client.callTool({
      name: 'groceries_remove',
      arguments: { id: (added.structuredContent as { data: { id: string } }).data.id },
    })) as CallToolResult;
    expect(removed.isError).toBe(true);
    expect(JSON.stringify(removed.content)).toContain("needs the household's confirmation");
    await client.close();
  }, 60_000);

  describe('while JARVIS runs', () => {
    let tm: TestMaster;
    beforeAll(async () => {
      tm = await startTestMaster();
    });
    afterAll(() => tm.close());

    it('passes the messages to the running JARVIS, acting as the local user', async () => {
      // The running master's address and the local user's key: readable by this user only.
      expect(statSync(`${tm.config.dataFile}.mcp-local.json`).mode & 0o777).toBe(0o600);
      const client = await stdioClient(jarvisEnv(tm.dataDir, tm.config.dataFile));
      const created = (await client.callTool({ name: 'tasks_create', arguments: { title: 'Über die Brücke' } })) as CallToolResult;
      expect(created.isError).toBeFalsy();
      const tasks = await tm.request('/api/tools/tasks_list', { json: { arguments: {} } });
      expect(JSON.stringify(tasks.json.data)).toContain('Über die Brücke');
      const protocol = tm.master.capabilities.protocol.service;
      expect(protocol.sessions().some((s) => s.owner_actor_id === 'act_mcp_local')).toBe(true);
      await client.close();
    }, 60_000);

    it('is listed and called by the MCP Inspector CLI over HTTP', async () => {
      const token = (await tm.request('/api/mcp/tokens', { json: { name: 'Inspector' } })).json.token as string;
      const http = [`${tm.url}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${token}`];
      const listed = (await inspect([...http, '--method', 'tools/list'])) as { tools: { name: string }[] };
      expect(listed.tools.map((t) => t.name)).toContain('tasks_create');
      const called = (await inspect([
        ...http,
        '--method',
        'tools/call',
        '--tool-name',
        'tasks_create',
        '--tool-arg',
        'title=Vom Inspector',
      ])) as {
        isError?: boolean;
      };
      expect(called.isError).toBeFalsy();
      const tasks = await tm.request('/api/tools/tasks_list', { json: { arguments: {} } });
      expect(JSON.stringify(tasks.json.data)).toContain('Vom Inspector');
      const resources = (await inspect([...http, '--method', 'resources/list'])) as { resources: { uri: string }[] };
      expect(resources.resources.map((r) => r.uri)).toContain('jarvis://groceries/open');
      const wrong = [`${tm.url}/mcp`, '--transport', 'http', '--header', 'Authorization: Bearer jmcp_wrong', '--method', 'tools/list'];
      await expect(inspect(wrong)).rejects.toThrow();
    }, 120_000);

    it('is listed and called by the MCP Inspector CLI over stdio', async () => {
      const env = jarvisEnv(tm.dataDir, tm.config.dataFile);
      const listed = (await inspect([process.execPath, jarvis, 'mcp', '--method', 'tools/list'], env)) as { tools: { name: string }[] };
      expect(listed.tools.map((t) => t.name)).toContain('calendar_list');
      const called = (await inspect(
        [process.execPath, jarvis, 'mcp', '--method', 'tools/call', '--tool-name', 'groceries_add', '--tool-arg', 'name=Kaffee'],
        env,
      )) as { isError?: boolean };
      expect(called.isError).toBeFalsy();
      const list = await tm.request('/api/tools/groceries_list', { json: { arguments: {} } });
      expect(JSON.stringify(list.json.data)).toContain('Kaffee');
    }, 120_000);
  });
});
