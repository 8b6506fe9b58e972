import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSkills, type SkillEntry } from '../loader';
import { discoverSkills, MAX_CANDIDATES, writeDiscoveredSkill } from './discover';
import type { MinedRun } from './mine';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'jarvis-discover-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const userDir = () => join(root, 'user');
const load = () => loadSkills([{ tier: 'user', dir: userDir() }], { pipelineMaxDepth: 5 }).skills;

/** Three runs: a grocery, then a task whose id the update passes on. */
function history(): MinedRun[] {
  return ['Milch', 'Brot', 'Eier'].map((item, i) => ({
    id: `run${i}`,
    calls: [
      {
        tool: 'groceries_add',
        arguments: { name: item },
        output: { id: `g${i}`, name: item },
        capabilities: ['memory:write'],
        risk: 'reversible' as const,
        at: `2026-11-0${i + 1}T10:00:00.000Z`,
      },
      {
        tool: 'tasks_create',
        arguments: { title: `Anna's "Einkauf"\n`, priority: 'high' },
        output: { id: `task${i}` },
        risk: 'reversible' as const,
        at: `2026-11-0${i + 1}T10:00:01.000Z`,
      },
      {
        tool: 'tasks_update',
        arguments: { id: `task${i}`, status: 'done' },
        capabilities: ['memory:write', 'memory:read'],
        risk: 'reversible' as const,
        at: `2026-11-0${i + 1}T10:00:02.000Z`,
      },
    ],
  }));
}

describe('discoverSkills', () => {
  it('writes a skill.toml the loader reads back as the same pipeline, in the user tier’s discovered folder', () => {
    const { candidates } = discoverSkills({ runs: history(), existing: [], userDir: userDir() });
    expect(candidates.map((c) => c.name)).toEqual(['discovered-groceries-add-then-tasks-create-then-tasks-update']);
    const c = candidates[0]!;
    expect(c.description).toBe(
      'Does groceries add then tasks create then tasks update; seen 3 times between 2026-11-01 and 2026-11-03. Asks for: name.',
    );
    expect(c.file).toBe(join(userDir(), 'discovered', c.name, 'skill.toml'));
    expect(writeDiscoveredSkill(c)).toBe(true);
    const [entry] = load();
    expect(entry).toMatchObject({ id: c.name, tier: 'user', group: 'discovered', format: 'openjarvis', errors: [] });
    if (entry?.format !== 'openjarvis') throw new Error('not an OpenJarvis skill');
    expect(entry.definition!.parameters).toEqual(['name']);
    // What the steps' tools need is declared, so the activated pipeline may call them.
    expect(entry.capabilities).toEqual(['memory:read', 'memory:write']);
    // Its steps are all reversible, so the pipeline is too: the assistant runs it without asking.
    expect(entry.definition!.risk).toBe('reversible');
    expect(entry.definition!.steps).toEqual([
      { tool_name: 'groceries_add', arguments: { name: '{name}' } },
      { tool_name: 'tasks_create', arguments: { title: `Anna's "Einkauf"\n`, priority: 'high' }, output_key: 'tasks_create_result' },
      { tool_name: 'tasks_update', arguments: { id: '{tasks_create_result.id}', status: 'done' } },
    ]);
    expect(entry.definition!.metadata).toMatchObject({ discovered_by: 'jarvis skill discover', occurrences: 3 });
    // Never over an existing folder.
    writeFileSync(c.file, 'edited by hand');
    expect(writeDiscoveredSkill(c)).toBe(false);
    expect(readFileSync(c.file, 'utf8')).toBe('edited by hand');
  });

  it('does not propose again what a skill already does, and never reuses a taken name', () => {
    const first = discoverSkills({ runs: history(), existing: [], userDir: userDir() }).candidates[0]!;
    writeDiscoveredSkill(first);
    const again = discoverSkills({ runs: history(), existing: load(), userDir: userDir() });
    expect(again.candidates).toEqual([]);
    expect(again.known).toEqual([{ tools: first.tools, skill: first.name }]);

    // A different skill that happens to have the generated name: the candidate gets another.
    rmSync(join(userDir(), 'discovered'), { recursive: true });
    const other = join(userDir(), first.name);
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'skill.toml'), `[skill]\nname = "${first.name}"\ndescription = "mine"\n`);
    const renamed = discoverSkills({ runs: history(), existing: load(), userDir: userDir() }).candidates;
    expect(renamed.map((c) => c.name)).toEqual([`${first.name}-2`]);
  });

  it('does not propose again what the household rejected, even after its folder was deleted', () => {
    const name = discoverSkills({ runs: history(), existing: [], userDir: userDir() }).candidates[0]!.name;
    const result = discoverSkills({ runs: history(), existing: [], userDir: userDir(), rejected: new Set([name]) });
    expect(result.candidates).toEqual([]);
    expect(result.known).toEqual([expect.objectContaining({ skill: name, rejected: true })]);
  });

  it('proposes at most MAX_CANDIDATES at once, the most frequent first', () => {
    // 30 different two-step routines, routine i seen 3 + i times.
    const runs: MinedRun[] = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 3 + i }, (_, n) => ({
        id: `r${i}-${n}`,
        calls: [
          { tool: `first_${i}`, arguments: {}, at: '2026-11-01T00:00:00.000Z' },
          { tool: `second_${i}`, arguments: {}, at: '2026-11-01T00:00:00.000Z' },
        ],
      })),
    ).flat();
    const result = discoverSkills({ runs, existing: [], userDir: userDir() });
    expect(result.candidates).toHaveLength(MAX_CANDIDATES);
    expect(result.more).toBe(30 - MAX_CANDIDATES);
    expect(result.candidates[0]!.tools).toEqual(['first_29', 'second_29']);
  });

  it('shortens a long name with a hash and keeps it a valid skill name', () => {
    const tools = ['home_assistant_turn_on_the_living_room_lights', 'home_assistant_set_the_thermostat', 'music_play_playlist'];
    const runs: MinedRun[] = ['a', 'b', 'c'].map((id) => ({
      id,
      calls: tools.map((tool) => ({ tool, arguments: {}, at: '2026-11-01T00:00:00.000Z' })),
    }));
    const [c] = discoverSkills({ runs, existing: [], userDir: userDir() }).candidates;
    expect(c!.name.length).toBeLessThanOrEqual(64);
    expect(c!.name).toMatch(/^discovered-home-assistant-turn-on-.*-[0-9a-f]{8}$/);
    expect(c!.description).toContain('seen 3 times on 2026-11-01');
    writeDiscoveredSkill(c!);
    expect((load() as SkillEntry[]).map((e) => [e.id, e.errors])).toEqual([[c!.name, []]]);
  });
});
