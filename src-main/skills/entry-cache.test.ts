import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkillEntryCache } from './entry-cache';
import type { SkillEntry } from './loader';

const dir = mkdtempSync(join(tmpdir(), 'jarvis-entry-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = ['skill.json', 'SKILL.md', 'skill.toml', '.jarvis-install.json'].map((name) => join(dir, name));

function counting(version: string) {
  let reads = 0;
  const read = (): SkillEntry => {
    reads++;
    return {
      format: 'openjarvis',
      id: 'x',
      name: 'x',
      version,
      description: '',
      dir,
      tier: 'workspace',
      trust: 'workspace',
      enabled: true,
      user_invocable: true,
      disable_model_invocation: false,
      capabilities: [],
      tags: [],
      errors: [],
      warnings: [],
      input_schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
    };
  };
  return { read, reads: () => reads };
}

describe('SkillEntryCache', () => {
  const later = () => Date.now() + 60_000;

  it('reads an unchanged skill once, and hands out entries whose errors do not leak into the next load', () => {
    writeFileSync(join(dir, 'SKILL.md'), '---\nname: x\n---\nHallo\n');
    const cache = new SkillEntryCache<SkillEntry>(later);
    const c = counting('1');
    const first = cache.read('k', files, c.read);
    first.errors.push('shadowed');
    const second = cache.read('k', files, c.read);
    expect(c.reads()).toBe(1);
    expect(second.errors).toEqual([]);
  });

  it('reads a skill again as soon as one of its files changed or appeared', () => {
    writeFileSync(join(dir, 'SKILL.md'), '---\nname: x\n---\nHallo\n');
    const cache = new SkillEntryCache<SkillEntry>(later);
    const c = counting('1');
    cache.read('k', files, c.read);
    writeFileSync(join(dir, 'SKILL.md'), '---\nname: x\n---\nHallo Welt\n');
    cache.read('k', files, c.read);
    writeFileSync(join(dir, 'skill.toml'), '[skill]\nname = "x"\n');
    cache.read('k', files, c.read);
    expect(c.reads()).toBe(3);
    rmSync(join(dir, 'skill.toml'));
  });

  it('reads a skill whose files changed a moment ago every time: a second edit may keep size and times', () => {
    writeFileSync(join(dir, 'SKILL.md'), '---\nname: x\n---\nHallo\n');
    const cache = new SkillEntryCache<SkillEntry>();
    const c = counting('1');
    cache.read('k', files, c.read);
    cache.read('k', files, c.read);
    expect(c.reads()).toBe(2);
  });
});
