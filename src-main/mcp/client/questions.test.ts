import { describe, expect, it, vi } from 'vitest';
import type { McpQuestion, McpQuestionClosed } from '../../../src-shared';
import { formFieldsOf } from './elicitation-form';
import { MAX_OPEN_QUESTIONS, McpQuestions } from './questions';

function broker() {
  const events: { name: string; data: McpQuestion | McpQuestionClosed }[] = [];
  const questions = new McpQuestions({
    clock: () => new Date('2026-12-02T10:00:00Z'),
    publish: (name: 'mcp.question' | 'mcp.question.closed', data: McpQuestion | McpQuestionClosed) => void events.push({ name, data }),
  });
  return { questions, events };
}

const desktop = { desktop: true };
const ask = {
  server: 'peer',
  kind: 'form' as const,
  message: 'Wie viele?',
  fields: formFieldsOf({ type: 'object', properties: { n: { type: 'integer', title: 'Anzahl' } }, required: ['n'] })!,
};

describe('MCP questions waiting for the person', () => {
  it('an unanswered question expires as "cancel" and says so on the event stream', async () => {
    vi.useFakeTimers();
    try {
      const { questions, events } = broker();
      const answer = questions.ask(ask, 1000);
      expect(questions.list(desktop)).toHaveLength(1);
      expect(events[0]).toMatchObject({ name: 'mcp.question', data: { expires_at: '2026-12-02T10:00:01.000Z' } });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(answer).resolves.toEqual({ action: 'cancel' });
      expect(events[1]).toMatchObject({ name: 'mcp.question.closed', data: { outcome: 'expired' } });
      expect(questions.list(desktop)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a question the server withdraws (the request was cancelled) is closed', async () => {
    const { questions } = broker();
    const controller = new AbortController();
    const answer = questions.ask(ask, 60_000, controller.signal);
    controller.abort();
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(questions.list(desktop)).toEqual([]);
  });

  it('a member sees and answers only the questions of their own calls; the desktop sees all', async () => {
    const { questions } = broker();
    const answer = questions.ask(ask, 60_000, undefined, 'anna');
    expect(questions.list({ desktop: false, member: 'ben' })).toEqual([]);
    const id = questions.list({ desktop: false, member: 'anna' })[0]!.id;
    expect(() => questions.answer(id, { action: 'accept', content: { n: 2 } }, { desktop: false, member: 'ben' })).toThrow(
      /already answered/,
    );
    questions.answer(id, { action: 'accept', content: { n: '2' } }, { desktop: false, member: 'anna' });
    await expect(answer).resolves.toEqual({ action: 'accept', content: { n: 2 } });
  });

  it('refuses an answer that does not fit the form, keeping the question open', () => {
    const { questions } = broker();
    void questions.ask(ask, 60_000);
    const id = questions.list(desktop)[0]!.id;
    expect(() => questions.answer(id, { action: 'accept', content: { n: 2.5 } }, desktop)).toThrow('"Anzahl" does not take this answer.');
    expect(() => questions.answer(id, { action: 'accept', content: {} }, desktop)).toThrow('"Anzahl" needs an answer.');
    expect(() => questions.answer(id, { action: 'accept', content: { n: 1, x: 1 } }, desktop)).toThrow('no field "x"');
    expect(questions.list(desktop)).toHaveLength(1);
  });

  it('a server cannot flood the screen: beyond the limit a question is cancelled at once', async () => {
    const { questions } = broker();
    for (let i = 0; i < MAX_OPEN_QUESTIONS; i++) void questions.ask(ask, 60_000);
    await expect(questions.ask(ask, 60_000)).resolves.toEqual({ action: 'cancel' });
    questions.cancelAll();
    expect(questions.list(desktop)).toEqual([]);
  });
});

describe('the form of an elicitation', () => {
  it('reads enums with labels (enumNames, oneOf) and defaults', () => {
    expect(
      formFieldsOf({
        type: 'object',
        properties: {
          size: { type: 'string', enum: ['s', 'l'], enumNames: ['Klein', 'Groß'], default: 'l' },
          color: { type: 'string', oneOf: [{ const: 'r', title: 'Rot' }] },
          note: { type: 'string', description: 'Optional' },
        },
      }),
    ).toEqual([
      {
        name: 'size',
        title: 'size',
        type: 'choice',
        required: false,
        default: 'l',
        options: [
          { value: 's', label: 'Klein' },
          { value: 'l', label: 'Groß' },
        ],
      },
      { name: 'color', title: 'color', type: 'choice', required: false, options: [{ value: 'r', label: 'Rot' }] },
      { name: 'note', title: 'note', description: 'Optional', type: 'string', required: false },
    ]);
  });

  it('a required field the app cannot ask for makes the whole form unanswerable (declined, not half answered)', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
    expect(formFieldsOf(schema)).toEqual([]);
    expect(formFieldsOf({ ...schema, required: ['tags'] })).toBeUndefined();
  });
});
