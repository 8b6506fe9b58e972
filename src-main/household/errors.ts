// A deliberate failure of a household tool: it rolls the transaction back and becomes
// the `{success:false, error}` envelope. Codes are stable; messages are German.
import { MEMBER_ID_PREFIX } from '../../src-shared';
import { Refusal, type RefusalKind } from '../platform/errors';
import { domainOfId, domainOfTool } from './domains';

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

/** What a missing member is called; the lists' words are in their DOMAINS rows. */
const MEMBER_ITEM = { idPrefix: MEMBER_ID_PREFIX, de: 'Dieses Mitglied', en: 'That member' } as const;

function itemOfId(id: string): { readonly de: string; readonly en: string } {
  return domainOfId(id)?.item ?? (id.startsWith(MEMBER_ITEM.idPrefix) ? MEMBER_ITEM : { de: 'Diesen Eintrag', en: 'That entry' });
}

/** The not-found sentence for what the tool `tool` works on, when the id is not at hand. */
export function notFoundSentenceOfTool(tool: string, lang: 'de' | 'en'): string {
  const idPrefix = tool.split('_')[0] === 'members' ? MEMBER_ITEM.idPrefix : (domainOfTool(tool)?.item.idPrefix ?? '');
  return notFoundSentence(idPrefix, lang);
}

/** The sentence for an item that is not there, without its id (a family never reads ids). */
export function notFoundSentence(id: string, lang: 'de' | 'en'): string {
  const item = itemOfId(id);
  return lang === 'en' ? `${item.en} does not exist (any more).` : `${item.de} gibt es nicht (mehr).`;
}

export function notFound(id: string, path = '/id'): HomeError {
  return new HomeError('NOT_FOUND', notFoundSentence(id, 'de'), path);
}
