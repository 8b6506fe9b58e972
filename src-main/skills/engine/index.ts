export { SkillEngine } from './engine';
export type { DiscoveredPipeline, OverlayState, SkillAdmission, SkillCandidate, SkillEngineOptions, SkillGate } from './types';
