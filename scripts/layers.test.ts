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
  'src-main/app/main.ts': "import { app } from 'electron';\nexport const m = app;\n",
  'src-main/platform/database/index.ts': 'export const s = 1;\n',
  'src-main/platform/config/index.ts': 'export const c = 1;\n',
  // Forbidden
  'src-shared/uses-node.ts': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n",
  'src-renderer/src/uses-main.ts': "import { c } from '../../src-main/platform/config/index';\nexport const b = c;\n",
  'src-main/http/uses-electron.ts': "import { app } from 'electron';\nexport const e = app;\n",
  'workers/src/uses-store.ts': "import { s } from '../../src-main/store/index';\nexport const w = s;\n",
  'src-main/http/uses-store.ts': "import { s } from '../store/index';\nexport const r = s;\n",
  'src-main/assistant/uses-store.ts': "import { s } from '../store/index';\nexport const r = s;\n",
  'src-main/mesh/uses-dockerode.ts': "import Docker from 'dockerode';\nexport const d = Docker;\n",
  'src-main/knowledge/uses-sqlite.ts': "import Database from 'better-sqlite3';\nexport const d = Database;\n",
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
    [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src-shared', 'src-renderer', 'src-main', 'workers', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  const report = JSON.parse(r.stdout) as { summary: { violations: { from: string; rule: { name: string } }[] } };
  violations = report.summary.violations.map((v) => ({ from: v.from, rule: v.rule.name }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesFor = (file: string) => violations.filter((v) => v.from === file).map((v) => v.rule);

describe('layer rules', () => {
  it('pass for files that keep them', () => {
    for (const file of ['src-shared/a.ts', 'src-renderer/src/ok.ts', 'src-main/app/main.ts']) expect(rulesFor(file), file).toEqual([]);
  });

  it('fail when src-shared imports Node', () => {
    expect(rulesFor('src-shared/uses-node.ts')).toContain('shared-is-pure');
  });

  it('fail when the renderer imports the master', () => {
    expect(rulesFor('src-renderer/src/uses-main.ts')).toContain('renderer-imports-only-shared');
  });

  it('fail when code outside src-main/app imports electron', () => {
    expect(rulesFor('src-main/http/uses-electron.ts')).toContain('only-app-imports-electron');
  });

  it('fail when a worker imports the master beyond the process runner', () => {
    expect(rulesFor('workers/src/uses-store.ts')).toContain('workers-import-shared-and-process-runner-only');
  });

  it('fail when the HTTP routes or the assistant reach into the store', () => {
    expect(rulesFor('src-main/http/uses-store.ts')).toContain('assistant-and-routes-never-touch-the-store');
    expect(rulesFor('src-main/assistant/uses-store.ts')).toContain('assistant-and-routes-never-touch-the-store');
  });

  it('fail when code outside src-main/docker imports dockerode', () => {
    expect(rulesFor('src-main/mesh/uses-dockerode.ts')).toContain('only-docker-imports-dockerode');
  });

  it('fail when code outside src-main/store opens SQLite', () => {
    expect(rulesFor('src-main/knowledge/uses-sqlite.ts')).toContain('only-store-opens-sqlite');
  });
});
