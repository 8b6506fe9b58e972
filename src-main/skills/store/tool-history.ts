import { isRiskClass, type RiskClass } from '../../../src-shared';
import type { Db } from '../../platform/database/database';
import { applyMigrations } from '../../platform/database/migrations';
import { SKILL_HISTORY_MIGRATIONS } from './history-migrations';

/** One successful tool call as the history keeps it. */
export interface HistoryCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  /** The call's `data`, when it was small enough to keep. */
  readonly output?: unknown;
  /** What a pipeline calling this tool must declare (`required_capabilities`). */
  readonly capabilities?: readonly string[];
  /** The tool's declared risk class. */
  readonly risk?: RiskClass;
  readonly at: string;
}

/** The calls of one run (one assistant turn, one MCP call, one HTTP request), in order. */
export interface HistoryRun {
  readonly id: string;
  readonly actor: string;
  readonly calls: readonly HistoryCall[];
}

export const SKILL_HISTORY_COMPONENT = 'skill_history';

/** Larger arguments are not kept (the call stays as a gap in its run); a larger output is kept as absent. */
export const MAX_HISTORY_JSON = 8000;

/**
 * The bounded history of successful tool calls: the newest `limit` calls are kept, older
 * ones are deleted as new ones arrive. Values are stored as the caller redacted them.
 */
export class ToolHistoryStore {
  private readonly insert;
  private readonly prune;

  constructor(
    private readonly db: Db,
    private readonly limit: number,
  ) {
    applyMigrations(db, SKILL_HISTORY_COMPONENT, SKILL_HISTORY_MIGRATIONS);
    this.insert = db.prepare(
      'INSERT INTO skill_tool_history (run_id, actor, tool, arguments, output, capabilities, risk, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.prune = db.prepare('DELETE FROM skill_tool_history WHERE id <= (SELECT MAX(id) FROM skill_tool_history) - ?');
    // A lowered limit applies at once; 0 also forgets what was kept.
    if (limit === 0) db.prepare('DELETE FROM skill_tool_history').run();
    else this.prune.run(limit);
  }

  /** Forgets every recorded call (the household cleared its history). */
  clear(): void {
    this.db.prepare('DELETE FROM skill_tool_history').run();
  }

  /** Calls of one run, in order, written in one transaction (one commit). */
  record(runId: string, actor: string, calls: readonly HistoryCall[]): void {
    if (this.limit === 0) return;
    this.db.transaction(() => {
      for (const call of calls) {
        let args = JSON.stringify(call.arguments);
        // Kept as a gap: the calls before and after it never look adjacent.
        if (args.length > MAX_HISTORY_JSON) args = 'null';
        const output = args === 'null' || call.output === undefined ? undefined : JSON.stringify(call.output);
        this.insert.run(
          runId.slice(0, 200),
          actor,
          call.tool,
          args,
          output !== undefined && output.length <= MAX_HISTORY_JSON ? output : null,
          JSON.stringify(call.capabilities ?? []),
          call.risk ?? null,
          call.at,
        );
      }
      this.prune.run(this.limit);
    })();
  }
}

interface HistoryRow {
  readonly run_id: string;
  readonly actor: string;
  readonly tool: string;
  readonly arguments: string;
  readonly output: string | null;
  readonly capabilities: string;
  readonly risk: string | null;
  readonly at: string;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The history of a database file by run, oldest first, without migrating or writing it
 * (empty before the first call). A call kept without its arguments splits its run in two.
 */
export function readToolHistoryReadonly(db: Db): HistoryRun[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'skill_tool_history'").get();
  if (!exists) return [];
  const runs = new Map<string, { id: string; actor: string; calls: HistoryCall[] }>();
  const rows = db
    .prepare('SELECT run_id, actor, tool, arguments, output, capabilities, risk, at FROM skill_tool_history ORDER BY id')
    .iterate();
  const segments = new Map<string, number>();
  for (const row of rows as IterableIterator<HistoryRow>) {
    const args = parseObject(row.arguments);
    if (!args) {
      segments.set(row.run_id, (segments.get(row.run_id) ?? 1) + 1);
      continue;
    }
    const segment = segments.get(row.run_id);
    const id = segment ? `${row.run_id}#${segment}` : row.run_id;
    let output: unknown;
    if (row.output !== null) {
      try {
        output = JSON.parse(row.output);
      } catch {
        output = undefined;
      }
    }
    const capabilities = JSON.parse(row.capabilities) as unknown;
    const run = runs.get(id) ?? { id, actor: row.actor, calls: [] };
    run.calls.push({
      tool: row.tool,
      arguments: args,
      ...(output === undefined ? {} : { output }),
      capabilities: Array.isArray(capabilities) ? capabilities.filter((c): c is string => typeof c === 'string') : [],
      ...(isRiskClass(row.risk) ? { risk: row.risk } : {}),
      at: row.at,
    });
    runs.set(id, run);
  }
  return [...runs.values()];
}
