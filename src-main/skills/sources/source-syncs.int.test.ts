import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent, SkillSourcesEvent, SkillSourcesResponse, SkillsResponse } from '../../../src-shared';
import { commitFiles, hermesRepo, skillMd } from '../../testing/skill-source-repos';
import { eventually } from '../../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../../testing/test-master';
import type { Capability } from '../../platform/capability';
import { setViewer } from '../../platform/viewer';

/** `x-test-lan: 1` makes a request a paired device's, as the LAN listener's authentication does. */
const lanViewer = (): Capability => ({
  name: 'test-lan-viewer',
  routes(app) {
    app.addHook('onRequest', async (req) => {
      if (req.headers['x-test-lan'] === '1') setViewer(req, { via: 'lan', deviceId: 'dev_test', memberId: 'mem_test' });
    });
  },
});

let tm: TestMaster | undefined;
let root: string | undefined;
afterEach(async () => {
  await tm?.close();
  tm = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

async function masterWithSources(sources: unknown[] | undefined): Promise<{ t: TestMaster; hermes: string; events: SkillSourcesEvent[] }> {
  root = mkdtempSync(join(tmpdir(), 'jarvis-source-sync-'));
  // Shaped like NousResearch/hermes-agent (skills/<category>/<name>/SKILL.md).
  const hermes = hermesRepo(join(root, 'hermes-agent'));
  const sourcesFile = join(root, 'skill-sources.json');
  if (sources) writeFileSync(sourcesFile, JSON.stringify(sources));
  tm = await startTestMaster(
    {
      JARVIS_SKILL_SOURCES_FILE: sourcesFile,
      JARVIS_SKILL_CACHE_DIR: join(root, 'cache'),
      JARVIS_SKILL_HERMES_URL: `file://${hermes}`,
    },
    { extra: [lanViewer] },
  );
  const events: SkillSourcesEvent[] = [];
  tm.master.platform.events.subscribe((e: ServerEvent) => {
    if (e.type === 'skills.sources') events.push(e.data as SkillSourcesEvent);
  });
  return { t: tm, hermes, events };
}

const done = (events: SkillSourcesEvent[]) =>
  eventually(() => events.find((e) => e.state === 'done'), 60_000, 'the end of the sync') as Promise<
    Extract<SkillSourcesEvent, { state: 'done' }>
  >;

describe('skill sources over HTTP', () => {
  it('lists the sources, syncs in the background, and the new skills wait for activation', async () => {
    const { t, hermes, events } = await masterWithSources([
      { source: 'hermes', filter: { category: ['research'] } },
      { source: 'github', repo: 'acme/private', url: 'https://user:s3cret@127.0.0.1:9/private.git' },
    ]);
    const before = (await t.request('/api/skills/sources')).json as SkillSourcesResponse;
    expect(before.sources.map((s) => s.name)).toEqual(['hermes', 'github:acme/private']);
    expect(before.sources[0]).toMatchObject({ filter: { category: ['research'] }, auto_update: false });
    expect(before.sources[0]!.last_sync).toBeUndefined();
    expect(JSON.stringify(before)).not.toContain('s3cret');

    const started = await t.request('/api/skills/sources/sync', { json: { source: 'hermes' } });
    expect(started.status).toBe(202);
    expect(started.json).toEqual({ sources: ['hermes'] });
    // One at a time: a second request while it runs is refused plainly.
    const second = await t.request('/api/skills/sources/sync', { json: {} });
    if (!events.some((e) => e.state === 'done')) {
      expect(second.status).toBe(409);
      expect(second.json.error.code).toBe('SKILL_SYNC_RUNNING');
    }
    const result = await done(events);
    expect(events[0]).toEqual({ state: 'running', source: 'hermes' });
    expect(result.results).toEqual([{ source: 'hermes', counts: { installed: 2, updated: 0, skipped: 0, failed: 0 } }]);

    const listed = (await t.request('/api/skills')).json as SkillsResponse;
    expect(listed.skills.find((s) => s.id === 'arxiv')).toMatchObject({ tier: 'user', enabled: false, activation: { status: 'proposed' } });
    expect(listed.skills.find((s) => s.id === 'duckduckgo-search')?.activation?.status).toBe('proposed');

    const after = (await t.request('/api/skills/sources')).json as SkillSourcesResponse;
    expect(after.syncing).toBe(false);
    expect(after.sources[0]!.last_sync).toMatchObject({ commit: expect.stringMatching(/^[0-9a-f]{40}$/), counts: { installed: 2 } });

    // A new skill in the source arrives with the next sync; the unreachable source reports, without its credentials.
    commitFiles(hermes, { 'skills/research/wiki/SKILL.md': skillMd('wiki', 'Look things up in Wikipedia') });
    events.length = 0;
    expect((await t.request('/api/skills/sources/sync', { json: {} })).status).toBe(202);
    const all = await done(events);
    expect(all.results[0]).toMatchObject({ source: 'hermes', counts: { installed: 1 } });
    expect(all.results[1]!.error).toContain('git clone failed');
    expect(JSON.stringify(all)).not.toContain('s3cret');
    await eventually(
      async () =>
        ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'wiki')?.activation?.status === 'proposed',
      15_000,
      'the new skill waiting for activation',
    );
  });

  it('says how to add a source when none is set up, and refuses an unknown one', async () => {
    const { t } = await masterWithSources(undefined);
    const listed = (await t.request('/api/skills/sources')).json as SkillSourcesResponse;
    expect(listed).toMatchObject({ sources: [], syncing: false });
    const none = await t.request('/api/skills/sources/sync', { json: {} });
    expect(none.status).toBe(409);
    expect(none.json.error.code).toBe('SKILL_SOURCES_NONE');
    expect(none.json.error.message).toContain(listed.file);
    expect(none.json.error.message).toContain('{"source": "hermes"}');

    writeFileSync(listed.file, JSON.stringify([{ source: 'hermes' }]));
    const unknown = await t.request('/api/skills/sources/sync', { json: { source: 'openclaw' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('SKILL_SOURCE_UNKNOWN');
    const bad = await t.request('/api/skills/sources/sync', { json: { source: 7 } });
    expect(bad.status).toBe(400);
  });
});

/** Nine "lol"s, nine of those, ... ten levels: a few hundred bytes that expand to 9^9 strings when walked. */
function aliasBombSkill(): string {
  const names = 'abcdefghij';
  const lines = ['a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]'];
  for (let i = 1; i < 10; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    );
  return `---\nname: lol\ndescription: Laughs\nmetadata:\n  ${lines.join('\n  ')}\n---\nBody\n`;
}

describe('a hostile skill in a source', () => {
  it('a front matter of nested aliases is refused for that one skill while the master keeps answering', async () => {
    const { t, hermes, events } = await masterWithSources([{ source: 'hermes', filter: { category: ['research'] } }]);
    commitFiles(hermes, { 'skills/research/lol/SKILL.md': aliasBombSkill() });
    expect((await t.request('/api/skills/sources/sync', { json: {} })).status).toBe(202);
    // Health answers while the sync runs and after it, every time.
    while (!events.some((e) => e.state === 'done')) expect((await t.request('/api/health')).status).toBe(200);
    const result = await done(events);
    expect(result.results[0]).toMatchObject({ source: 'hermes', counts: { installed: 2 } });
    expect((await t.request('/api/health')).status).toBe(200);
    const listed = (await t.request('/api/skills')).json as SkillsResponse;
    expect(listed.skills.find((s) => s.id === 'arxiv')?.activation?.status).toBe('proposed');
    expect(listed.skills.some((s) => s.id === 'lol')).toBe(false);
    expect(result.results[0]!.failures).toEqual([
      { skill: 'lol', reason: expect.stringMatching(/SKILL\.md front matter refused: .*aliases/) },
    ]);
  });
});

describe('undoing an overlay over HTTP', () => {
  it('removes only the overlay file; the skill stays as it is', async () => {
    const { t } = await masterWithSources(undefined);
    const overlays = t.config.skillOverlayDir!;
    mkdirSync(join(overlays, 'arxiv'), { recursive: true });
    writeFileSync(join(overlays, 'arxiv', 'optimized.json'), '{"broken": true}');
    const skillDir = join(t.config.skillsDir, 'arxiv');
    mkdirSync(skillDir, { recursive: true });
    writeFileSync(join(skillDir, 'SKILL.md'), skillMd('arxiv', 'Search papers'));
    writeFileSync(join(skillDir, 'optimized.json'), 'the skill author file');

    const removed = await t.request('/api/skills/arxiv/overlay', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ skill: 'arxiv', file: join(overlays, 'arxiv', 'optimized.json') });
    expect(existsSync(join(overlays, 'arxiv'))).toBe(false);
    expect(readdirSync(skillDir).sort()).toEqual(['SKILL.md', 'optimized.json']);

    const again = await t.request('/api/skills/arxiv/overlay', { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.json.error.code).toBe('SKILL_OVERLAY_NONE');
    const hostile = await t.request('/api/skills/..%2F..%2Fetc/overlay', { method: 'DELETE' });
    expect(hostile.status).toBe(400);
  });

  it('a paired device can neither sync sources nor undo an overlay: only the computer JARVIS runs on', async () => {
    const { t, events } = await masterWithSources([{ source: 'hermes' }]);
    const overlays = t.config.skillOverlayDir!;
    mkdirSync(join(overlays, 'arxiv'), { recursive: true });
    writeFileSync(join(overlays, 'arxiv', 'optimized.json'), '{}');
    const lan = { 'x-test-lan': '1' };
    const sync = await t.request('/api/skills/sources/sync', { json: {}, headers: lan });
    expect(sync.status).toBe(403);
    expect(sync.json.error.code).toBe('LOOPBACK_ONLY');
    const undo = await t.request('/api/skills/arxiv/overlay', { method: 'DELETE', headers: lan });
    expect(undo.status).toBe(403);
    expect(existsSync(join(overlays, 'arxiv', 'optimized.json'))).toBe(true);
    expect(events).toEqual([]);
    expect((await t.request('/api/skills/sources', { headers: lan })).json.sources[0].name).toBe('hermes');
  });
});
