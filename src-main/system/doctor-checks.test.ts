import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { detectSandbox } from '../skills/process';
import { checkSkillIsolation } from './doctor-checks';

describe('jarvis doctor: skill isolation', () => {
  it('says whether skill processes run isolated, and says so plainly when they do not', async () => {
    const auto = await checkSkillIsolation(loadConfig({ JARVIS_SKILL_SANDBOX: 'auto' }));
    const works = detectSandbox('auto', process.env.PATH ?? '').kind === 'bwrap';
    expect(auto.ok).toBe(works);
    expect(auto.detail).toMatch(works ? /^active: bubblewrap/ : /^off: /);
    const off = await checkSkillIsolation(loadConfig({ JARVIS_SKILL_SANDBOX: 'off' }));
    expect(off).toMatchObject({ ok: false, optional: true });
    expect(off.detail).toContain('can read the environment');
  });
});
