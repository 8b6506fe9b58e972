import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer rules must fail when a forbidden import appears. One tiny tree (inside the
// repo, so packages resolve from its node_modules) holds a file per case; the real check
// runs once over it and each test looks at the violations of its own file.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache');

const FILES: Record<string, string> = {
  // Allowed
  'src-shared/a.ts': 'export const a = 1;\n',
  'src-renderer/src/ok.ts': "import { a } from '../../src-shared/a';\nexport const ok = a;\n",
  'src-main/app/main.ts': "import { app } from 'electron';\nimport { m } from '../master/index';\nexport const x = [app, m];\n",
  'src-main/platform/database/index.ts': "import Database from 'better-sqlite3';\nexport const s = Database;\n",
  'src-main/platform/config/index.ts': 'export const c = 1;\n',
  'src-main/platform/http/index.ts': "import { c } from '../config/index';\nexport const h = c;\n",
  'src-main/household/index.ts':
    "import { c } from '../platform/config/index';\nimport { p } from '../protocol/index';\nexport const hh = [c, p];\n",
  'src-main/household/store/index.ts': "import Database from 'better-sqlite3';\nexport const hs = Database;\n",
  'src-main/protocol/index.ts': "import { s } from '../platform/database/index';\nexport const p = s;\n",
  'src-main/master/index.ts':
    "import { hh } from '../household/index';\nimport { h } from '../platform/http/index';\nexport const m = [hh, h];\n",
  'src-main/testing/helper.ts': "import { m } from '../master/index';\nexport const t = m;\n",
  'src-main/household/flow.test.ts': "import { t } from '../testing/helper';\nexport const ft = t;\n",
  'src-main/protocol/chain.ts': 'export const ch = 1;\n',
  'src-main/protocol/uses-own-file.ts': "import { ch } from './chain';\nexport const po = ch;\n",
  'src-main/mesh/uses-index.ts': "import { p } from '../protocol/index';\nexport const mi = p;\n",
  'skills/home/_lib/pinned-https.mjs': 'export const pin = 1;\n',
  'skills/home/hue/hue-client.mjs': 'export const hue = 1;\n',
  'src-main/home/uses-pinning.ts': "import { pin } from '../../skills/home/_lib/pinned-https.mjs';\nexport const hp = pin;\n",
  // A household list's repository is its store.ts.
  'src-main/household/domains/shelf/store.ts': "import Database from 'better-sqlite3';\nexport const ss = Database;\n",
  // Forbidden
  'src-shared/uses-node.ts': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
  'src-renderer/src/uses-main.ts': "import { c } from '../../src-main/platform/config/index';\nexport const b = c;\n",
  'src-main/platform/trace/uses-electron.ts': "import { app } from 'electron';\nexport const e = app;\n",
  'workers/src/uses-store.ts': "import { s } from '../../src-main/platform/database/index';\nexport const w = s;\n",
  'src-main/voice/routes.ts': "import { hs } from '../household/store/index';\nexport const r = hs;\n",
  'src-main/assistant/uses-store.ts': "import { s } from '../platform/database/index';\nexport const r = s;\n",
  'src-main/mesh/uses-dockerode.ts': "import Docker from 'dockerode';\nexport const d = Docker;\n",
  'src-main/knowledge/uses-sqlite.ts': "import Database from 'better-sqlite3';\nexport const d = Database;\n",
  'src-main/platform/events/uses-capability.ts': "import { hh } from '../../household/index';\nexport const e = hh;\n",
  'src-main/skills/uses-http.ts': "import { h } from '../platform/http/index';\nexport const k = h;\n",
  'src-main/docker/uses-master.ts': "import { m } from '../master/index';\nexport const d = m;\n",
  'src-main/voice/uses-testing.ts': "import { t } from '../testing/helper';\nexport const v = t;\n",
  'src-main/mesh/reaches-inside.ts': "import { ch } from '../protocol/chain';\nexport const mr = ch;\n",
  'src-main/home/loop-a.ts': "import { lb } from './loop-b';\nexport const la = () => lb;\n",
  'src-main/home/loop-b.ts': "import { la } from './loop-a';\nexport const lb = () => la;\n",
  'src-main/voice/member-routes.ts': "import { s } from '../platform/database/index';\nexport const vr = s;\n",
  'src-main/home/uses-skill-code.ts': "import { hue } from '../../skills/home/hue/hue-client.mjs';\nexport const hs = hue;\n",
  'src-main/household/domains/shelf/routes.ts': "import { ss } from './store';\nexport const sr = ss;\n",
  'src-main/household/domains/shelf/tools.ts': "import Database from 'better-sqlite3';\nexport const st = Database;\n",
  // A folder-level cycle: mesh -> knowledge -> mesh (no single module cycles).
  'src-main/mesh/a.ts': "import { kb } from '../knowledge/b';\nexport const ma = kb;\n",
  'src-main/mesh/c.ts': 'export const mc = 1;\n',
  'src-main/knowledge/b.ts': 'export const kb = 1;\n',
  'src-main/knowledge/d.ts': "import { mc } from '../mesh/c';\nexport const kd = mc;\n",
};

let dir: string;
let violations: { from: string; rule: string }[] = [];

beforeAll(() => {
  mkdirSync(cacheDir, { recursive: true });
  dir = mkdtempSync(join(cacheDir, 'layers-'));
  cpSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  cpSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'src-shared',
      'src-renderer',
      'src-main',
      'workers',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  const report = JSON.parse(r.stdout) as { summary: { violations: { from: string; rule: { name: string } }[] } };
  violations = report.summary.violations.map((v) => ({ from: v.from, rule: v.rule.name }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesFor = (file: string) => violations.filter((v) => v.from === file).map((v) => v.rule);

describe('layer rules', () => {
  it('pass for files that keep them', () => {
    const allowed = [
      'src-shared/a.ts',
      'src-renderer/src/ok.ts',
      'src-main/app/main.ts',
      'src-main/platform/database/index.ts',
      'src-main/platform/http/index.ts',
      'src-main/household/index.ts',
      'src-main/household/store/index.ts',
      'src-main/protocol/index.ts',
      'src-main/master/index.ts',
      'src-main/testing/helper.ts',
      'src-main/household/flow.test.ts',
      'src-main/protocol/chain.ts',
      'src-main/protocol/uses-own-file.ts',
      'src-main/mesh/uses-index.ts',
      'src-main/home/uses-pinning.ts',
      'src-main/household/domains/shelf/store.ts',
    ];
    for (const file of allowed) expect(rulesFor(file), file).toEqual([]);
  });

  it('fail when src-shared imports Node', () => {
    expect(rulesFor('src-shared/uses-node.ts')).toContain('shared-is-pure');
  });

  it('fail when the renderer imports the master', () => {
    expect(rulesFor('src-renderer/src/uses-main.ts')).toContain('renderer-imports-only-shared');
  });

  it('fail when code outside src-main/app imports electron', () => {
    expect(rulesFor('src-main/platform/trace/uses-electron.ts')).toContain('only-app-imports-electron');
  });

  it('fail when a worker imports the master beyond the process runner', () => {
    expect(rulesFor('workers/src/uses-store.ts')).toContain('workers-import-shared-and-process-runner-only');
  });

  it("fail when a capability's routes or the assistant reach into a store", () => {
    expect(rulesFor('src-main/voice/routes.ts')).toContain('assistant-and-routes-never-touch-a-store');
    expect(rulesFor('src-main/assistant/uses-store.ts')).toContain('assistant-and-routes-never-touch-a-store');
    expect(rulesFor('src-main/voice/member-routes.ts')).toContain('assistant-and-routes-never-touch-a-store');
    expect(rulesFor('src-main/household/domains/shelf/routes.ts')).toContain('assistant-and-routes-never-touch-a-store');
  });

  it('fail when a household list opens SQLite outside its store.ts', () => {
    expect(rulesFor('src-main/household/domains/shelf/tools.ts')).toContain('only-stores-touch-sqlite');
  });

  it("fail when a capability reaches past another capability's index.ts", () => {
    expect(rulesFor('src-main/mesh/reaches-inside.ts')).toContain('capability-through-its-index');
  });

  it("fail when the master imports a skill's code other than the pinning module", () => {
    expect(rulesFor('src-main/home/uses-skill-code.ts')).toContain('main-reaches-skills-only-for-pinning');
  });

  it('fail when two modules import each other', () => {
    expect(rulesFor('src-main/home/loop-a.ts')).toContain('no-file-cycles');
  });

  it('fail when code outside src-main/docker imports dockerode', () => {
    expect(rulesFor('src-main/mesh/uses-dockerode.ts')).toContain('only-docker-imports-dockerode');
  });

  it('fail when code outside the database and the stores opens SQLite', () => {
    expect(rulesFor('src-main/knowledge/uses-sqlite.ts')).toContain('only-stores-touch-sqlite');
  });

  it('fail when the platform imports a capability', () => {
    expect(rulesFor('src-main/platform/events/uses-capability.ts')).toContain('platform-imports-no-capability');
  });

  it('fail when a capability imports the HTTP server', () => {
    expect(rulesFor('src-main/skills/uses-http.ts')).toContain('capability-never-imports-http');
  });

  it('fail when a capability imports the composition root', () => {
    expect(rulesFor('src-main/docker/uses-master.ts')).toContain('capability-never-imports-entries');
  });

  it('fail when product code imports the test helpers', () => {
    expect(rulesFor('src-main/voice/uses-testing.ts')).toContain('testing-is-fenced');
  });

  it('fail when two folders import each other', () => {
    const cycles = violations.filter((v) => v.rule === 'no-folder-cycles').map((v) => v.from);
    expect(
      cycles.some((from) => from === 'src-main/mesh' || from === 'src-main/knowledge'),
      JSON.stringify(violations),
    ).toBe(true);
  });
});
