export { createSkills, createSkillEngine, type SkillsCapability, type SkillsService } from './capability';
export { SkillEngine } from './engine';
export { loadSkills, skillSources, OPENJARVIS_ACTION } from './loader';
export type { SkillEntry, SkillSet, SkillSource } from './loader';
export { toolMatches, type SkillToolLimit } from './allowed-tools';
export { SKILL_READ_TOOL } from './skill-reader';
