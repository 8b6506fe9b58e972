import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateDockerd, type PrivateDockerd } from '../testing/private-dockerd';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// Compose stacks against a real Docker engine (the private dockerd of the controller test):
// containers labelled as Compose labels them, two projects on the allow-list, one that is
// not, and a container of no project. Only the allowed ones are ever seen or touched.

const PROJECT = 'com.docker.compose.project';
const SERVICE = 'com.docker.compose.service';

let dockerd: PrivateDockerd | undefined;
let skipReason: string | undefined;
const ids: Record<string, string> = {};
let t: TestMaster | undefined;

beforeAll(async () => {
  const started = await startPrivateDockerd();
  if (typeof started === 'string') {
    skipReason = started;
    process.stdout.write(`\n[compose stacks test] SKIPPED: ${skipReason}\n`);
    return;
  }
  dockerd = started;
  ids.jellyfin = await dockerd.create('media-jellyfin-1', [`${PROJECT}=media`, `${SERVICE}=jellyfin`]);
  ids.sonarr = await dockerd.create('media-sonarr-1', [`${PROJECT}=media`, `${SERVICE}=sonarr`]);
  ids.paperless = await dockerd.create('paperless-web-1', [`${PROJECT}=paperless`, `${SERVICE}=web`]);
  ids.vault = await dockerd.create('vault-server-1', [`${PROJECT}=vault`, `${SERVICE}=server`]);
  ids.loose = await dockerd.create('loose', []);
  t = await startTestMaster({ JARVIS_COMPOSE_STACKS: 'media, paperless,gone', JARVIS_DOCKER_SOCKET: dockerd.socket });
}, 240_000);

afterAll(async () => {
  await t?.close();
  await dockerd?.stop();
}, 120_000);

const call = (name: string, args: Record<string, unknown> = {}) => t!.request(`/api/tools/${name}`, { json: { arguments: args } });

describe('Compose stacks against a real dockerd', () => {
  it('lists only the allowed projects, with their containers and state, by full id', async (ctx) => {
    if (skipReason) return ctx.skip();
    const res = await call('home_stacks_list');
    expect(res.json.data.stacks).toEqual([
      { name: 'gone', state: 'missing', containers: [] },
      {
        name: 'media',
        state: 'stopped',
        containers: [
          expect.objectContaining({ id: ids.jellyfin, name: 'media-jellyfin-1', service: 'jellyfin', state: 'created' }),
          expect.objectContaining({ id: ids.sonarr, service: 'sonarr', state: 'created' }),
        ],
      },
      { name: 'paperless', state: 'stopped', containers: [expect.objectContaining({ id: ids.paperless, service: 'web' })] },
    ]);
    expect(JSON.stringify(res.json)).not.toContain(ids.vault!);
  });

  it('starts, restarts and stops a whole stack, and says so on the event stream', async (ctx) => {
    if (skipReason) return ctx.skip();
    const seen: string[] = [];
    const off = t!.master.platform.events.subscribe((e) => seen.push(e.type));
    try {
      const start = await call('home_stack_start', { stack: 'media' });
      expect(start.json).toMatchObject({ success: true, mutated: true, data: { stack: { name: 'media', state: 'running' } } });
      expect([await dockerd!.state(ids.jellyfin!), await dockerd!.state(ids.sonarr!)]).toEqual(['running', 'running']);
      expect((await call('home_stack_restart', { stack: 'media' })).json).toMatchObject({
        success: true,
        data: { stack: { state: 'running' } },
      });
      const stop = await call('home_stack_stop', { stack: 'media' });
      expect(stop.json).toMatchObject({ success: true, data: { stack: { state: 'stopped' } } });
      expect([await dockerd!.state(ids.jellyfin!), await dockerd!.state(ids.sonarr!)]).toEqual(['exited', 'exited']);
      expect(seen.filter((s) => s === 'home.stacks.changed')).toHaveLength(3);
    } finally {
      off();
    }
    expect(await dockerd!.state(ids.paperless!)).toBe('created');
  });

  it('refuses a project that is not allowed and one without containers, changing nothing', async (ctx) => {
    if (skipReason) return ctx.skip();
    for (const stack of ['vault', 'loose', 'media; rm -rf /', 'MEDIA']) {
      const res = await call('home_stack_start', { stack });
      expect(res.status, stack).toBe(400);
      expect(res.json.error.code, stack).toBe('INVALID_ARGUMENTS');
    }
    expect((await call('home_stack_start', { stack: 'gone' })).json).toMatchObject({ success: false, error: { code: 'STACK_NOT_FOUND' } });
    expect(await dockerd!.state(ids.vault!)).toBe('created');
    expect(await dockerd!.state(ids.loose!)).toBe('created');
    // Nothing else of the Engine API is a tool.
    const tools = (await t!.request('/api/agent/tools')).json.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(tools.filter((n: string) => n.startsWith('home_stack'))).toEqual([
      'home_stacks_list',
      'home_stack_start',
      'home_stack_stop',
      'home_stack_restart',
    ]);
  });

  it('every stack action waits for the household when the assistant calls it', async (ctx) => {
    if (skipReason) return ctx.skip();
    const registry = t!.master.platform.registry;
    const actx = { traceId: 't-stack', now: new Date(), timezone: 'Europe/Berlin', actor: 'assistant' as const };
    for (const action of ['start', 'stop', 'restart']) {
      expect(await registry.call(`home_stack_${action}`, { stack: 'paperless' }, actx)).toMatchObject({
        error: { code: 'CONFIRMATION_REQUIRED' },
      });
    }
    expect((await registry.call('home_stacks_list', {}, actx)).success).toBe(true);
    expect(await dockerd!.state(ids.paperless!)).toBe('created');
  });
});

describe('Compose stacks without an allow-list', () => {
  it('offers no stack tool at all', async () => {
    const m = await startTestMaster();
    try {
      expect((await m.request('/api/tools/home_stacks_list', { json: { arguments: {} } })).json.error.code).toBe('UNKNOWN_TOOL');
    } finally {
      await m.close();
    }
  });
});
