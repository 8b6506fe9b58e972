import { describe, expect, it } from 'vitest';
import { parseChoreSentence } from './sentences';

const members = ['Mia', 'Leon', 'Anna'];

describe('the chore sentence without the model', () => {
  it('German: "Müll rausbringen: Mia, Leon, im Wechsel, wöchentlich"', () => {
    expect(parseChoreSentence('Müll rausbringen: Mia, Leon, im Wechsel, wöchentlich', members)).toEqual({
      lang: 'de',
      title: 'Müll rausbringen',
      members: ['Mia', 'Leon'],
      rotate: true,
      every: 'weekly',
    });
  });

  it('German with "und", the turn word after the last name, a frequency and stars', () => {
    expect(parseChoreSentence('Zimmer aufräumen: mia und Leon abwechselnd, täglich, 2 Sterne.', members)).toEqual({
      lang: 'de',
      title: 'Zimmer aufräumen',
      members: ['Mia', 'Leon'],
      rotate: true,
      every: 'daily',
      stars: 2,
    });
  });

  it('English: "Take out the trash: Mia, Leon, taking turns, weekly"', () => {
    expect(parseChoreSentence('Take out the trash: Mia, Leon, taking turns, weekly', members)).toMatchObject({
      lang: 'en',
      title: 'Take out the trash',
      members: ['Mia', 'Leon'],
      rotate: true,
      every: 'weekly',
    });
  });

  it('each person every day when the sentence does not say they take turns', () => {
    expect(parseChoreSentence('Zähne putzen: Mia, Leon, täglich', members)).toMatchObject({ rotate: false, every: 'daily' });
  });

  it('steps aside for anything else: an unknown name, no members, no frequency or turn word, other sentences', () => {
    expect(parseChoreSentence('Müll rausbringen: Mia, Opa, im Wechsel, wöchentlich', members)).toBeUndefined();
    expect(parseChoreSentence('Müll rausbringen: im Wechsel, wöchentlich', members)).toBeUndefined();
    expect(parseChoreSentence('Einkaufsliste: Mia', members)).toBeUndefined();
    expect(parseChoreSentence('Was steht heute an?', members)).toBeUndefined();
    expect(parseChoreSentence('Termin morgen um 10: Zahnarzt', members)).toBeUndefined();
  });
});
