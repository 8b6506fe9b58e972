// A deliberate failure of a household tool: it rolls the transaction back and becomes
// the `{success:false, error}` envelope. Codes are stable; messages are German.

export type HomeErrorCode = 'NOT_FOUND' | 'INVALID_INPUT' | 'INVALID_TIME' | 'CONFLICT' | 'MANUAL_OVERRIDE';

export class HomeError extends Error {
  constructor(
    readonly code: HomeErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
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
};

export function notFound(id: string, path = '/id'): HomeError {
  const kind = Object.entries(KIND_DE).find(([prefix]) => id.startsWith(prefix))?.[1] ?? 'Eintrag';
  return new HomeError('NOT_FOUND', `${kind} ${id} gibt es nicht.`, path);
}
