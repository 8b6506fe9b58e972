import { describe, expect, it } from 'vitest';
import { matchWakeWord } from './wake-word';

describe('wake word', () => {
  it('takes what follows the wake word as the command, whatever whisper did to case and punctuation', () => {
    expect(matchWakeWord('Jarvis, setz Milch auf die Einkaufsliste.', 'jarvis')).toEqual({
      matched: true,
      command: 'setz Milch auf die Einkaufsliste.',
    });
    expect(matchWakeWord('JARVIS: Licht an', 'Jarvis')).toEqual({ matched: true, command: 'Licht an' });
    expect(matchWakeWord('Hey Jarvis wie spät ist es', 'jarvis')).toEqual({ matched: true, command: 'wie spät ist es' });
  });

  it('matches multi-word and accented wake words', () => {
    expect(matchWakeWord('Hallo Küche, Timer 5 Minuten', 'hallo kuche').command).toBe('Timer 5 Minuten');
  });

  it('does not treat speech without the wake word, or with it later, as a command', () => {
    expect(matchWakeWord('Wir sollten Jarvis fragen', 'jarvis').matched).toBe(false);
    expect(matchWakeWord('Milch kaufen', 'jarvis').matched).toBe(false);
    expect(matchWakeWord('Jarvisse sind toll', 'jarvis').matched).toBe(false);
  });

  it('reports the wake word alone as a match with an empty command', () => {
    expect(matchWakeWord('Jarvis.', 'jarvis')).toEqual({ matched: true, command: '' });
  });
});
