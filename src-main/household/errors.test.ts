import { describe, expect, it } from 'vitest';
import { ID_PREFIXES } from '../../src-shared';
import { notFoundSentence, notFoundSentenceOfTool } from './errors';

describe('the sentence for an item that is not there', () => {
  it('names what the tool works on, in both languages, without the id', () => {
    expect(notFoundSentenceOfTool('tasks_done', 'en')).toBe('That task does not exist (any more).');
    expect(notFoundSentenceOfTool('calendar_delete', 'de')).toBe('Diesen Termin gibt es nicht (mehr).');
    expect(notFoundSentenceOfTool('chores_tick', 'en')).toBe('That chore does not exist (any more).');
    expect(notFoundSentenceOfTool('kanban_move', 'de')).toBe('Diese Kanban-Karte gibt es nicht (mehr).');
  });

  it('names the item by its id prefix, the same words as by its tool', () => {
    expect(notFoundSentence(`${ID_PREFIXES.grocery}abc`, 'en')).toBe(notFoundSentenceOfTool('groceries_remove', 'en'));
    expect(notFoundSentence('evt_123', 'de')).not.toContain('evt_');
  });

  it('says "that entry" for a tool it does not know', () => {
    expect(notFoundSentenceOfTool('weather_now', 'en')).toBe('That entry does not exist (any more).');
  });
});
