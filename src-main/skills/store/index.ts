export { SKILL_HISTORY_MIGRATIONS } from './history-migrations';
export { readToolHistoryReadonly, SKILL_HISTORY_COMPONENT, ToolHistoryStore, type HistoryCall, type HistoryRun } from './tool-history';
