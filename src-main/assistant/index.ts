export { createAssistant, type AssistantCapability, type AssistantDeps } from './capability';
export { Assistant, type ChatInput, type ChatSink } from './assistant';
export { NO_AUDIT, NO_COLLABORATORS, NO_MEMBERS, NO_SKILL_CATALOG } from './no-collaborators';
export { OllamaConnection, type ChatCall, type ChatTurn } from './ollama-connection';
export { matchLocalIntent, LOCAL_INTENT_NAMES } from './local-intents';
export type { AssistantService } from './service';
export type { DebugService } from './debug-export';
export { modelsToProbe, probeModel } from './model-probe';
export { probesFileOf, readProbes, saveProbes, type ModelProbe } from './model-profile';
