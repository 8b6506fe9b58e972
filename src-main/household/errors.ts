// A deliberate failure of a household tool: it rolls the transaction back and becomes
// the `{success:false, error}` envelope. Codes are stable; messages are German.
import { ID_PREFIXES, MEMBER_ID_PREFIX } from '../../src-shared';
import { Refusal, type RefusalKind } from '../platform/errors';

export type HomeErrorCode =
  | 'NOT_FOUND'
  | 'INVALID_INPUT'
  | 'INVALID_TIME'
  | 'CONFLICT'
  | 'MANUAL_OVERRIDE'
  | 'MEMBER_HAS_ITEMS'
  /** A name that must be unique (a member's) is already used. */
  | 'NAME_TAKEN';

const KIND_OF_CODE: Record<HomeErrorCode, RefusalKind> = {
  NOT_FOUND: 'not_found',
  INVALID_INPUT: 'invalid',
  INVALID_TIME: 'invalid',
  CONFLICT: 'conflict',
  MANUAL_OVERRIDE: 'conflict',
  MEMBER_HAS_ITEMS: 'conflict',
  NAME_TAKEN: 'conflict',
};

export class HomeError extends Refusal {
  declare readonly code: HomeErrorCode;
  constructor(code: HomeErrorCode, message: string, path?: string) {
    super(KIND_OF_CODE[code], code, message, path);
    this.name = 'HomeError';
  }
}

/**
 * The things a household tool works on, by the tool's name prefix ("tasks_done" works on
 * tasks): the id prefix of the item and how a missing one is named, German then English.
 */
const ITEM_OF_TOOL: Readonly<Record<string, { readonly idPrefix: string; readonly words: readonly [string, string] }>> = {
  calendar: { idPrefix: ID_PREFIXES.event, words: ['Diesen Termin', 'That appointment'] },
  tasks: { idPrefix: ID_PREFIXES.task, words: ['Diese Aufgabe', 'That task'] },
  reminders: { idPrefix: ID_PREFIXES.reminder, words: ['Diese Erinnerung', 'That reminder'] },
  groceries: { idPrefix: ID_PREFIXES.grocery, words: ['Diesen Einkaufseintrag', 'That shopping list item'] },
  recipes: { idPrefix: ID_PREFIXES.recipe, words: ['Dieses Rezept', 'That recipe'] },
  mealplan: { idPrefix: ID_PREFIXES.meal, words: ['Diese Mahlzeit', 'That meal'] },
  kanban: { idPrefix: ID_PREFIXES.card, words: ['Diese Kanban-Karte', 'That Kanban card'] },
  chores: { idPrefix: 'chore_', words: ['Diese Hausarbeit', 'That chore'] },
  members: { idPrefix: MEMBER_ID_PREFIX, words: ['Dieses Mitglied', 'That member'] },
};

function kindWords(id: string): readonly [string, string] {
  return Object.values(ITEM_OF_TOOL).find((item) => id.startsWith(item.idPrefix))?.words ?? ['Diesen Eintrag', 'That entry'];
}

/** The not-found sentence for what the tool `tool` works on, when the id is not at hand. */
export function notFoundSentenceOfTool(tool: string, lang: 'de' | 'en'): string {
  return notFoundSentence(ITEM_OF_TOOL[tool.split('_')[0] ?? '']?.idPrefix ?? '', lang);
}

/** The sentence for an item that is not there, without its id (a family never reads ids). */
export function notFoundSentence(id: string, lang: 'de' | 'en'): string {
  const [de, en] = kindWords(id);
  return lang === 'en' ? `${en} does not exist (any more).` : `${de} gibt es nicht (mehr).`;
}

export function notFound(id: string, path = '/id'): HomeError {
  return new HomeError('NOT_FOUND', notFoundSentence(id, 'de'), path);
}
