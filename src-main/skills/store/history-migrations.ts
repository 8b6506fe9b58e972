import type { Migration } from '../../platform/database/migrations';

/** The tool-call history `jarvis skill discover` mines: successful calls, grouped by run. */
export const SKILL_HISTORY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'successful tool calls per run',
    up(db) {
      db.exec(`
        CREATE TABLE skill_tool_history (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          run_id TEXT NOT NULL,
          actor TEXT NOT NULL,
          tool TEXT NOT NULL,
          arguments TEXT NOT NULL,
          output TEXT,
          capabilities TEXT NOT NULL,
          risk TEXT,
          at TEXT NOT NULL
        );
        CREATE INDEX skill_tool_history_run ON skill_tool_history (run_id, id);
      `);
    },
  },
];
