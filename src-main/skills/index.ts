export { SkillRegistry } from './registry';
export type { RegisteredTool, ToolContext, ToolProvider, RegistryListener } from './registry';
