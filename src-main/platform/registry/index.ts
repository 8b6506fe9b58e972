export { SkillRegistry } from './registry';
export type {
  RegisteredTool,
  ToolContext,
  ToolProvider,
  RegistryListener,
  ToolCollision,
  ToolAsker,
  ToolGate,
  ApprovalHolder,
} from './registry';
export { gateRefusal, riskDeniedSentence, roleDeniedSentence, approvalSentence } from './risk-refusal';
