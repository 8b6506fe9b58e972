// The local sentence template for setting up a chore, without the model:
//   "Müll rausbringen: Mia, Leon, im Wechsel, wöchentlich"
//   "Zimmer aufräumen: Mia und Leon, täglich, 2 Sterne"
//   "Take out the trash: Mia, Leon, taking turns, weekly"
// It fires only when every part after the colon is a member, a frequency, "in turns" or a
// number of stars, and the sentence says how often or that they take turns.
import type { ChoreFrequency } from '../../../../src-shared';
import type { ChoreLang } from './words';

export interface ChoreSentence {
  readonly lang: ChoreLang;
  readonly title: string;
  /** Member names as the household spells them. */
  readonly members: readonly string[];
  readonly rotate: boolean;
  readonly every: ChoreFrequency;
  readonly stars?: number;
}

const ROTATE: readonly [RegExp, ChoreLang][] = [
  [/^(?:im wechsel|abwechselnd|reihum|wechselnd)$/iu, 'de'],
  [/^(?:taking turns|in turns|rotating|alternating|in rotation)$/iu, 'en'],
];
const EVERY: readonly [RegExp, ChoreFrequency, ChoreLang][] = [
  [/^(?:wöchentlich|jede woche|einmal (?:pro|die) woche)$/iu, 'weekly', 'de'],
  [/^(?:täglich|jeden tag|einmal am tag)$/iu, 'daily', 'de'],
  [/^(?:weekly|every week|once a week)$/iu, 'weekly', 'en'],
  [/^(?:daily|every day|once a day)$/iu, 'daily', 'en'],
];
const STARS: readonly [RegExp, ChoreLang][] = [
  [/^(\d{1,3}) sterne?$/iu, 'de'],
  [/^(\d{1,3}) stars?$/iu, 'en'],
];

export function parseChoreSentence(text: string, memberNames: readonly string[]): ChoreSentence | undefined {
  const m = /^(?:(?:neue )?hausarbeit|(?:new )?chore)?:?\s*(?<title>[^:]{2,80}?)\s*:\s*(?<rest>.+)$/iu.exec(
    text.trim().replace(/[.!]+$/, ''),
  );
  if (!m?.groups) return undefined;
  const parts = m.groups.rest!.split(/\s*,\s*|\s+(?:und|and)\s+/iu).filter(Boolean);
  const members: string[] = [];
  let rotate: boolean | undefined;
  let every: ChoreFrequency | undefined;
  let stars: number | undefined;
  let lang: ChoreLang | undefined;
  for (const raw of parts) {
    // "Mia und Leon im Wechsel": the rotation word may follow the last name.
    const split = /^(?<name>.+?)\s+(?<word>im wechsel|abwechselnd|reihum|taking turns|in turns)$/iu.exec(raw);
    const pieces = split?.groups ? [split.groups.name!, split.groups.word!] : [raw];
    for (const part of pieces) {
      const name = memberNames.find((n) => n.toLocaleLowerCase() === part.toLocaleLowerCase());
      if (name) {
        members.push(name);
        continue;
      }
      const r = ROTATE.find(([re]) => re.test(part));
      if (r) {
        rotate = true;
        lang ??= r[1];
        continue;
      }
      const e = EVERY.find(([re]) => re.test(part));
      if (e) {
        every = e[1];
        lang ??= e[2];
        continue;
      }
      const s = STARS.map(([re, l]) => [re.exec(part), l] as const).find(([x]) => x);
      if (s) {
        stars = Number(s[0]![1]);
        lang ??= s[1];
        continue;
      }
      return undefined;
    }
  }
  if (members.length === 0 || (rotate === undefined && every === undefined) || !lang) return undefined;
  return {
    lang,
    title: m.groups.title!.trim(),
    members,
    rotate: rotate ?? false,
    every: every ?? 'weekly',
    ...(stars !== undefined ? { stars } : {}),
  };
}
