import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairDevice, rawRequest } from '../testing/lan-devices';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Dockge's stacks folder through the real master. A fake `docker` first on PATH records each
// command line with its working folder and answers `docker ps` with one running container of
// the immich stack, so nothing here needs a Docker engine.

const ID = 'c'.repeat(64);
let root: string;
let log: string;
let t: TestMaster;
let lan: URL;
let childCookie: string;
let restorePath: string | undefined;

const commands = () => (readFileSync(log, 'utf8').trim() ? readFileSync(log, 'utf8').trim().split('\n') : []);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'dockge-int-'));
  const stacks = join(root, 'stacks');
  const bin = join(root, 'bin');
  log = join(root, 'docker.log');
  writeFileSync(log, '');
  for (const name of ['immich', 'paperless']) {
    mkdirSync(join(stacks, name), { recursive: true });
    writeFileSync(join(stacks, name, 'compose.yaml'), `services:\n  web:\n    image: ${name}\n`);
  }
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'docker'),
    [
      '#!/bin/sh',
      `echo "$PWD|$*" >> '${log}'`,
      'if [ "$1" = ps ]; then',
      `  printf '${ID}\\timmich-web-1\\trunning\\tUp 3 hours\\timmich\\tweb\\n'`,
      'fi',
      'exit 0',
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'docker'), 0o755);
  restorePath = process.env.PATH;
  process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  t = await startTestMaster({
    JARVIS_DOCKGE_STACKS_DIR: stacks,
    JARVIS_LAN_ADDR: '127.0.0.2:0',
    JARVIS_DOCKER_SOCKET: join(root, 'docker.sock'),
  });
  lan = new URL((await t.request('/api/devices')).json.lan.url);
  const child = await t.request('/api/members', { json: { name: 'Mia', role: 'child' } });
  expect(child.status, child.text).toBe(201);
  childCookie = await pairDevice(t, lan, child.json.id, 'Mias Tablet');
}, 60_000);

afterAll(async () => {
  await t?.close();
  process.env.PATH = restorePath;
  rmSync(root, { recursive: true, force: true });
});

describe("Dockge's stacks through the master", () => {
  it('lists every stack of the folder on the Zuhause route, with its state from docker', async () => {
    const res = await t.request('/api/home/stacks');
    expect(res.json).toEqual({
      state: 'ready',
      stacks: [
        {
          name: 'immich',
          source: 'dockge',
          state: 'running',
          containers: [{ id: ID, name: 'immich-web-1', service: 'web', state: 'running', status: 'Up 3 hours' }],
        },
        { name: 'paperless', source: 'dockge', state: 'stopped', containers: [] },
      ],
    });
    expect(commands().at(-1)).toContain('|ps --all --no-trunc --filter label=com.docker.compose.project');
  });

  it("a child's stop waits for an admin and reaches no docker compose; an adult's stop runs it in the stack's folder", async () => {
    const before = commands().length;
    const asked = await rawRequest(lan, 'POST', '/api/tools/home_stack_stop', {
      cookie: childCookie,
      json: { arguments: { stack: 'immich' } },
    });
    expect(asked.status).toBe(202);
    expect(asked.json.error.code).toBe('APPROVAL_REQUIRED');
    expect(
      commands()
        .slice(before)
        .filter((c) => c.includes('|compose ')),
    ).toEqual([]);

    const stopped = await t.request('/api/tools/home_stack_stop', { json: { arguments: { stack: 'immich' } } });
    expect(stopped.json).toMatchObject({ success: true, mutated: true, data: { stack: { name: 'immich' } } });
    const folder = join(root, 'stacks', 'immich');
    expect(commands().filter((c) => c.includes('|compose '))).toEqual([
      `${folder}|compose -f ${join(folder, 'compose.yaml')} --project-directory ${folder} stop`,
    ]);
  });

  it('starts a stack that is down with up -d, and refuses a name that is not a stack of the folder', async () => {
    expect((await t.request('/api/tools/home_stack_start', { json: { arguments: { stack: 'paperless' } } })).json.success).toBe(true);
    expect(commands().at(-2)).toMatch(/\|compose -f .*paperless\/compose\.yaml --project-directory .*paperless up -d --remove-orphans$/);
    const before = commands().length;
    expect((await t.request('/api/tools/home_stack_restart', { json: { arguments: { stack: 'vaultwarden' } } })).json).toMatchObject({
      success: false,
      error: { code: 'STACK_NOT_FOUND' },
    });
    for (const stack of ['../etc', 'immich; rm -rf /', 'IMMICH']) {
      expect((await t.request('/api/tools/home_stack_stop', { json: { arguments: { stack } } })).status, stack).toBe(400);
    }
    expect(
      commands()
        .slice(before)
        .filter((c) => c.includes('|compose ')),
    ).toEqual([]);
  });

  it('says plainly when docker cannot be run', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(root, 'empty');
    try {
      const res = await t.request('/api/home/stacks');
      expect(res.json).toMatchObject({ state: expect.not.stringMatching(/^ready$/) });
      expect(JSON.stringify(res.json)).toContain('nicht installiert');
    } finally {
      process.env.PATH = path;
    }
  });
});
