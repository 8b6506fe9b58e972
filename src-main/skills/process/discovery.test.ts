import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverSkillFolders } from './discovery';
import { sandboxArgs } from './sandbox';

const root = mkdtempSync(join(tmpdir(), 'jarvis-discovery-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function touch(path: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '{}');
}

describe('skill folder discovery (spec/000 layout)', () => {
  it('finds direct folders and runtime-group folders, never _ or . folders', () => {
    const dir = join(root, 'skills');
    touch(join(dir, 'demo-text', 'skill.json'));
    touch(join(dir, '_template', 'skill.json'));
    touch(join(dir, '.hidden', 'skill.json'));
    touch(join(dir, 'python', 'example-text', 'skill.json'));
    touch(join(dir, 'python', '_draft', 'skill.json'));
    touch(join(dir, 'go', 'tool', 'skill.json'));
    touch(join(dir, 'notes', 'SKILL.md'));
    touch(join(dir, 'random', 'readme.txt'));
    expect(discoverSkillFolders(dir)).toEqual([
      { dir: join(dir, 'demo-text'), kind: 'manifest' },
      { dir: join(dir, 'go', 'tool'), group: 'go', kind: 'manifest' },
      { dir: join(dir, 'notes'), kind: 'openjarvis' },
      { dir: join(dir, 'python', 'example-text'), group: 'python', kind: 'manifest' },
    ]);
  });

  it('finds the skills of a pack one level down; its shared _lib is no skill but is visible read-only in the sandbox', () => {
    const dir = join(root, 'packs');
    touch(join(dir, 'home', 'hue', 'skill.json'));
    touch(join(dir, 'home', 'ntfy', 'skill.json'));
    touch(join(dir, 'home', '_lib', 'skill.json'));
    touch(join(dir, 'home', '_lib', 'pinned-https.mjs'));
    expect(discoverSkillFolders(dir)).toEqual([
      { dir: join(dir, 'home', 'hue'), group: 'home', kind: 'manifest' },
      { dir: join(dir, 'home', 'ntfy'), group: 'home', kind: 'manifest' },
    ]);
    const args = sandboxArgs(join(dir, 'home', 'hue'), join(dir, 'home', 'hue', 'run'), [], '/usr/bin');
    const lib = join(dir, 'home', '_lib');
    expect(args.join(' ')).toContain(`--ro-bind ${lib} ${lib}`);
  });

  it('a root skill.json makes the folder itself one skill (1 container = 1 skill)', () => {
    const dir = join(root, 'single');
    touch(join(dir, 'skill.json'));
    touch(join(dir, 'inner', 'skill.json'));
    expect(discoverSkillFolders(dir)).toEqual([{ dir, kind: 'manifest' }]);
  });

  it('a missing folder has no skills', () => {
    expect(discoverSkillFolders(join(root, 'nope'))).toEqual([]);
  });
});
