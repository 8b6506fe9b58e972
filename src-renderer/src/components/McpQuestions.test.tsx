import { cleanup, fireEvent, render, screen } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpQuestion } from '../../../src-shared';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { resetStore } from '../testing/reset-store';
import { McpQuestions } from './McpQuestions';

const form: McpQuestion = {
  id: 'q1',
  server: 'restaurant',
  kind: 'form',
  message: 'Für wie viele Personen?',
  expires_at: '2026-12-02T10:05:00Z',
  fields: [
    { name: 'people', title: 'Personen', type: 'integer', required: true },
    { name: 'time', title: 'Uhrzeit', type: 'choice', required: false, options: [{ value: '18', label: '18 Uhr' }] },
    { name: 'outside', title: 'Draußen', type: 'boolean', required: false },
  ],
};
const sampling: McpQuestion = {
  id: 'q2',
  server: 'notes',
  kind: 'sampling',
  message: 'Fasse zusammen',
  fields: [],
  expires_at: form.expires_at,
};

beforeEach(resetStore);
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await applyLanguage('de');
});

describe("an MCP server's question", () => {
  it('asks for the form and sends the typed answer; a required field left empty is said, not sent', () => {
    const answer = vi.fn(async () => undefined);
    useStore.setState({ mcpQuestions: [form], answerMcpQuestion: answer, chatOpen: false });
    render(<McpQuestions place="shell" />);
    const card = screen.getByRole('group', { name: 'Frage von restaurant' });
    expect(card.textContent).toContain('restaurant fragt:');
    expect(card.textContent).toContain('Für wie viele Personen?');
    fireEvent.click(screen.getByRole('button', { name: 'Antworten' }));
    expect(screen.getByText('Bitte ausfüllen.')).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Personen/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Uhrzeit (freiwillig)'), { target: { value: '18' } });
    fireEvent.click(screen.getByLabelText('Draußen'));
    fireEvent.click(screen.getByRole('button', { name: 'Antworten' }));
    expect(answer).toHaveBeenCalledWith('q1', { action: 'accept', content: { people: 4, time: '18', outside: true } });
  });

  it('declines and cancels', () => {
    const answer = vi.fn(async () => undefined);
    useStore.setState({ mcpQuestions: [form], answerMcpQuestion: answer });
    render(<McpQuestions place="shell" />);
    fireEvent.click(screen.getByRole('button', { name: 'Nein danke' }));
    cleanup();
    render(<McpQuestions place="shell" />);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(answer.mock.calls).toEqual([
      ['q1', { action: 'decline' }],
      ['q1', { action: 'cancel' }],
    ]);
  });

  it("asks leave to use the household's model, in English too", async () => {
    await applyLanguage('en');
    const answer = vi.fn(async () => undefined);
    useStore.setState({ mcpQuestions: [sampling], answerMcpQuestion: answer, language: 'en' });
    render(<McpQuestions place="shell" />);
    const card = screen.getByRole('group', { name: 'Question from notes' });
    expect(card.textContent).toContain('notes would like your AI model to write something:');
    expect(card.textContent).toContain('“Fasse zusammen” – allow?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, allow' }));
    expect(answer).toHaveBeenCalledWith('q2', { action: 'accept', content: {} });
  });

  it('shows in the assistant while it is open, above the screen otherwise, never twice', () => {
    useStore.setState({ mcpQuestions: [form], chatOpen: true });
    const { rerender } = render(<McpQuestions place="shell" />);
    expect(screen.queryByTestId('mcp-question')).toBeNull();
    rerender(<McpQuestions place="chat" />);
    expect(screen.getByTestId('mcp-question')).toBeTruthy();
  });

  it('goes when the server has its answer or withdrew it (event)', () => {
    useStore.setState({ mcpQuestions: [form, sampling] });
    useStore.getState().mcpQuestionClosed('q1');
    expect(useStore.getState().mcpQuestions.map((q) => q.id)).toEqual(['q2']);
    useStore.getState().mcpQuestionAsked(sampling);
    expect(useStore.getState().mcpQuestions).toHaveLength(1);
  });
});
