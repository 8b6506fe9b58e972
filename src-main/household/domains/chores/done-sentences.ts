// The local sentence template for ticking a chore, without the model:
//   "Ich habe den Müll rausgebracht", "Müll erledigt", "Zimmer ist fertig"
//   "I took out the trash", "done with the dishes", "dishes done"
// The sentence only says what was done; which chore that is comes from the chart's titles,
// and it fires only when exactly one chore fits best.
import type { ChoreLang } from './words';

export interface ChoreDoneSentence {
  readonly lang: ChoreLang;
  /** The sentence's words that may name the chore (folded, without filler words). */
  readonly words: readonly string[];
}

const DONE: readonly [RegExp, ChoreLang][] = [
  // "Ich habe den Müll rausgebracht", "hab mein Zimmer aufgeräumt", "Ich hab die Spülmaschine ausgeräumt"
  [/^(?:ich )?(?:habe|hab) (?<what>(?:.+ )?(?:\p{L}*ge\p{L}+(?:t|en)|\p{L}+iert))$/iu, 'de'],
  // "Müll erledigt", "Zimmer ist fertig", "Abwasch gemacht"
  [/^(?<what>.+?) (?:ist |sind )?(?:erledigt|fertig|gemacht)$/iu, 'de'],
  // "fertig mit dem Abwasch" ("Erledigt: …" is the tasks' template)
  [/^fertig mit (?<what>.+)$/iu, 'de'],
  // "I took out the trash", "I've done the dishes", "I fed the cat"
  [
    /^i(?:'ve| have)? (?<what>(?:took|taken|did|done|finished|cleaned|emptied|fed|walked|made|washed|tidied|vacuumed|hoovered|cleared|unloaded|loaded|watered|set|put) .+)$/iu,
    'en',
  ],
  // "done with the dishes", "I'm done with the dishes", "finished the laundry"
  [/^(?:i(?:'m| am) )?(?:done with|finished with|finished) (?<what>.+)$/iu, 'en'],
  // "trash done", "the dishes are done"
  [/^(?<what>.+?) (?:is |are )?(?:done|finished)$/iu, 'en'],
];

/** Words that never tell one chore from another. */
const FILLER = new Set(
  [
    'der die das den dem des ein eine einen einem mein meine meinen meinem dein unser unsere schon jetzt heute gerade auch mal',
    'the a an my our his her their it out up off away already now today just too',
  ]
    .join(' ')
    .split(' '),
);

function fold(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 1 && !FILLER.has(w));
}

export function parseChoreDone(text: string): ChoreDoneSentence | undefined {
  const clean = text.trim().replace(/[.!]+$/, '');
  // A question is not a report ("Ist der Müll erledigt?").
  if (clean.endsWith('?')) return undefined;
  for (const [re, lang] of DONE) {
    const what = re.exec(clean)?.groups?.what;
    if (!what) continue;
    const words = fold(what);
    if (words.length === 0 || words.length > 8) return undefined;
    return { lang, words };
  }
  return undefined;
}

/** "gesaugt" -> "saugt", "gespült" -> "spült": a German participle compared by its verb. */
const withoutGe = (w: string) => (w.length > 5 && w.startsWith('ge') ? w.slice(2) : w);

/** Two words name the same thing when they start alike ("Müll"/"Mülltonne", "rausgebracht"/"rausbringen", "dish"/"dishes"). */
function sameStem(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return a === b;
  const alike = (x: string, y: string) => {
    const n = Math.min(4, x.length, y.length);
    return x.slice(0, n) === y.slice(0, n);
  };
  return alike(a, b) || alike(withoutGe(a), withoutGe(b));
}

/** The one chore the sentence names, or undefined when none or several fit equally well. */
export function matchChoreDone<T extends { readonly title: string }>(sentence: ChoreDoneSentence, chores: readonly T[]): T | undefined {
  const scored = chores
    .map((chore) => {
      const title = fold(chore.title);
      const hits = title.filter((w) => sentence.words.some((s) => sameStem(w, s))).length;
      return { chore, hits, share: title.length === 0 ? 0 : hits / title.length };
    })
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits || b.share - a.share);
  const [best, second] = scored;
  if (!best) return undefined;
  if (second && second.hits === best.hits && second.share === best.share) return undefined;
  return best.chore;
}
