import type { Authority } from '../../src-shared';

/** The identities JARVIS itself acts as. Seeded once; stable across restarts. */
export const HOST_IDS = {
  hostWorker: 'wrk_jarvis_host',
  householdWorker: 'wrk_household',
  system: 'act_jarvis_system',
  assistant: 'act_jarvis_assistant',
  household: 'act_household',
  householdPolicy: 'pol_household',
} as const;

/** What a household member may do; nobody is handed more. */
export const HUMAN_AUTHORITY: Authority[] = [
  'policy.define',
  'session.create',
  'request.review',
  'request.takeover',
  'memory.decide',
  'learning.decide',
  'skill.decide',
  'manifest.seal',
  'outcome.submit',
];
