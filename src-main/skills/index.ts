export { SkillRegistry } from '../platform/registry/registry';
export type { RegisteredTool, ToolContext, ToolProvider, RegistryListener, ToolCollision } from '../platform/registry/registry';
export { SkillEngine } from './engine';
export { loadSkills, skillSources, OPENJARVIS_ACTION } from './loader';
export type { SkillEntry, SkillSet, SkillSource } from './loader';
