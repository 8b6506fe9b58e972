import type { Tool } from 'ollama';
import type { KanbanCard, KanbanColumn, KanbanOrganizeResult, Task, ToolResult } from '../../src-shared';
import { KANBAN_COLUMNS } from '../../src-shared';
import type { Config } from '../platform/config';
import type { SkillRegistry, ToolContext } from '../platform/registry';
import { check, compileSchema } from '../platform/validation';
import { newTraceId, type Tracer } from '../platform/trace';
import { isRecord, parseJsonAnswer } from './json-answer';
import type { OllamaConnection } from './ollama-connection';

// AI ORGANIZE: an internal `kanban_recommend` tool with a fixed schema, native
// tool calls first, a JSON-mode retry second, a deterministic fallback last. An empty or cut-off
// model answer never becomes an HTTP error; synced task cards keep their place.

export const KANBAN_RECOMMEND_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['moves'],
  properties: {
    moves: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'column'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 80 },
          column: { enum: [...KANBAN_COLUMNS] },
          reason: { type: 'string', maxLength: 300 },
        },
      },
    },
  },
} as const;

export const KANBAN_RECOMMEND_TOOL = {
  type: 'function',
  function: {
    name: 'kanban_recommend',
    description: 'Empfiehlt für Kanban-Karten die passende Spalte (BACKLOG, TODO, DOING, DONE).',
    parameters: KANBAN_RECOMMEND_SCHEMA,
  },
};

export interface KanbanMove {
  readonly id: string;
  readonly column: KanbanColumn;
  readonly reason?: string;
}

export type OrganizeResult = KanbanOrganizeResult;

const SYSTEM = [
  'Du ordnest ein Haushalts-Kanban. Spalten: BACKLOG, TODO, DOING, DONE.',
  'Rufe das Tool kanban_recommend einmal mit allen empfohlenen Verschiebungen auf. Karten mit erledigter Aufgabe gehören nach DONE.',
].join('\n');

const TASK_COLUMN: Record<Task['status'], KanbanColumn> = { open: 'TODO', in_progress: 'DOING', done: 'DONE' };

export class KanbanOrganizer {
  private running?: Promise<OrganizeResult>;

  constructor(
    private readonly deps: { config: Config; clock: () => Date; registry: SkillRegistry; tracer: Tracer; ollama: OllamaConnection },
  ) {}

  /** Concurrent requests share one pass. */
  organize(traceId = newTraceId('kanban')): Promise<OrganizeResult> {
    this.running ??= this.pass(traceId).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(traceId: string): Promise<OrganizeResult> {
    const { registry, clock, config, tracer, ollama } = this.deps;
    const trace = (stage: string, data?: unknown) => tracer.record(traceId, 'kanban', stage, data);
    const ctx: ToolContext = { traceId, now: clock(), timezone: config.timezone, actor: 'automation' };
    const cards = ((await registry.call('kanban_list', {}, ctx)).data as { cards?: KanbanCard[] } | undefined)?.cards ?? [];
    const tasks = ((await registry.call('tasks_list', { status: 'all' }, ctx)).data as { tasks?: Task[] } | undefined)?.tasks ?? [];
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    const board = cards.map((c) => ({
      id: c.id,
      title: c.title,
      column: c.column,
      task_status: c.task_id ? (taskById.get(c.task_id)?.status ?? null) : null,
    }));
    const messages = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: JSON.stringify({ cards: board }) },
    ];

    let moves: KanbanMove[] | undefined;
    let strategy: OrganizeResult['strategy'] = 'tool_call';
    try {
      trace('tool_request', { cards: board.length });
      const turn = await ollama.chat({ role: 'planner', messages, tools: [KANBAN_RECOMMEND_TOOL] as unknown as Tool[] });
      trace('tool_response', { content: turn.content, tool_calls: turn.toolCalls });
      const call = turn.toolCalls.find((c) => c.name === 'kanban_recommend');
      moves = call ? validMoves(call.arguments) : validMoves(parseJsonAnswer(turn.content));
      if (!moves) {
        strategy = 'json_retry';
        trace('json_retry_request', {});
        const retry = await ollama.chat({
          role: 'planner',
          format: 'json',
          messages: [
            ...messages,
            { role: 'user', content: 'Antworte nur mit JSON im Format {"moves":[{"id":"…","column":"DONE","reason":"…"}]}.' },
          ],
        });
        moves = validMoves(parseJsonAnswer(retry.content));
        trace('json_retry_response', { content: retry.content, valid: moves !== undefined });
      }
    } catch (err) {
      trace('model_error', { message: err instanceof Error ? err.message : String(err) });
    }
    if (!moves) {
      strategy = 'deterministic_fallback';
      // Only what the tasks say for sure: synced cards follow their task's status.
      moves = cards
        .filter((c) => c.task_id && taskById.has(c.task_id))
        .map((c) => ({ id: c.id, column: TASK_COLUMN[taskById.get(c.task_id!)!.status] }));
      trace('deterministic_fallback', { moves: moves.length });
    }
    return this.apply(traceId, ctx, strategy, cards, moves);
  }

  private async apply(
    traceId: string,
    ctx: ToolContext,
    strategy: OrganizeResult['strategy'],
    cards: readonly KanbanCard[],
    moves: readonly KanbanMove[],
  ): Promise<OrganizeResult> {
    const byId = new Map(cards.map((c) => [c.id, c]));
    const moved: OrganizeResult['moved'][number][] = [];
    const skipped: { id: string; reason: string }[] = [];
    for (const move of moves) {
      const card = byId.get(move.id);
      if (!card) skipped.push({ id: move.id, reason: 'unknown card' });
      else if (card.manual_override) skipped.push({ id: move.id, reason: 'moved by hand' });
      else if (card.column === move.column) continue;
      else {
        const result: ToolResult = await this.deps.registry.call('kanban_move', { id: card.id, column: move.column }, ctx);
        moved.push({ id: card.id, from: card.column, to: move.column, success: result.success, message: result.message });
      }
    }
    this.deps.tracer.record(traceId, 'kanban', 'applied', { strategy, moved, skipped });
    return { trace_id: traceId, strategy, moved, skipped };
  }
}

function validMoves(value: unknown): KanbanMove[] | undefined {
  if (!isRecord(value)) return undefined;
  return check(compileSchema(KANBAN_RECOMMEND_SCHEMA), value).ok ? (value.moves as KanbanMove[]) : undefined;
}
