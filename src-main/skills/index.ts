export { createSkills, createSkillEngine, type SkillsCapability, type SkillsService } from './capability';
export { SkillEngine } from './engine';
export { loadSkills, skillSources, OPENJARVIS_ACTION } from './loader';
export type { SkillEntry, SkillSet, SkillSource } from './loader';
export { readToolHistoryReadonly, SKILL_HISTORY_MIGRATIONS } from './store';
export { discoverSkills, writeDiscoveredSkill, DEFAULT_MIN_FREQUENCY, DISCOVERED_FOLDER } from './discovery';
export type { DiscoverResult, SkillCandidateProposal } from './discovery';
export type { HistoryRun } from './store';
