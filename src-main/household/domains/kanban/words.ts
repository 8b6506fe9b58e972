import { ID_PREFIXES, KANBAN_COLUMN_WORDS, type HomeToolName, type KanbanColumn } from '../../../../src-shared';
import type { DomainReplies } from '../reply';

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

const column = (c: KanbanColumn): string => KANBAN_COLUMN_WORDS.en[c] ?? c;

export const KANBAN_REPLIES = {
  kanban_list: {
    en: ({ cards }) =>
      cards.length === 0
        ? 'No Kanban cards.'
        : `${cards.length === 1 ? '1 card' : `${cards.length} cards`}: ${cards.map((c) => `${c.title} (${column(c.column)})`).join(', ')}.`,
  },
  kanban_create: { en: (d) => `Card added: ${d.title} (${column(d.column)}).` },
  kanban_move: { en: (d) => `Card moved: ${d.title} to ${column(d.column)}.` },
  kanban_delete: { en: (d) => `Card deleted: ${d.title}.` },
} as const satisfies DomainReplies<'kanban'>;
