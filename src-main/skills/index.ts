export { SkillRegistry } from './registry';
export type { RegisteredTool, ToolContext, ToolProvider, RegistryListener, ToolCollision } from './registry';
export { SkillEngine } from './engine';
export { loadSkills, skillSources, OPENJARVIS_ACTION } from './loader';
export type { SkillEntry, SkillSet, SkillSource } from './loader';
