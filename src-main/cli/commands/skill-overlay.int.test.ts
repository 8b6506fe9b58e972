import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OVERLAY_FORMAT, writeOverlay, type SkillOverlay } from '../../skills/overlays';
import { treeSha256 } from '../../skills/tree-hash';
import { cliTestBed, demoWorkspace } from '../../testing/cli-test-bed';

const bed = cliTestBed('jarvis-cli-overlay-', (root) => {
  const workspace = demoWorkspace(root);
  return {
    JARVIS_SKILLS_DIR: workspace,
    JARVIS_SKILLS_USER_DIR: join(root, 'user'),
    JARVIS_SKILL_OVERLAY_DIR: join(root, 'overlays'),
    JARVIS_DATA: join(root, 'jarvis.db'),
    JARVIS_MESH_ENROLLMENT_TOKEN: '',
  };
});
const cli = bed.cli;

function overlay(sha: string): SkillOverlay {
  return {
    format: OVERLAY_FORMAT,
    skill: 'text-brief',
    skill_sha256: sha,
    description: 'Zählt Wörter und Zeichen eines Textes',
    base_description: 'Kurzprofil eines Textes',
    examples: [
      { request: 'Wie lang ist "a b c"?', calls: [{ tool: 'skill_text_brief_run', arguments: { text: 'a b c' } }], reply: '3 Wörter.' },
    ],
    policy: 'describe',
    score: { cases: 6, baseline: 0.5, overlay: 5 / 6, candidates: [5 / 6, 0.5] },
    created_at: '2026-12-01T18:00:00.000Z',
  };
}

describe('jarvis skill show-overlay', () => {
  it('prints the description old → new, the examples, the score and that it is in use', async () => {
    writeOverlay(bed.env.JARVIS_SKILL_OVERLAY_DIR!, overlay(treeSha256(join(bed.env.JARVIS_SKILLS_DIR!, 'text-brief'))));
    const r = await cli('skill', 'show-overlay', 'text-brief');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('status       in use');
    expect(r.stdout).toContain('Kurzprofil eines Textes\n          →  Zählt Wörter und Zeichen eines Textes');
    expect(r.stdout).toContain('1. "Wie lang ist "a b c"?"');
    expect(r.stdout).toContain('skill_text_brief_run {"text":"a b c"}');
    expect(r.stdout).toContain('description before 50 %, overlay 83 %');

    const j = await cli('skill', 'show-overlay', 'text-brief', '--json');
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({
      skill: 'text-brief',
      stale: false,
      policy: 'describe',
      description: { old: 'Kurzprofil eines Textes', new: 'Zählt Wörter und Zeichen eines Textes' },
      score: { cases: 6 },
    });
    const info = JSON.parse((await cli('skill', 'info', 'text-brief', '--json')).stdout);
    expect(info.overlay).toMatchObject({ description: 'Zählt Wörter und Zeichen eines Textes', stale: false, policy: 'describe' });
  });

  it('says when the overlay is stale', async () => {
    writeOverlay(bed.env.JARVIS_SKILL_OVERLAY_DIR!, overlay('f'.repeat(64)));
    const r = await cli('skill', 'show-overlay', 'text-brief');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("status       stale: made for another version of the skill's files, not used");
    expect(JSON.parse((await cli('skill', 'info', 'text-brief', '--json')).stdout).overlay.stale).toBe(true);
  });

  it('without an overlay: a plain message and exit 1; a broken file is named with its reason', async () => {
    const none = await cli('skill', 'show-overlay', 'text-brief');
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('text-brief has no overlay (jarvis optimize skills makes one from successful uses)\n');
    expect(JSON.parse((await cli('skill', 'show-overlay', 'text-brief', '--json')).stdout)).toEqual({ skill: 'text-brief', overlay: null });
    mkdirSync(join(bed.env.JARVIS_SKILL_OVERLAY_DIR!, 'text-brief'), { recursive: true });
    writeFileSync(join(bed.env.JARVIS_SKILL_OVERLAY_DIR!, 'text-brief', 'optimized.json'), '{');
    const broken = await cli('skill', 'show-overlay', 'text-brief');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('optimized.json ignored: not JSON');
    expect((await cli('skill', 'show-overlay', 'nothing-here')).code).toBe(2);
  });
});

describe('jarvis skill remove-overlay', () => {
  it("deletes only the overlay file: the skill's files stay and it uses its own description again", async () => {
    const skillDir = join(bed.env.JARVIS_SKILLS_DIR!, 'text-brief');
    const before = treeSha256(skillDir);
    writeOverlay(bed.env.JARVIS_SKILL_OVERLAY_DIR!, overlay(before));
    const r = await cli('skill', 'remove-overlay', 'text-brief');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(join(bed.env.JARVIS_SKILL_OVERLAY_DIR!, 'text-brief', 'optimized.json'));
    expect(existsSync(join(bed.env.JARVIS_SKILL_OVERLAY_DIR!, 'text-brief'))).toBe(false);
    expect(treeSha256(skillDir)).toBe(before);
    expect(JSON.parse((await cli('skill', 'info', 'text-brief', '--json')).stdout).overlay).toBeUndefined();

    const again = await cli('skill', 'remove-overlay', 'text-brief');
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('text-brief has no overlay; nothing removed\n');
    expect((await cli('skill', 'remove-overlay', '../etc')).code).toBe(2);
  });
});
