// MCP both ways, each against its baseline in the same run (medians, interleaved):
// - a tool call through JARVIS's /mcp (a JSON-RPC POST: HTTP, token, policy, protocol
//   recording; a plain tools/call is answered without the SDK's server) against the same
//   registry call in process. Target: at most 2 ms added. The same call through the SDK's
//   client is shown too: its own work (schema checks of the answer, headers) is the client's,
//   not the endpoint's; and the same POST with `_meta` in its params, which /mcp leaves to the
//   SDK's server and transport. Every call, reads too, writes its protocol session; a read such
//   as tasks_list in one durable SQLite commit after it runs, so the MCP tool call in process
//   (gate, protocol, registry) and one such commit on the same disk are measured alongside.
// - an `mcp_` tool (server-everything's echo through the registry) against calling that
//   server directly with the SDK client. Target: at most 2 ms added.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Database from 'better-sqlite3';
import { bundleAndImport, median, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_ADDED_MS = 2;

/** Medians of each function, called in turn (after a warm-up), so load and JIT state hit them alike. */
async function interleaved(fns, runs) {
  const times = fns.map(() => []);
  for (let i = 0; i < 100; i++) for (const fn of fns) await fn();
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++) {
      const s = performance.now();
      await fns[k]();
      times[k].push(performance.now() - s);
    }
  }
  const medians = times.map(median);
  return { medians, paired: (k, base = 0) => median(times[k].map((v, i) => v - times[base][i])) };
}

function ok(result) {
  if (result.success === false || result.isError) throw new Error(`a call failed: ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

export async function run() {
  const m = await bundleAndImport('mcp', 'bench/fixtures/mcp-bench-entry.ts');
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-mcp-bench-'));
  const config = join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } }));
  const t = await m.startTestMaster({ JARVIS_MCP_CONFIG: config, JARVIS_DEBUG_TRACE: 'false' });
  const registry = t.master.platform.registry;
  const ctx = () => ({ traceId: m.newTraceId(), now: new Date(), timezone: 'Europe/Berlin', actor: 'user' });
  const results = [];
  let viaHttp;
  let direct;
  // The master's own settings (platform/database): WAL, synchronous = FULL.
  const disk = new Database(join(dir, 'commit.db'));
  disk.pragma('journal_mode = WAL');
  disk.pragma('synchronous = FULL');
  disk.exec('CREATE TABLE t (v INTEGER)');
  const insert = disk.prepare('INSERT INTO t (v) VALUES (?)');
  try {
    // JARVIS as a server: tasks_list in process vs through /mcp.
    const token = (await t.request('/api/mcp/tokens', { json: { name: 'bench' } })).json.token;
    viaHttp = new Client({ name: 'bench', version: '1.0.0' });
    await viaHttp.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', t.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    const call = (params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
    const posting = (body) => async () => {
      const res = await fetch(new URL('/mcp', t.url), { method: 'POST', headers, body });
      const answer = await res.json();
      return ok(answer.result ?? { isError: true, answer });
    };
    const post = posting(call({ name: 'tasks_list', arguments: {} }));
    const viaSdkServer = posting(call({ name: 'tasks_list', arguments: {}, _meta: {} }));
    const mcpCalls = t.master.capabilities.mcp.calls;
    const recorded = async () => ok(await mcpCalls.call({ key: 'bench-in-process', name: 'bench' }, 'tasks_list', {}));
    const inProcess = async () => ok(await registry.call('tasks_list', {}, ctx()));
    const api = async () => {
      const res = await fetch(new URL('/api/tools/tasks_list', t.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"arguments":{}}',
      });
      return ok(await res.json());
    };
    const sdkCall = async () => ok(await viaHttp.callTool({ name: 'tasks_list', arguments: {} }));
    const commit = async () => insert.run(1);
    const server = await interleaved([inProcess, api, post, sdkCall, commit, viaSdkServer, recorded], RUNS);
    const [inProcessMs, apiMs, postMs, sdkMs, commitMs, sdkServerMs, recordedMs] = server.medians;
    report(`JARVIS as an MCP server: tasks_list (median of ${RUNS}, interleaved)`, [
      ['registry call in process (baseline)', `${inProcessMs.toFixed(2)} ms`],
      ['JSON-RPC POST to /mcp (token, policy, protocol)', `${postMs.toFixed(2)} ms`],
      [`added by /mcp (target <= ${TARGET_ADDED_MS} ms)`, `${(postMs - inProcessMs).toFixed(2)} ms`],
      ['median of paired differences', `${server.paired(2).toFixed(2)} ms`],
      ['HTTP alone: POST /api/tools/tasks_list', `${apiMs.toFixed(2)} ms (/mcp adds ${server.paired(2, 1).toFixed(2)} ms to it, paired)`],
      ['the same call with the SDK client', `${sdkMs.toFixed(2)} ms`],
      ['the same POST answered by the SDK server', `${sdkServerMs.toFixed(2)} ms (${server.paired(5, 2).toFixed(2)} ms more, paired)`],
      ['MCP tool call in process (gate, protocol)', `${recordedMs.toFixed(2)} ms (adds ${server.paired(6, 0).toFixed(2)} ms, paired)`],
      ['one durable SQLite commit on this disk', `${commitMs.toFixed(3)} ms (the call writes one)`],
    ]);
    const serverCall = { a: inProcessMs, b: postMs };
    results.push({ name: 'mcp-server-call', ratio: serverCall.b / serverCall.a, target: (serverCall.a + TARGET_ADDED_MS) / serverCall.a });

    // MCP servers as skills: server-everything's echo directly vs as mcp_everything_echo.
    await m.eventually(async () => (await m.activateProposedSkills(t, ['mcp.everything'])).length > 0 || undefined, 30_000, 'the proposal');
    await m.eventually(() => registry.get('mcp_everything_echo'), 30_000, 'the tool');
    direct = new Client({ name: 'bench', version: '1.0.0' });
    await direct.connect(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'ignore' }));
    const measured = await interleaved(
      [
        async () => ok(await direct.callTool({ name: 'echo', arguments: { message: 'hallo' } })),
        async () => ok(await registry.call('mcp_everything_echo', { message: 'hallo' }, ctx())),
      ],
      RUNS,
    );
    const client = { a: measured.medians[0], b: measured.medians[1], paired: measured.paired(1) };
    report(`MCP server as a skill: echo of server-everything (median of ${RUNS}, interleaved)`, [
      ['SDK client straight to the server (baseline)', `${client.a.toFixed(2)} ms`],
      ['registry call of mcp_everything_echo', `${client.b.toFixed(2)} ms`],
      [`added (target <= ${TARGET_ADDED_MS} ms)`, `${(client.b - client.a).toFixed(2)} ms`],
      ['median of paired differences', `${client.paired.toFixed(2)} ms`],
    ]);
    results.push({ name: 'mcp-client-call', ratio: client.b / client.a, target: (client.a + TARGET_ADDED_MS) / client.a });
    return results;
  } finally {
    await viaHttp?.close();
    await direct?.close();
    await t.close();
    disk.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
