export { discoverSkills, discoveredSkillToml, writeDiscoveredSkill, DISCOVERED_PREFIX } from './discover';
export { DISCOVERED_FOLDER } from './folder';
export type { DiscoverOptions, DiscoverResult, SkillCandidateProposal } from './discover';
export { BOOKKEEPING_TOOLS, DEFAULT_MIN_FREQUENCY, mineToolSequences } from './mine';
export type { DiscoveredSequence, DiscoveredStep, MinedCall, MinedRun, MineOptions } from './mine';
