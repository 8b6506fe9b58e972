// Everything the chore chart says, in German and in English: the tools' replies and errors.
// Sentences name chores and people, never ids.
import type { ChoreFrequency } from '../../../../src-shared';

export type ChoreLang = 'de' | 'en';

const list = (names: readonly string[], and: string): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;

export interface ChoreWords {
  quote(text: string): string;
  every(every: ChoreFrequency): string;
  stars(n: number): string;
  created(title: string, members: readonly string[], rotate: boolean, every: ChoreFrequency): string;
  updated(title: string): string;
  deleted(title: string): string;
  ticked(title: string, member: string, stars: number, next: string | undefined): string;
  alreadyDone(title: string, member: string): string;
  unticked(title: string, member: string): string;
  alreadyUndone(title: string): string;
  rewarded(member: string, title: string, stars: number, left: number): string;
  notEnoughStars(member: string, have: number, want: number): string;
  chart(count: number): string;
  choreNotFound(): string;
  tickNotFound(): string;
  memberNotFound(name: string): string;
  notOnChore(member: string, title: string): string;
  noMembers(): string;
  emptyTitle(): string;
  /** Another chore already has this name. */
  titleTaken(title: string): string;
  /** A child asked to change the chart. */
  adultsOnly(): string;
}

export const CHORE_WORDS: Readonly<Record<ChoreLang, ChoreWords>> = {
  de: {
    quote: (t) => `„${t}“`,
    every: (e) => (e === 'daily' ? 'täglich' : 'wöchentlich'),
    stars: (n) => (n === 1 ? '1 Stern' : `${n} Sterne`),
    created(title, members, rotate, every) {
      const who = rotate && members.length > 1 ? `${list(members, 'und')} im Wechsel` : list(members, 'und');
      return `Hausarbeit ${this.quote(title)} angelegt: ${who}, ${this.every(every)}.`;
    },
    updated(title) {
      return `Hausarbeit ${this.quote(title)} geändert.`;
    },
    deleted(title) {
      return `Hausarbeit ${this.quote(title)} gelöscht.`;
    },
    ticked(title, member, stars, next) {
      return `${this.quote(title)} erledigt von ${member}: ${this.stars(stars)}.${next ? ` Als Nächstes ist ${next} dran.` : ''}`;
    },
    alreadyDone(title, member) {
      return `${this.quote(title)} hat ${member} schon erledigt.`;
    },
    unticked(title, member) {
      return `Haken bei ${this.quote(title)} für ${member} zurückgenommen.`;
    },
    alreadyUndone(title) {
      return `Der Haken bei ${this.quote(title)} ist schon zurückgenommen.`;
    },
    rewarded(member, title, stars, left) {
      return `Belohnung ${this.quote(title)} für ${member} für ${this.stars(stars)} eingelöst; übrig diese Woche: ${this.stars(left)}.`;
    },
    notEnoughStars(member, have, want) {
      return `${member} hat diese Woche ${this.stars(have)}, für die Belohnung braucht es ${this.stars(want)}.`;
    },
    chart: (n) => (n === 0 ? 'Noch keine Hausarbeiten.' : n === 1 ? '1 Hausarbeit auf dem Plan.' : `${n} Hausarbeiten auf dem Plan.`),
    choreNotFound: () => 'Diese Hausarbeit gibt es nicht (mehr).',
    tickNotFound: () => 'Diesen Haken gibt es nicht.',
    memberNotFound: (name) => `„${name}“ gehört nicht zum Haushalt.`,
    notOnChore: (member, title) => `${member} ist bei „${title}“ nicht eingetragen.`,
    noMembers: () => 'Bitte mindestens eine Person eintragen.',
    emptyTitle: () => 'Bitte einen Namen für die Hausarbeit eingeben.',
    titleTaken(title) {
      return `Eine Hausarbeit ${this.quote(title)} gibt es schon – bitte einen anderen Namen wählen.`;
    },
    adultsOnly: () => 'Hausarbeiten legen die Eltern an; abhaken kannst du sie selbst.',
  },
  en: {
    quote: (t) => `“${t}”`,
    every: (e) => (e === 'daily' ? 'daily' : 'weekly'),
    stars: (n) => (n === 1 ? '1 star' : `${n} stars`),
    created(title, members, rotate, every) {
      const who = rotate && members.length > 1 ? `${list(members, 'and')} taking turns` : list(members, 'and');
      return `Chore ${this.quote(title)} set up: ${who}, ${this.every(every)}.`;
    },
    updated(title) {
      return `Chore ${this.quote(title)} changed.`;
    },
    deleted(title) {
      return `Chore ${this.quote(title)} deleted.`;
    },
    ticked(title, member, stars, next) {
      return `${this.quote(title)} done by ${member}: ${this.stars(stars)}.${next ? ` ${next} is next.` : ''}`;
    },
    alreadyDone(title, member) {
      return `${member} has already done ${this.quote(title)}.`;
    },
    unticked(title, member) {
      return `Took back ${member}'s tick on ${this.quote(title)}.`;
    },
    alreadyUndone(title) {
      return `The tick on ${this.quote(title)} was already taken back.`;
    },
    rewarded(member, title, stars, left) {
      return `Reward ${this.quote(title)} for ${member} paid with ${this.stars(stars)}; left this week: ${this.stars(left)}.`;
    },
    notEnoughStars(member, have, want) {
      return `${member} has ${this.stars(have)} this week; the reward needs ${this.stars(want)}.`;
    },
    chart: (n) => (n === 0 ? 'No chores yet.' : n === 1 ? '1 chore on the chart.' : `${n} chores on the chart.`),
    choreNotFound: () => 'That chore does not exist (any more).',
    tickNotFound: () => 'That tick does not exist.',
    memberNotFound: (name) => `“${name}” is not a member of the household.`,
    notOnChore: (member, title) => `${member} is not on “${title}”.`,
    noMembers: () => 'Please add at least one person.',
    emptyTitle: () => 'Please give the chore a name.',
    titleTaken(title) {
      return `There is already a chore ${this.quote(title)} – please choose another name.`;
    },
    adultsOnly: () => 'Parents set up the chores; you can tick them off yourself.',
  },
};

/** A chore, and how a missing one is named (the DOMAINS table). */
export const CHORES_ITEM = { idPrefix: 'chore_', de: 'Diese Hausarbeit', en: 'That chore' } as const;
