import { useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import { KANBAN_COLUMNS, type HomeState, type KanbanCard, type KanbanColumn } from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { MicButton } from '../components/MicButton';
import { useStore } from '../store';
import { useHousehold } from './household';
import { Icon } from '../components/Icon';

const DRAG_TYPE = 'application/x-jarvis-card';

/**
 * The board after moving one card to the end (or `order`) of a column: what the server will do.
 * Only a task's card can be overridden (it would otherwise follow the task's status).
 */
export function moveCard(state: HomeState, id: string, column: KanbanColumn, order?: number): HomeState {
  const card = state.kanban.find((c) => c.id === id);
  if (!card) return state;
  const rest = state.kanban.filter((c) => c.id !== id);
  const target = rest.filter((c) => c.column === column).sort((a, b) => a.order - b.order);
  const at = order === undefined ? target.length : Math.min(order, target.length);
  target.splice(at, 0, { ...card, column, manual_override: card.task_id !== null });
  const renumbered = new Map(target.map((c, i) => [c.id, { ...c, order: i }]));
  return { ...state, kanban: [...rest.filter((c) => c.column !== column), ...renumbered.values()] };
}

function CardItem({ card }: { card: KanbanCard }) {
  const { t } = useTranslation();
  const mutate = useStore((s) => s.mutate);
  return (
    <li
      className={`kcard ${card.manual_override ? 'is-manual' : ''}`}
      draggable
      data-testid={`kcard-${card.id}`}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, card.id);
        e.dataTransfer.setData('text/plain', card.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <span className="kcard-title">{card.title}</span>
      <span className="kcard-meta">
        {card.task_id ? <span className="chip">{t('kanban.linked')}</span> : null}
        {card.manual_override ? <span className="chip chip-accent">{t('kanban.manual')}</span> : null}
        <select
          className="select-small"
          aria-label={t('kanban.moveTo', { title: card.title })}
          value={card.column}
          onChange={(e) => {
            const column = e.target.value as KanbanColumn;
            void mutate('kanban_move', { id: card.id, column }, (s) => moveCard(s, card.id, column));
          }}
        >
          {KANBAN_COLUMNS.map((c) => (
            <option key={c} value={c}>
              {t(`kanban.columns.${c}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="icon-btn danger"
          aria-label={`${t('common.delete')}: ${card.title}`}
          onClick={() => void mutate('kanban_delete', { id: card.id }, (s) => ({ ...s, kanban: s.kanban.filter((c) => c.id !== card.id) }))}
        >
          <Icon name="trash" />
        </button>
      </span>
    </li>
  );
}

function Column({ column, cards }: { column: KanbanColumn; cards: readonly KanbanCard[] }) {
  const { t } = useTranslation();
  const mutate = useStore((s) => s.mutate);
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const id = e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain');
    const card = useStore.getState().home.data?.kanban.find((c) => c.id === id);
    if (!card || card.column === column) return;
    // A manual move is an override: the server marks it, the board shows it at once.
    void mutate('kanban_move', { id, column }, (s) => moveCard(s, id, column));
  };
  return (
    <section
      className={`kcol ${over ? 'is-over' : ''}`}
      aria-label={t(`kanban.columns.${column}`)}
      data-testid={`kcol-${column}`}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h3 className="kcol-head">
        {t(`kanban.columns.${column}`)} <span className="count">{cards.length}</span>
      </h3>
      <ul className="kcards">
        {cards.map((c) => (
          <CardItem key={c.id} card={c} />
        ))}
        {cards.length === 0 ? <li className="kdrop muted">{t('kanban.dropHere')}</li> : null}
      </ul>
    </section>
  );
}

export function KanbanScreen() {
  const { t } = useTranslation();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const hh = useHousehold();
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    void mutate('kanban_create', { title: title.trim(), column: 'TODO' });
    setTitle('');
  };
  return (
    <div className="grid-12" data-testid="screen-kanban">
      <Card
        title={t('kanban.board')}
        className="span-12 board-card"
        testId="card-kanban"
        actions={
          <>
            <form className="inline-form" onSubmit={submit}>
              <input aria-label={t('kanban.newCard')} placeholder={t('kanban.newCard')} value={title} onChange={(e) => setTitle(e.target.value)} />
              <button type="submit" className="btn btn-primary btn-small">
                {t('common.add')}
              </button>
            </form>
            <MicButton module="kanban" />
          </>
        }
      >
        <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
          {() => (
            <div className="board">
              {KANBAN_COLUMNS.map((column) => (
                <Column key={column} column={column} cards={(hh?.state.kanban ?? []).filter((c) => c.column === column).sort((a, b) => a.order - b.order)} />
              ))}
            </div>
          )}
        </ResourceView>
      </Card>
    </div>
  );
}
