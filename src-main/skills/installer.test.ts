import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installSkill } from './installer';

const root = mkdtempSync(join(tmpdir(), 'jarvis-installer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const skillAt = (dir: string, name: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: Greets people\n---\nSay hello.\n`);
};

describe('skill install --path', () => {
  it('refuses a --path that is, or passes through, a symbolic link out of the source, and copies nothing', () => {
    const clone = join(root, 'clone');
    const outside = join(root, 'outside-secrets');
    skillAt(join(clone, 'skills', 'hello'), 'hello');
    skillAt(outside, 'stolen');
    writeFileSync(join(outside, 'id_ed25519'), 'PRIVATE KEY');
    symlinkSync(outside, join(clone, 'skills', 'evil'));
    symlinkSync(root, join(clone, 'up'));
    const userDir = join(root, 'user');
    for (const path of ['skills/evil', 'up/outside-secrets', '../outside-secrets']) {
      expect(() => installSkill({ source: clone, path, withScripts: false, force: false, userDir }), path).toThrow(
        /is not a folder inside the source/,
      );
    }
    expect(existsSync(join(userDir, 'stolen'))).toBe(false);
    // A real sub-folder still installs.
    const ok = installSkill({ source: clone, path: 'skills/hello', withScripts: false, force: false, userDir });
    expect(ok.id).toBe('hello');
  });
});
