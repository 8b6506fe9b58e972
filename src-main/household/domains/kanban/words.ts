import { ID_PREFIXES, type HomeToolName } from '../../../../src-shared';

/** An item of this list, and how a missing one is named. */
export const KANBAN_ITEM = { idPrefix: ID_PREFIXES.card, de: 'Diese Kanban-Karte', en: 'That Kanban card' } as const;

/** Words a household uses for the list, German and English (the assistant's tool retrieval). */
const KANBAN = 'kanban board karte karten spalte card cards column';

export const KANBAN_PHRASES = {
  kanban_list: `${KANBAN} zeige welche offen in arbeit show which doing`,
  kanban_create: `${KANBAN} neue anlegen add new create`,
  kanban_move: `${KANBAN} verschieben schieben erledigt in arbeit move done doing`,
  kanban_delete: `${KANBAN} löschen entfernen delete remove`,
} as const satisfies Partial<Record<HomeToolName, string>>;
