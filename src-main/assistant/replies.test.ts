import { describe, expect, it } from 'vitest';
import type { ExecutedToolCall } from '../../src-shared';
import { replyFromResults } from './replies';

const read = (tool: string, message: string, data: unknown = {}): ExecutedToolCall => ({
  tool,
  arguments: {},
  result: { success: true, mutated: false, message, data },
});
const change = (tool: string, message: string, data: unknown = {}): ExecutedToolCall => ({
  tool,
  arguments: {},
  result: { success: true, mutated: true, message, data },
});

describe('the reply written from the results', () => {
  it('tells a read the request asked for after a change, not the read that found the id', () => {
    const reply = replyFromResults(
      [
        read('tasks_list', '1 Aufgabe', { tasks: [{ id: 'task_1', title: 'Müll', status: 'open' }] }),
        change('tasks_update', 'Aufgabe „Müll“ erledigt.'),
        change('groceries_add', 'Tomaten auf die Einkaufsliste gesetzt.'),
        read('recipes_search', 'Gefunden: Tomatensuppe.', { recipes: [] }),
      ],
      'de',
    );
    expect(reply.split('\n')).toEqual(['Aufgabe „Müll“ erledigt.', 'Tomaten auf die Einkaufsliste gesetzt.', 'Gefunden: Tomatensuppe.']);
  });

  it('confirms an English request’s change in English, from the saved data', () => {
    const data = { id: 'groc_1', name: 'Milk', quantity: 2, unit: 'l', checked: false };
    expect(replyFromResults([change('groceries_add', '2 l Milk auf die Einkaufsliste gesetzt.', data)], 'en')).toBe(
      'Added to the shopping list: 2 l Milk.',
    );
    expect(replyFromResults([change('groceries_add', '2 l Milk auf die Einkaufsliste gesetzt.', data)], 'de')).toBe(
      '2 l Milk auf die Einkaufsliste gesetzt.',
    );
  });
});
