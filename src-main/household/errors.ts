// A deliberate failure of a household tool: it rolls the transaction back and becomes
// the `{success:false, error}` envelope. Codes are stable; messages are German.
import { Refusal, type RefusalKind } from '../platform/errors';

export type HomeErrorCode = 'NOT_FOUND' | 'INVALID_INPUT' | 'INVALID_TIME' | 'CONFLICT' | 'MANUAL_OVERRIDE' | 'MEMBER_HAS_ITEMS';

const KIND_OF_CODE: Record<HomeErrorCode, RefusalKind> = {
  NOT_FOUND: 'not_found',
  INVALID_INPUT: 'invalid',
  INVALID_TIME: 'invalid',
  CONFLICT: 'conflict',
  MANUAL_OVERRIDE: 'conflict',
  MEMBER_HAS_ITEMS: 'conflict',
};

export class HomeError extends Refusal {
  declare readonly code: HomeErrorCode;
  constructor(code: HomeErrorCode, message: string, path?: string) {
    super(KIND_OF_CODE[code], code, message, path);
    this.name = 'HomeError';
  }
}

const KIND_DE: Record<string, string> = {
  evt_: 'Termin',
  task_: 'Aufgabe',
  rem_: 'Erinnerung',
  groc_: 'Einkaufseintrag',
  rec_: 'Rezept',
  meal_: 'Mahlzeit',
  card_: 'Kanban-Karte',
  mem_: 'Mitglied',
};

export function notFound(id: string, path = '/id'): HomeError {
  const kind = Object.entries(KIND_DE).find(([prefix]) => id.startsWith(prefix))?.[1] ?? 'Eintrag';
  return new HomeError('NOT_FOUND', `${kind} ${id} gibt es nicht.`, path);
}
