import { DISCOVERED_FOLDER } from '../discovery/folder';
import type { SkillEntry } from '../loader';
import { receivedSecrets } from '../process';
import type { TrustVerdict } from '../trust';
import type { SkillAdmission, SkillGate } from './types';

/** The gate's verdict on one skill, with the tree it was given for. */
export interface Admitted {
  readonly sha256: string;
  readonly admission: SkillAdmission;
}

/** What the gate is asked about at a (re)load or after a household decision. */
export interface AdmissionRound {
  readonly skills: readonly SkillEntry[];
  /** Tree hashes by folder; a folder missing here could not be read just now. */
  readonly shas: ReadonlyMap<string, string>;
  readonly verdicts: ReadonlyMap<string, TrustVerdict>;
  /** The verdicts of the round before, to tell added and changed skills from the others. */
  readonly previous: ReadonlyMap<string, Admitted>;
  readonly why: 'startup' | 'reload' | 'decision';
}

/** Asks the gate about every valid skill offered under its id; the first of an id wins. */
export function admitSkills(gate: SkillGate, round: AdmissionRound): Map<string, Admitted> {
  const next = new Map<string, Admitted>();
  for (const s of round.skills) {
    if (s.errors.length > 0 || s.shadowed_by || next.has(s.id)) continue;
    // Held back by its trust: activating it would change nothing, so it is not proposed.
    if (round.verdicts.get(s.dir)?.blocked) continue;
    const sha256 = round.shas.get(s.dir);
    if (sha256 === undefined) {
      // Unreadable right now (being copied): the next reload sees it whole.
      next.set(s.id, { sha256: '', admission: { state: 'proposed' } });
      continue;
    }
    const previous = round.previous.get(s.id);
    const change = round.why === 'startup' ? 'startup' : !previous ? 'added' : previous.sha256 !== sha256 ? 'changed' : 'unchanged';
    const discovered = s.tier === 'user' && s.group === DISCOVERED_FOLDER;
    // The same rule as the call (integrationSkill): only the bundled and workspace tiers hold integrations' own skills.
    const envFrom = 'manifest' in s ? s.manifest?.runtime.env_from : undefined;
    const integrationSecrets = receivedSecrets(envFrom, s.tier !== 'user' ? s.id : undefined);
    next.set(s.id, {
      sha256,
      admission: gate.admit({
        id: s.id,
        version: s.version,
        sha256,
        change,
        ...(discovered ? { discovered } : {}),
        ...(integrationSecrets.length ? { integrationSecrets } : {}),
      }),
    });
  }
  return next;
}
