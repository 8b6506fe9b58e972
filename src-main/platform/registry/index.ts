export { SkillRegistry } from './registry';
export type { RegisteredTool, ToolContext, ToolProvider, RegistryListener, ToolCollision } from './registry';
export { riskDeniedSentence } from './risk-refusal';
