export { RunHistoryRecorder } from './run-recorder';
export { SKILL_HISTORY_MIGRATIONS } from './history-migrations';
export {
  MAX_HISTORY_JSON,
  readToolHistoryReadonly,
  SKILL_HISTORY_COMPONENT,
  ToolHistoryStore,
  type HistoryCall,
  type HistoryRun,
} from './tool-history';
export { SKILL_LEARNING_MIGRATIONS } from './learning-migrations';
export { LearningRecordStore, SKILL_LEARNING_COMPONENT, type NewLearningRecord } from './learning-records';
export { LearnedRecordStore, type StoredLearned } from './learned-records';
