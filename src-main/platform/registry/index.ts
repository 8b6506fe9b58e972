export { SkillRegistry } from './registry';
export type { RegisteredTool, ToolContext, ToolProvider, RegistryListener, ToolCollision, ToolAsker, ToolGate } from './registry';
export { gateRefusal, riskDeniedSentence, roleDeniedSentence, approvalSentence } from './risk-refusal';
