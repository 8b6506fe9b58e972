import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The layer rules must fail when a forbidden import appears. Each case builds a tiny tree
// (inside the repo, so packages resolve from its node_modules) and runs the real check.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache');
mkdirSync(cacheDir, { recursive: true });
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function violations(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(cacheDir, 'layers-'));
  made.push(dir);
  cpSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  cpSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const dirs = [...new Set(Object.keys(files).map((f) => f.split('/')[0]!))];
  const r = spawnSync(process.execPath, [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), ...dirs, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(r.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return report.summary.violations.map((v) => v.rule.name).sort();
}

describe('layer rules', () => {
  it('pass for a tree that keeps them', () => {
    expect(
      violations({
        'src-shared/a.ts': 'export const a = 1;\n',
        'src-renderer/src/b.ts': "import { a } from '../../src-shared/a';\nexport const b = a;\n",
        'src-main/app/main.ts': "import { app } from 'electron';\nexport const a = app;\n",
      }),
    ).toEqual([]);
  });

  it('fail when src-shared imports Node', () => {
    expect(violations({ 'src-shared/a.ts': "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n" })).toContain('shared-is-pure');
  });

  it('fail when the renderer imports the master', () => {
    expect(
      violations({
        'src-main/config/index.ts': 'export const c = 1;\n',
        'src-renderer/src/b.ts': "import { c } from '../../src-main/config/index';\nexport const b = c;\n",
      }),
    ).toContain('renderer-imports-only-shared');
  });

  it('fail when code outside src-main/app imports electron', () => {
    expect(violations({ 'src-main/http/x.ts': "import { app } from 'electron';\nexport const a = app;\n" })).toContain('only-app-imports-electron');
  });

  it('fail when a worker imports the master beyond the process runner', () => {
    expect(
      violations({
        'src-main/store/index.ts': 'export const s = 1;\n',
        'workers/src/w.ts': "import { s } from '../../src-main/store/index';\nexport const w = s;\n",
      }),
    ).toContain('workers-import-shared-and-process-runner-only');
  });

  it('fail when the HTTP routes reach into the store', () => {
    expect(
      violations({
        'src-main/store/index.ts': 'export const s = 1;\n',
        'src-main/http/routes.ts': "import { s } from '../store/index';\nexport const r = s;\n",
      }),
    ).toContain('assistant-and-routes-never-touch-the-store');
  });
});

describe('package boundaries', () => {
  it('fail when code outside src-main/docker imports dockerode', () => {
    expect(violations({ 'src-main/mesh/x.ts': "import Docker from 'dockerode';\nexport const d = Docker;\n" })).toContain('only-docker-imports-dockerode');
  });

  it('fail when code outside src-main/store opens SQLite', () => {
    expect(violations({ 'src-main/rag/x.ts': "import Database from 'better-sqlite3';\nexport const d = Database;\n" })).toContain('only-store-opens-sqlite');
  });
});
