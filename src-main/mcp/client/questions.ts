import { randomUUID } from 'node:crypto';
import type { McpQuestion, McpQuestionAnswer, McpQuestionClosed, McpQuestionField } from '../../../src-shared';

export interface QuestionDeps {
  readonly clock: () => Date;
  readonly publish: {
    (name: 'mcp.question', data: McpQuestion): void;
    (name: 'mcp.question.closed', data: McpQuestionClosed): void;
  };
}

export type QuestionOutcome =
  | { readonly action: 'accept'; readonly content: Readonly<Record<string, string | number | boolean>> }
  | { readonly action: 'decline' | 'cancel' };

/** Who looks at the questions: a member's device, or the desktop (which sees every one). */
export interface QuestionViewer {
  readonly member?: string;
  readonly desktop: boolean;
}

interface Waiting {
  readonly question: McpQuestion;
  /** The member whose call the server asks during; absent = the desktop's. */
  readonly owner: string | undefined;
  readonly settle: (outcome: QuestionOutcome, closed: McpQuestionClosed['outcome']) => void;
}

/** Beyond this many open questions a server's next one is cancelled at once: a server cannot flood the screen. */
export const MAX_OPEN_QUESTIONS = 20;

export class QuestionRefusal extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'INVALID_INPUT',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The questions MCP servers wait on: each reaches every open screen as an event (the app
 * shows it like a confirmation) until a person answers, declines or cancels, the server
 * withdraws it, or it expires (then the server is told "cancel").
 */
export class McpQuestions {
  private readonly open = new Map<string, Waiting>();

  constructor(private readonly deps: QuestionDeps) {}

  list(viewer: QuestionViewer): McpQuestion[] {
    return [...this.open.values()].filter((w) => sees(viewer, w)).map((w) => w.question);
  }

  ask(ask: Omit<McpQuestion, 'id' | 'expires_at'>, timeoutMs: number, signal?: AbortSignal, owner?: string): Promise<QuestionOutcome> {
    if (this.open.size >= MAX_OPEN_QUESTIONS || signal?.aborted) return Promise.resolve({ action: 'cancel' });
    const id = randomUUID();
    const question: McpQuestion = {
      ...ask,
      id,
      expires_at: new Date(this.deps.clock().getTime() + timeoutMs).toISOString(),
    };
    return new Promise<QuestionOutcome>((resolve) => {
      const timer = setTimeout(() => settle({ action: 'cancel' }, 'expired'), timeoutMs);
      const withdrawn = () => settle({ action: 'cancel' }, 'cancel');
      const settle = (outcome: QuestionOutcome, closed: McpQuestionClosed['outcome']): void => {
        if (!this.open.delete(id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', withdrawn);
        this.deps.publish('mcp.question.closed', { id, outcome: closed });
        resolve(outcome);
      };
      signal?.addEventListener('abort', withdrawn, { once: true });
      this.open.set(id, { question, owner, settle });
      this.deps.publish('mcp.question', question);
    });
  }

  /** The person's answer; a form's content is checked against its fields first, and a wrong one changes nothing. */
  answer(id: string, answer: McpQuestionAnswer, viewer: QuestionViewer): void {
    const waiting = this.open.get(id);
    if (!waiting || !sees(viewer, waiting)) throw new QuestionRefusal('NOT_FOUND', 'This question was already answered or has expired.');
    if (answer.action !== 'accept') return waiting.settle({ action: answer.action }, answer.action);
    const content = contentOf(waiting.question.fields, answer.content ?? {});
    waiting.settle({ action: 'accept', content }, 'accept');
  }

  /** Every open question is cancelled (JARVIS stops). */
  cancelAll(): void {
    for (const w of [...this.open.values()]) w.settle({ action: 'cancel' }, 'cancel');
  }
}

function sees(viewer: QuestionViewer, waiting: Waiting): boolean {
  return viewer.desktop || waiting.owner === undefined || waiting.owner === viewer.member;
}

function contentOf(
  fields: readonly McpQuestionField[],
  given: Readonly<Record<string, string | number | boolean>>,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const known = new Set(fields.map((f) => f.name));
  const unknown = Object.keys(given).find((k) => !known.has(k));
  if (unknown !== undefined) throw new QuestionRefusal('INVALID_INPUT', `The question has no field "${unknown.slice(0, 60)}".`);
  for (const field of fields) {
    const value = given[field.name];
    if (value === undefined || value === '') {
      if (field.required) throw new QuestionRefusal('INVALID_INPUT', `"${field.title}" needs an answer.`);
      continue;
    }
    out[field.name] = valueOf(field, value);
  }
  return out;
}

function valueOf(field: McpQuestionField, value: string | number | boolean): string | number | boolean {
  const wrong = () => new QuestionRefusal('INVALID_INPUT', `"${field.title}" does not take this answer.`);
  switch (field.type) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw wrong();
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) throw wrong();
      return n;
    }
    case 'choice':
      if (typeof value !== 'string' || !field.options?.some((o) => o.value === value)) throw wrong();
      return value;
    case 'string':
      if (typeof value !== 'string') throw wrong();
      return value;
  }
}
