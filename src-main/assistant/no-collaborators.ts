import type { Member } from '../../src-shared';
import type { CatalogSkill } from './skill-catalog';
import type { AuditTrail } from './audit';

/**
 * The assistant's core collaborators are required, so a forgotten one is a compile error in
 * the master. Where there is truly none (a unit test of the agent loop, the eval, a bench),
 * these stand in: they record nothing, offer no skills and know no members.
 */
export const NO_AUDIT: AuditTrail = {
  begin: () => undefined,
  decide: () => undefined,
  block: () => undefined,
  review: () => undefined,
  takeover: () => undefined,
  contribute: () => undefined,
  finish: () => undefined,
};

export const NO_SKILL_CATALOG = (): readonly CatalogSkill[] => [];

export const NO_MEMBERS = {
  memberOf: (): Member | undefined => undefined,
  list: (): readonly Member[] => [],
};

/** All three at once: `new Assistant({ ...NO_COLLABORATORS, config, … })`. */
export const NO_COLLABORATORS = { audit: NO_AUDIT, skillCatalog: NO_SKILL_CATALOG, members: NO_MEMBERS } as const;
