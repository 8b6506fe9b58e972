import type { Task, ToolResult } from '../../src-shared';
import type { Config } from '../platform/config';
import type { SkillRegistry } from '../platform/registry';
import { check, compileSchema } from '../platform/validation';
import { newTraceId, type Tracer } from '../platform/trace';
import { parseJsonAnswer } from './json-answer';
import { OllamaUnavailableError, type OllamaConnection } from './ollama-connection';

// Autonomous Task Scout: reads new user texts and ready documents for obligations.
// A candidate becomes a task only through the tasks_create tool. Calendar entries, reminders,
// assistant replies and requests the assistant answered with a tool never reach the queue:
// the assistant only hands over what the household wrote when no tool was needed for it, and
// documents come from the knowledge base, calendar files left out (and a mail's invitation:
// the knowledge base hands readers a mail's text without its calendar attachments).

export interface ScoutSource {
  readonly kind: 'user_text' | 'document';
  readonly text: string;
  readonly name?: string;
  /** A document's kind of file (the knowledge base's format). */
  readonly format?: string;
}

/**
 * Documents whose text is not the household's obligations: a calendar file lists appointments
 * that are already in the calendar (or were meant for it), and each would become a task.
 */
const NOT_OBLIGATIONS: ReadonlySet<string> = new Set(['ics']);

const SOURCE_TEXT_LIMIT = 12_000;
const QUEUE_LIMIT = 50;

export const CANDIDATES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['tasks'],
  properties: {
    tasks: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: { type: 'string', minLength: 2, maxLength: 120 },
          due: {
            type: 'object',
            additionalProperties: false,
            required: ['kind'],
            properties: {
              kind: { enum: ['relative', 'weekday', 'absolute'] },
              offset_days: { type: 'integer', minimum: -366, maximum: 3660 },
              weekday: { enum: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] },
              force_next: { type: 'boolean' },
              date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
              time: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
            },
          },
          evidence: { type: 'string', maxLength: 300 },
        },
      },
    },
  },
} as const;

const SCOUT_PROMPT = [
  'Finde in dem Text konkrete Verpflichtungen oder Aufgaben des Haushalts (etwas, das jemand erledigen muss).',
  'Antworte nur mit JSON: {"tasks": [{"title": "...", "due": <symbolisches Zeitobjekt, optional>, "evidence": "<Zitat>"}]}.',
  'Zeitobjekte: {"kind":"relative","offset_days":1} oder {"kind":"weekday","weekday":"friday"} oder {"kind":"absolute","date":"2026-08-31"}.',
  'Keine Aufgaben erfinden; wenn nichts zu tun ist: {"tasks": []}.',
].join('\n');

export class TaskScout {
  private queue: ScoutSource[] = [];
  private running?: Promise<ToolResult[]>;

  constructor(
    private readonly deps: { config: Config; clock: () => Date; registry: SkillRegistry; tracer: Tracer; ollama: OllamaConnection },
  ) {}

  get queued(): number {
    return this.queue.length;
  }

  add(source: ScoutSource): void {
    if (!source.text.trim()) return;
    if (source.kind === 'document' && source.format !== undefined && NOT_OBLIGATIONS.has(source.format)) return;
    this.queue.push({ ...source, text: source.text.slice(0, SOURCE_TEXT_LIMIT) });
    if (this.queue.length > QUEUE_LIMIT) this.queue.splice(0, this.queue.length - QUEUE_LIMIT);
  }

  /** One pass over everything queued; returns the tasks_create results. Never throws. */
  runOnce(): Promise<ToolResult[]> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<ToolResult[]> {
    const created: ToolResult[] = [];
    while (this.queue.length > 0) {
      const source = this.queue[0]!;
      const traceId = newTraceId('scout');
      const trace = (stage: string, data?: unknown) => this.deps.tracer.record(traceId, 'scout', stage, data);
      trace('request', { kind: source.kind, ...(source.name ? { name: source.name } : {}), chars: source.text.length });
      let content: string;
      try {
        const turn = await this.deps.ollama.chat({
          role: 'planner',
          format: CANDIDATES_SCHEMA,
          messages: [
            { role: 'system', content: SCOUT_PROMPT },
            { role: 'user', content: source.name ? `Dokument "${source.name}":\n${source.text}` : source.text },
          ],
        });
        content = turn.content;
      } catch (err) {
        // Keep the queue for the next pass; Ollama may come back.
        trace('unavailable', { message: err instanceof OllamaUnavailableError ? err.message : String(err) });
        return created;
      }
      this.queue.shift();
      const parsed = parseJsonAnswer(content);
      const verdict = check(compileSchema(CANDIDATES_SCHEMA), parsed);
      trace('response', { raw: content, valid: verdict.ok });
      if (!verdict.ok) continue;
      for (const candidate of (parsed as { tasks: { title: string; due?: Record<string, unknown> }[] }).tasks) {
        const result = await this.createTask(traceId, candidate);
        if (result) created.push(result);
      }
    }
    return created;
  }

  private async createTask(traceId: string, candidate: { title: string; due?: Record<string, unknown> }): Promise<ToolResult | undefined> {
    const { registry, clock, config, tracer } = this.deps;
    const ctx = { traceId, now: clock(), timezone: config.timezone, actor: 'automation' as const };
    const existing = await registry.call('tasks_list', { status: 'all', query: candidate.title }, ctx);
    const tasks = (existing.data as { tasks?: Task[] } | undefined)?.tasks ?? [];
    if (tasks.some((t) => t.title.toLowerCase() === candidate.title.toLowerCase())) {
      tracer.record(traceId, 'scout', 'duplicate', { title: candidate.title });
      return undefined;
    }
    const args = { title: candidate.title, ...(candidate.due ? { due: candidate.due } : {}), tags: ['scout'] };
    const result = await registry.call('tasks_create', args, ctx);
    tracer.record(traceId, 'scout', 'task_create', {
      arguments: args,
      success: result.success,
      ...(result.error ? { error: result.error } : {}),
    });
    return result;
  }
}
