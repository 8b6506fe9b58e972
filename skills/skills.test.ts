// Like Home Assistant's hassfest: every manifest under skills/ is checked in `npm test`.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skillToolName } from '../src-shared';
import { loadSkills } from '../src-main/skills/loader';
import { readManifest } from '../src-main/skills/process';

const root = dirname(fileURLToPath(import.meta.url));

function manifests(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) manifests(path, out);
    else if (name === 'skill.json') out.push(dir);
  }
  return out;
}

describe('skills/ in the repository', () => {
  const dirs = manifests(root);

  it('every skills/**/skill.json is a valid jarvis.skill.v1 manifest and ids are unique', () => {
    expect(dirs.length).toBeGreaterThanOrEqual(4);
    const ids = new Map<string, string>();
    for (const dir of dirs) {
      const verdict = readManifest(dir);
      expect(verdict, relative(root, dir)).toMatchObject({ ok: true });
      if (!verdict.ok) continue;
      expect(ids.has(verdict.manifest.id), `${verdict.manifest.id} in ${relative(root, dir)} and ${ids.get(verdict.manifest.id)}`).toBe(false);
      ids.set(verdict.manifest.id, relative(root, dir));
    }
  });

  it('loads every skill of the folder without errors, the template excluded', () => {
    const set = loadSkills([{ tier: 'workspace', dir: root }], { pipelineMaxDepth: 5 });
    expect(set.errors).toEqual([]);
    expect(set.skills.map((s) => s.id)).toEqual(
      expect.arrayContaining(['demo.text', 'example.python.text', 'text-brief', 'weather.local', 'home.hue', 'home.network', 'home.ntfy']),
    );
    expect(set.skills.map((s) => s.id)).not.toContain('my.skill');
    // A pack's shared code is never taken for a skill.
    expect(set.skills.some((s) => s.dir.includes('_lib'))).toBe(false);
  });

  it('names the tools as the spec does', () => {
    expect(skillToolName('example.python.text', 'uppercase')).toBe('skill_example_python_text_uppercase');
    expect(skillToolName('weather.local', 'forecast')).toBe('skill_weather_local_forecast');
  });
});
