import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { scanSkills } from './skill-catalog';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the worker skill catalog', () => {
  it('serves only its runtime group when the whole skills tree is mounted', () => {
    const c = scanSkills(examples, 'python');
    expect([...c.skills.keys()]).toEqual(['example.python.text']);
  });

  it('finds a root skill.json (1 container = 1 skill)', () => {
    const c = scanSkills(join(examples, 'rust', 'example-text'), 'rust');
    expect([...c.skills.keys()]).toEqual(['example.rust.text']);
  });

  it('leaves a bad manifest out with the reason and still loads the others', () => {
    dir = mkdtempSync(join(tmpdir(), 'jarvis-catalog-'));
    cpSync(join(examples, 'python', 'example-text'), join(dir, 'good'), { recursive: true });
    mkdirSync(join(dir, 'bad'));
    writeFileSync(
      join(dir, 'bad', 'skill.json'),
      JSON.stringify({
        protocol: 'jarvis.skill.v1',
        id: 'Bad Id',
        name: 'x',
        version: '1',
        runtime: { type: 'process', command: './run' },
        actions: [],
      }),
    );
    mkdirSync(join(dir, '_template'));
    writeFileSync(join(dir, '_template', 'skill.json'), '{}');
    const c = scanSkills(dir, 'python');
    expect([...c.skills.keys()]).toEqual(['example.python.text']);
    expect(c.errors).toHaveLength(1);
    expect(c.errors[0]!.source).toBe('bad');
  });

  it('reports a missing skills folder', () => {
    const c = scanSkills('/nonexistent/skills', 'python');
    expect(c.skills.size).toBe(0);
    expect(c.errors[0]!.message).toContain('does not exist');
  });
});
