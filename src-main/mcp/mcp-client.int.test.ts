import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent, SkillInfo } from '../../src-shared';
import { activateProposedSkills, listedSkills } from '../testing/skill-proposals';
import { eventually } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sdk = join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const filesystem = join(root, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
const SECRET = 'sup3r-secret-mcp-value';

/**
 * A small server built with the SDK: one good tool, one whose input schema is not a JSON
 * schema, and `grow`, which adds a tool and tells the client its list changed.
 */
function oddServer(): string {
  return `
import { Server } from ${JSON.stringify(join(sdk, 'server', 'index.js'))};
import { StdioServerTransport } from ${JSON.stringify(join(sdk, 'server', 'stdio.js'))};
import { CallToolRequestSchema, ListToolsRequestSchema } from ${JSON.stringify(join(sdk, 'types.js'))};
const tools = [
  { name: 'good', description: 'works', inputSchema: { type: 'object', properties: {} }, annotations: { destructiveHint: true } },
  { name: 'bad schema', description: 'broken', inputSchema: { type: 'object', properties: { x: { type: 'no-such-type' } } } },
  { name: 'grow', description: 'adds a tool', inputSchema: { type: 'object', properties: {} } },
];
const server = new Server({ name: 'odd', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  if (req.params.name === 'grow') {
    tools.push({ name: 'extra' + tools.length, description: 'new', inputSchema: { type: 'object', properties: {} } });
    setTimeout(() => void server.sendToolListChanged(), 10);
  }
  return { content: [{ type: 'text', text: req.params.name + ' done' }] };
});
await server.connect(new StdioServerTransport());
`;
}

function skill(skills: readonly SkillInfo[], id: string): SkillInfo | undefined {
  return skills.find((s) => s.id === id);
}

/** The skill listing once `ready` holds for it, checked at start and at every skills.changed event. */
function whenSkills(tm: TestMaster, ready: (all: readonly SkillInfo[]) => boolean): Promise<readonly SkillInfo[]> {
  return new Promise((resolve, reject) => {
    let done = false;
    const check = async (): Promise<void> => {
      if (done) return;
      const all = await listedSkills(tm);
      if (!done && ready(all)) {
        done = true;
        resolve(all);
      }
    };
    tm.master.platform.events.subscribe((e: ServerEvent) => {
      if (e.type === 'skills.changed') check().catch(reject);
    });
    check().catch(reject);
  });
}

async function callTool(tm: TestMaster, name: string, args: Record<string, unknown> = {}) {
  return tm.request(`/api/tools/${name}`, { json: { arguments: args } });
}

describe('MCP servers from mcp.json as skill providers', () => {
  let tm: TestMaster;
  let folder: string;
  let base: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'jarvis-mcp-client-'));
    folder = join(base, 'files');
    mkdirSync(folder);
    writeFileSync(join(folder, 'einkauf.txt'), 'Milch, Brot\n');
    const odd = join(base, 'odd-server.mjs');
    writeFileSync(odd, oddServer());
    const config = join(base, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          everything: { command: process.execPath, args: [everything, 'stdio'], env: { SECRET_TOKEN: SECRET } },
          files: { command: process.execPath, args: [filesystem, folder] },
          odd: { command: process.execPath, args: [odd] },
          crasher: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
          hanger: { command: process.execPath, args: ['-e', 'setTimeout(() => {}, 60000)'] },
        },
      }),
    );
    tm = await startTestMaster({ JARVIS_MCP_CONFIG: config, JARVIS_MCP_CALL_TIMEOUT: '3s' });
  }, 180_000);
  afterAll(async () => {
    await tm.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('proposes each new server and keeps its tools off until the household activates it', async () => {
    // Five servers start at once; on a busy machine that takes what it takes: the test waits for
    // the skills.changed event that brings the last proposal, not for a fixed time.
    const skills = await whenSkills(tm, (all) =>
      ['mcp.everything', 'mcp.files', 'mcp.odd'].every((id) => skill(all, id)?.activation?.status === 'proposed'),
    );
    expect(skill(skills, 'mcp.everything')!.actions.map((a) => a.tool)).toContain('mcp_everything_echo');
    expect((await callTool(tm, 'mcp_everything_echo', { message: 'hi' })).status).toBe(404);
    const state = (await tm.request('/api/health')).json.components;
    expect(state['mcp:everything']).toMatchObject({ code: 'mcp.serverWaiting' });

    await activateProposedSkills(tm, ['mcp.everything', 'mcp.files', 'mcp.odd']);
    const echoed = await callTool(tm, 'mcp_everything_echo', { message: 'hallo' });
    expect(echoed.status).toBe(200);
    expect(echoed.json.message).toContain('hallo');
    // One of server-everything's tools has a `format` without `maxLength`, which ajv's secure
    // meta-schema refuses for untrusted schemas: that tool is left out, and the status says why.
    const status = (await tm.request('/api/health')).json.components['mcp:everything'];
    expect(status).toMatchObject({ state: 'degraded', code: 'mcp.serverReady' });
    expect(status.detail).toContain('gzip-file-as-resource (invalid input schema');
  }, 240_000);

  it('keeps schemas, maps annotations to risk classes and lets the policy decide per tool', async () => {
    const tools = (await tm.request('/api/agent/tools')).json;
    const list = JSON.stringify(tools);
    expect(list).toContain('mcp_files_read_text_file');
    const policy = (await tm.request('/api/policy/risk')).json.tools as { name: string; risk: string }[];
    const risk = (name: string) => policy.find((t) => t.name === name)?.risk;
    expect(risk('mcp_everything_echo')).toBe('read');
    expect(risk('mcp_everything_toggle_simulated_logging')).toBe('reversible');
    expect(risk('mcp_odd_good')).toBe('disruptive');
    // Arguments are checked against the server's schema before the server sees them.
    const invalid = await callTool(tm, 'mcp_everything_get_sum', { a: 'eins', b: 2 });
    expect(invalid.json.error.code).toBe('INVALID_ARGUMENTS');
    expect((await callTool(tm, 'mcp_everything_get_sum', { a: 2, b: 3 })).json.message).toContain('5');
  });

  it('reads a folder through server-filesystem', async () => {
    const read = await callTool(tm, 'mcp_files_read_text_file', { path: join(folder, 'einkauf.txt') });
    expect(read.json.success).toBe(true);
    expect(read.json.message).toContain('Milch, Brot');
    const outside = await callTool(tm, 'mcp_files_read_text_file', { path: '/etc/hostname' });
    expect(outside.json.success).toBe(false);
    expect(outside.json.error.code).toBe('MCP_TOOL_ERROR');
  });

  it('follows a long-running tool that reports progress', async () => {
    const result = await callTool(tm, 'mcp_everything_trigger_long_running_operation', { duration: 1, steps: 2 });
    expect(result.json.success).toBe(true);
  });

  it('skips a tool with an invalid schema and says so, keeping the server', async () => {
    const odd = skill(await listedSkills(tm), 'mcp.odd')!;
    expect(odd.actions.map((a) => a.tool).sort()).toEqual(['mcp_odd_good', 'mcp_odd_grow']);
    expect(odd.errors.join(' ')).toContain('bad schema');
    expect((await tm.request('/api/health')).json.components['mcp:odd'].detail).toContain('bad schema');
    expect((await callTool(tm, 'mcp_odd_good')).json.message).toBe('good done');
  });

  it('turns a changed tool list into a new proposal: the tools are off again', async () => {
    expect((await callTool(tm, 'mcp_odd_grow')).json.success).toBe(true);
    const odd = await eventually(
      async () => {
        const s = skill(await listedSkills(tm), 'mcp.odd');
        return s?.activation?.status === 'proposed' ? s : undefined;
      },
      60_000,
      'the changed server to be proposed again',
    );
    expect(odd.actions.map((a) => a.tool)).toContain('mcp_odd_extra3');
    expect((await callTool(tm, 'mcp_odd_good')).status).toBe(404);
    await activateProposedSkills(tm, ['mcp.odd']);
    expect((await callTool(tm, 'mcp_odd_extra3')).json.message).toBe('extra3 done');
  }, 180_000);

  it('reports a server that crashes or hangs in the status board, with JARVIS running on', async () => {
    const health = await eventually(
      async () => {
        const c = (await tm.request('/api/health')).json.components;
        return c['mcp:crasher']?.state === 'error' && c['mcp:hanger']?.state === 'error' ? c : undefined;
      },
      120_000,
      'the broken servers to be reported',
    );
    expect(health['mcp:crasher'].code).toBe('mcp.serverFailed');
    expect(health['mcp:hanger'].detail).toMatch(/timed out|timeout/i);
    expect((await tm.request('/api/health')).status).toBe(200);
  }, 180_000);

  it('never lets a secret from env reach the trace, the skill listing or the status', async () => {
    const env = await callTool(tm, 'mcp_everything_get_env');
    expect(env.json.success).toBe(true);
    const exported = (await tm.request('/api/debug/export')).text;
    expect(exported).not.toContain(SECRET);
    expect((await tm.request('/api/skills')).text).not.toContain(SECRET);
    expect((await tm.request('/api/health')).text).not.toContain(SECRET);
  });
});
