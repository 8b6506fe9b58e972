import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SkillsReloadResponse } from '../../src-shared';
import { SkillRegistry, type ToolContext } from '../platform/registry/registry';
import { trustedSchemaCacheSize } from '../platform/validation';
import { SkillEngine, type SkillAdmission, type SkillCandidate, type SkillGate } from './engine';
import { untrustedSchemaCacheSizes } from './process/action-schemas';

const root = mkdtempSync(join(tmpdir(), 'jarvis-skill-box-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ctx: ToolContext = { traceId: 'test_box', now: new Date('2026-08-29T08:20:00Z'), timezone: 'Europe/Berlin', actor: 'system' };

/** Runs the start-up installation and any tree the test activated; everything else waits. */
class TestGate implements SkillGate {
  readonly activated = new Set<string>();
  readonly seen: SkillCandidate[] = [];
  admit(skill: SkillCandidate): SkillAdmission {
    this.seen.push(skill);
    if (skill.change === 'startup') this.activated.add(`${skill.id}:${skill.sha256}`);
    return this.activated.has(`${skill.id}:${skill.sha256}`)
      ? { state: 'active' }
      : { state: 'proposed', proposal_id: `skp_${skill.sha256.slice(0, 6)}` };
  }
}

let n = 0;
function workspace(): string {
  const dir = join(root, `ws${++n}`);
  mkdirSync(dir);
  return dir;
}

function skill(ws: string, id: string, script: string | undefined, manifest: Record<string, unknown> = {}) {
  const dir = join(ws, id);
  mkdirSync(dir);
  if (script !== undefined) {
    writeFileSync(join(dir, 'run'), script);
    chmodSync(join(dir, 'run'), 0o755);
  }
  writeFileSync(
    join(dir, 'skill.json'),
    JSON.stringify({
      protocol: 'jarvis.skill.v1',
      id,
      name: id,
      version: '1.0.0',
      runtime: { type: 'process', command: './run' },
      actions: [
        {
          name: 'go',
          description: `${id} action`,
          input_schema: { type: 'object', properties: { text: { type: 'string', maxLength: 100 } }, additionalProperties: false },
        },
      ],
      ...manifest,
    }),
  );
  return dir;
}

function engineFor(ws: string, extra: Partial<ConstructorParameters<typeof SkillEngine>[0]> = {}) {
  const registry = new SkillRegistry();
  const gate = new TestGate();
  const reloads: SkillsReloadResponse[] = [];
  const secrets: string[] = [];
  const e = new SkillEngine({
    sources: [{ tier: 'workspace', dir: ws }],
    pipelineMaxDepth: 3,
    processEnabled: true,
    runner: {
      allowSystemExec: false,
      maxTimeoutMs: 10_000,
      maxOutputKb: 256,
      hostEnv: { PATH: process.env.PATH, SKILL_API_KEY: 'sk-live-0123456789' },
    },
    registry,
    gate,
    reloaded: (r) => reloads.push(r),
    secret: (v) => secrets.push(v),
    ...extra,
  });
  registry.addProvider(e.provider);
  e.reload();
  return { e, registry, gate, reloads, secrets };
}

const answer = (word: string) => `#!/bin/sh\ncat >/dev/null\necho '{"success":true,"data":{"said":"${word}"}}'\n`;

describe('the SkillProposal gate holds at every call', () => {
  it('a skill edited in place does not run its new code: it goes back to the household', async () => {
    const ws = workspace();
    const dir = skill(ws, 'edited', answer('old'));
    const { e: engine, registry, gate, reloads } = engineFor(ws);
    expect(await registry.call('skill_edited_go', {}, ctx)).toMatchObject({ success: true, data: { said: 'old' } });
    writeFileSync(join(dir, 'run'), answer('new'));
    const r = await registry.call('skill_edited_go', {}, ctx);
    expect(r).toMatchObject({ success: false, error: { code: 'SKILL_CHANGED' } });
    expect(r.error?.message).toContain('waits for the household');
    expect(reloads).toHaveLength(1);
    expect(gate.seen.at(-1)).toMatchObject({ id: 'edited', change: 'changed' });
    // Not offered any more until activated; once activated, the new code runs.
    expect(registry.get('skill_edited_go')).toBeUndefined();
    gate.activated.add(`edited:${gate.seen.at(-1)!.sha256}`);
    engine.readmit();
    expect(await registry.call('skill_edited_go', {}, ctx)).toMatchObject({ success: true, data: { said: 'new' } });
  });

  it('an edit that restores size and mtime is still seen (ctime and content)', async () => {
    const ws = workspace();
    const dir = skill(ws, 'sneaky', answer('aaa'));
    const { registry } = engineFor(ws);
    expect((await registry.call('skill_sneaky_go', {}, ctx)).success).toBe(true);
    const { utimesSync, statSync } = await import('node:fs');
    const before = statSync(join(dir, 'run'));
    writeFileSync(join(dir, 'run'), answer('bbb'));
    utimesSync(join(dir, 'run'), before.atime, before.mtime);
    expect((await registry.call('skill_sneaky_go', {}, ctx)).error?.code).toBe('SKILL_CHANGED');
  });

  it('code reached through a symbolic link out of the folder is refused: listed disabled, never offered', () => {
    const ws = workspace();
    const outside = join(root, `lib${n}.sh`);
    writeFileSync(outside, 'echo hi\n');
    const dir = skill(ws, 'linked', '#!/bin/sh\n. ./lib.sh\n');
    symlinkSync(outside, join(dir, 'lib.sh'));
    const { e, registry } = engineFor(ws);
    expect(registry.get('skill_linked_go')).toBeUndefined();
    const info = e.info(e.find('linked')!);
    expect(info.enabled).toBe(false);
    expect(info.errors.join(' ')).toContain('lib.sh is a symbolic link that leads outside the skill folder');
    expect(e.listing().errors.some((x) => x.message.includes('leads outside'))).toBe(true);
  });

  it('a symbolic link inside the folder is part of the tree: retargeting it is a change', async () => {
    const ws = workspace();
    const dir = skill(ws, 'inner', undefined, { runtime: { type: 'process', command: './bin/run' } });
    mkdirSync(join(dir, 'bin'));
    for (const [name, word] of [
      ['a', 'one'],
      ['b', 'two'],
    ] as const) {
      writeFileSync(join(dir, name), answer(word));
      chmodSync(join(dir, name), 0o755);
    }
    symlinkSync('../a', join(dir, 'bin', 'run'));
    const { registry } = engineFor(ws);
    expect(await registry.call('skill_inner_go', {}, ctx)).toMatchObject({ success: true, data: { said: 'one' } });
    rmSync(join(dir, 'bin', 'run'));
    symlinkSync('../b', join(dir, 'bin', 'run'));
    expect((await registry.call('skill_inner_go', {}, ctx)).error?.code).toBe('SKILL_CHANGED');
  });
});

describe('a skill that cannot run is not offered', () => {
  it('a missing or non-executable entry point is listed disabled with its error and kept out of the catalog', () => {
    const ws = workspace();
    skill(ws, 'missing', undefined);
    const plain = skill(ws, 'plain', answer('x'));
    chmodSync(join(plain, 'run'), 0o644);
    const { e, registry } = engineFor(ws);
    for (const [id, why] of [
      ['missing', 'does not exist'],
      ['plain', 'not an executable file'],
    ] as const) {
      const info = e.info(e.find(id)!);
      expect(info.enabled, id).toBe(false);
      expect(info.errors.join(' '), id).toContain(why);
      expect(registry.get(`skill_${id}_go`)).toBeUndefined();
      expect(e.catalogXml()).not.toContain(`name="${id}"`);
    }
  });
});

describe('env_from values are secrets', () => {
  it('every env_from value found on the host is registered with the redactor at load', () => {
    const ws = workspace();
    skill(ws, 'keyed', answer('x'), { runtime: { type: 'process', command: './run', env_from: ['SKILL_API_KEY', 'NOT_SET'] } });
    expect(engineFor(ws).secrets).toEqual(['sk-live-0123456789']);
  });
});

describe('reloads keep nothing behind', () => {
  it('compiled schemas do not pile up in ajv across reloads of new schema objects', () => {
    const ws = workspace();
    for (let i = 0; i < 5; i++)
      skill(ws, `s${i}`, answer('x'), {
        actions: [{ name: 'go', description: 'd', input_schema: { type: 'object', properties: { [`f${i}`]: { type: 'string' } } } }],
      });
    const { e, registry } = engineFor(ws);
    const validate = () => registry.list().length; // the registry compiles what it offers
    e.reload();
    validate();
    const sizes = () => ({ trusted: trustedSchemaCacheSize(), untrusted: untrustedSchemaCacheSizes() });
    const before = sizes();
    for (let i = 0; i < 20; i++) {
      e.reload();
      validate();
    }
    // Before the fix every reload left each schema compiled in ajv's own cache for good.
    expect(sizes()).toEqual(before);
  });
});
