import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The official MCP conformance suite against JARVIS's /mcp. Its client sends no
// Authorization header, so it talks to a loopback relay that adds the household token (the
// relay only exists in this test). Scenarios that need tools, resources or prompts only a
// test server has (test_simple_text, sampling, elicitation, subscriptions, ...) do not apply.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const conformance = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const node20Glob = join(root, 'src-main', 'testing', 'node20-fs-glob', 'register.mjs');

/** The scenarios that apply to a household server, and which of them JARVIS passes. */
export const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

function relay(target: URL, token: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: req.method,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${address.port}/mcp` });
    }),
  );
}

function runScenario(url: string, scenario: string, cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', node20Glob, conformance, 'server', '--url', url, '--scenario', scenario],
      { cwd, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('the MCP conformance suite against /mcp', () => {
  let tm: TestMaster;
  let proxy: { server: Server; url: string };
  let cwd: string;

  beforeAll(async () => {
    tm = await startTestMaster();
    const token = (await tm.request('/api/mcp/tokens', { json: { name: 'conformance' } })).json.token as string;
    proxy = await relay(new URL('/mcp', tm.url), token);
    cwd = mkdtempSync(join(tmpdir(), 'jarvis-conformance-'));
  });
  afterAll(async () => {
    proxy.server.close();
    await tm.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it.each(APPLICABLE_SCENARIOS)(
    'passes %s',
    async (scenario) => {
      const { code, out } = await runScenario(proxy.url, scenario, cwd);
      expect(out, out).not.toMatch(/FAILURE|✗/);
      expect(code, out).toBe(0);
    },
    90_000,
  );
});
