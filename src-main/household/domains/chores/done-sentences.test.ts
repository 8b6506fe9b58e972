import { describe, expect, it } from 'vitest';
import { matchChoreDone, parseChoreDone } from './done-sentences';

const chores = [
  { id: 'c1', title: 'Müll rausbringen' },
  { id: 'c2', title: 'Zimmer aufräumen' },
  { id: 'c3', title: 'Spülmaschine ausräumen' },
  { id: 'c4', title: 'Take out the trash' },
  { id: 'c5', title: 'Do the dishes' },
  { id: 'c6', title: 'Staubsaugen' },
];

const chore = (sentence: string) => {
  const parsed = parseChoreDone(sentence);
  return parsed && { lang: parsed.lang, id: matchChoreDone(parsed, chores)?.id };
};

describe('ticking a chore by sentence, without the model', () => {
  it('German reports name the chore', () => {
    expect(chore('Ich habe den Müll rausgebracht')).toEqual({ lang: 'de', id: 'c1' });
    expect(chore('Hab mein Zimmer aufgeräumt.')).toEqual({ lang: 'de', id: 'c2' });
    expect(chore('Müll erledigt')).toEqual({ lang: 'de', id: 'c1' });
    expect(chore('Die Spülmaschine ist fertig')).toEqual({ lang: 'de', id: 'c3' });
    expect(chore('Ich habe gestaubsaugt')).toEqual({ lang: 'de', id: 'c6' });
    expect(chore('Fertig mit dem Zimmer')).toEqual({ lang: 'de', id: 'c2' });
  });

  it('English reports name the chore', () => {
    expect(chore('I took out the trash')).toEqual({ lang: 'en', id: 'c4' });
    expect(chore('done with the dishes')).toEqual({ lang: 'en', id: 'c5' });
    expect(chore("I'm done with the dishes!")).toEqual({ lang: 'en', id: 'c5' });
    expect(chore('trash done')).toEqual({ lang: 'en', id: 'c4' });
    expect(chore("I've done the dishes")).toEqual({ lang: 'en', id: 'c5' });
  });

  it('no chore, or two that fit equally, is no match', () => {
    expect(chore('Ich habe den Zahnarzt angerufen')).toEqual({ lang: 'de', id: undefined });
    const two = [
      { id: 'a', title: 'Zimmer saugen' },
      { id: 'b', title: 'Zimmer lüften' },
    ];
    expect(matchChoreDone(parseChoreDone('Ich habe das Zimmer aufgeräumt')!, two)).toBeUndefined();
    expect(matchChoreDone(parseChoreDone('Ich habe das Zimmer gesaugt')!, two)?.id).toBe('a');
  });

  it('other sentences are not a report: questions, plans, the task template', () => {
    expect(parseChoreDone('Ist der Müll erledigt?')).toBeUndefined();
    expect(parseChoreDone('Müll rausbringen: Mia, Leon, im Wechsel, wöchentlich')).toBeUndefined();
    expect(parseChoreDone('Was steht heute an?')).toBeUndefined();
    expect(parseChoreDone('Erledigt: Steuererklärung')).toBeUndefined();
    expect(parseChoreDone('Ich habe Hunger')).toBeUndefined();
  });
});
