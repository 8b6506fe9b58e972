// A real Radicale (Debian package `radicale`) on a free loopback port with its storage in a
// temporary folder: the CalDAV account a family member already has, for the sync tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Radicale {
  readonly url: string;
  readonly dir: string;
  /** A request with the test user's Basic login. */
  request(
    method: string,
    path: string,
    body?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string; etag: string | null }>;
  close(): Promise<void>;
}

export const RADICALE_USER = 'anna';
export const RADICALE_PASSWORD = 'radicale-test';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-radicale-'));
  const port = await freePort();
  const config = join(dir, 'config');
  // No auth backend: Radicale takes the Basic user name as given, which is all a sync test needs.
  writeFileSync(
    config,
    [
      `[server]`,
      `hosts = 127.0.0.1:${port}`,
      `[auth]`,
      `type = none`,
      `[storage]`,
      `filesystem_folder = ${join(dir, 'collections')}`,
      `[logging]`,
      `level = warning`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('radicale', ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${RADICALE_USER}:${RADICALE_PASSWORD}`).toString('base64')}`;
  const request: Radicale['request'] = async (method, path, body, headers = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, ...headers },
      ...(body !== undefined ? { body } : {}),
    });
    return { status: res.status, text: await res.text(), etag: res.headers.get('etag') };
  };
  // Up when it answers; a process that exits first says why.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr}`);
    try {
      await request('OPTIONS', '/');
      break;
    } catch {
      if (i > 200) throw new Error(`radicale did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    dir,
    request,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
