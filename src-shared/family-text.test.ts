import { describe, expect, it } from 'vitest';
import { isFamilyText } from './family-text';

describe('isFamilyText', () => {
  it('lets a plain sentence through in either language', () => {
    expect(isFamilyText('Es gibt schon jemanden namens Mia.')).toBe(true);
    expect(isFamilyText('The Hue bridge is not connected yet.')).toBe(true);
  });

  it.each([
    ['an id', 'Termin evt_njcw98fwbsoch5vl nicht gefunden'],
    ['a setting', 'Set JARVIS_OLLAMA_URL first'],
    ['a tool name', 'calendar_update failed'],
    ['a chore tool', 'chores_tick failed'],
    ['a rule', 'FREQ=WEEKLY;BYDAY=TU'],
    ['a program error', "Cannot read properties of undefined (reading 'x')"],
  ])('refuses %s', (_what, text) => {
    expect(isFamilyText(text)).toBe(false);
  });
});
