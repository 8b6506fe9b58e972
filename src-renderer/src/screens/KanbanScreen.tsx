import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { Field } from '../components/Field';
import { explainRefusal, inputLimits } from '../forms/field-errors';
import { useFieldErrors } from '../forms/use-field-errors';
import { deleteCard } from '../store/household-actions';
import { useTranslation } from '../i18n';
import { KANBAN_COLUMNS, type HomeState, type KanbanCard, type KanbanColumn } from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { MicButton } from '../components/MicButton';
import { useStore } from '../store';
import { useHousehold } from './household';
import { AssigneeBadge, AssigneeFilter, AssigneePicker } from '../members/Assignee';
import { byAssignee, type AssigneeChoice } from '../members/assignee-filter';
import { TrashButton } from '../components/TrashButton';

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

/** The moves a card can make: to each other column, and up or down in its own. */
function movesOf(card: KanbanCard, cards: readonly KanbanCard[]): { key: string; column: KanbanColumn; order?: number }[] {
  const siblings = cards.filter((c) => c.column === card.column).sort((a, b) => a.order - b.order);
  const at = siblings.findIndex((c) => c.id === card.id);
  const moves: { key: string; column: KanbanColumn; order?: number }[] = [];
  if (at > 0) moves.push({ key: 'up', column: card.column, order: at - 1 });
  if (at >= 0 && at < siblings.length - 1) moves.push({ key: 'down', column: card.column, order: at + 1 });
  for (const c of KANBAN_COLUMNS) if (c !== card.column) moves.push({ key: c, column: c });
  return moves;
}

function move(card: KanbanCard, column: KanbanColumn, order?: number): void {
  void useStore
    .getState()
    .mutate('kanban_move', { id: card.id, column, ...(order !== undefined ? { order } : {}) }, (s) => moveCard(s, card.id, column, order));
}

/** A touch- and keyboard-friendly move menu: a button that opens the list of moves. */
function MoveMenu({ card, cards }: { card: KanbanCard; cards: readonly KanbanCard[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const moves = movesOf(card, cards);
  const focusItem = (menu: HTMLElement | null, delta: number) => {
    const items = Array.from(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + delta + items.length) % items.length]?.focus();
  };
  return (
    <span className="move-menu">
      <button
        type="button"
        className="icon-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('board.move', { title: card.title })}
        onClick={() => setOpen(!open)}
      >
        ⇄
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          className="menu"
          aria-label={t('board.move', { title: card.title })}
          ref={(el) => el?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            else if (e.key === 'ArrowDown') focusItem(e.currentTarget, 1);
            else if (e.key === 'ArrowUp') focusItem(e.currentTarget, -1);
            else return;
            e.preventDefault();
          }}
        >
          {moves.map((m) => (
            <li key={m.key} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  move(card, m.column, m.order);
                }}
              >
                {m.key === 'up'
                  ? t('board.moveUp')
                  : m.key === 'down'
                    ? t('board.moveDown')
                    : t('board.moveToColumn', { column: t(`kanban.columns.${m.column}`) })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}

function CardItem({ card, cards }: { card: KanbanCard; cards: readonly KanbanCard[] }) {
  const { t } = useTranslation();
  return (
    <li
      className={`kcard ${card.manual_override ? 'is-manual' : ''}`}
      draggable
      tabIndex={0}
      aria-label={card.title}
      aria-description={t('board.keyboardHint')}
      data-testid={`kcard-${card.id}`}
      onKeyDown={(e) => {
        // Arrow keys on the focused card itself (not on its buttons) move it a column.
        if (e.target !== e.currentTarget || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
        const next = KANBAN_COLUMNS[KANBAN_COLUMNS.indexOf(card.column) + (e.key === 'ArrowRight' ? 1 : -1)];
        if (!next) return;
        e.preventDefault();
        move(card, next);
      }}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, card.id);
        e.dataTransfer.setData('text/plain', card.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <span className="kcard-title">
        <AssigneeBadge assignee={card.assignee} />
        {card.title}
      </span>
      <span className="kcard-meta">
        {card.task_id ? <span className="chip">{t('kanban.linked')}</span> : null}
        {card.manual_override ? <span className="chip chip-accent">{t('kanban.manual')}</span> : null}
        <MoveMenu card={card} cards={cards} />
        <TrashButton label={`${t('common.delete')}: ${card.title}`} onClick={() => void deleteCard(useStore, card)} />
      </span>
    </li>
  );
}

function Column({ column, cards, all }: { column: KanbanColumn; cards: readonly KanbanCard[]; all: readonly KanbanCard[] }) {
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
          <CardItem key={c.id} card={c} cards={all} />
        ))}
        {cards.length === 0 ? <li className="kdrop muted">{t('kanban.dropHere')}</li> : null}
      </ul>
    </section>
  );
}

export function KanbanScreen() {
  const { t } = useTranslation();
  const home = useStore((s) => s.home);
  const create = useStore((s) => s.create);
  const notify = useStore((s) => s.notify);
  const organize = useStore((s) => s.organizeBoard);
  const organizing = useStore((s) => s.organizing);
  const hh = useHousehold();
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState('');
  const [whose, setWhose] = useState<AssigneeChoice>('everyone');
  const { errors, mark, clear } = useFieldErrors<'title'>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return mark('title', t('forms.errors.blank'));
    const args = { title, column: 'TODO' as const, ...(assignee ? { assignee } : {}) };
    const outcome = await create('kanban_create', args, title.trim());
    if (outcome.status === 'refused') return mark('title', explainRefusal('kanban_create', outcome.error, args).message);
    if (outcome.status === 'queued') notify('info', t('outbox.queued'));
    setTitle('');
    clear();
  };
  return (
    <div className="grid-12" data-testid="screen-kanban">
      <Card
        title={t('kanban.board')}
        className="span-12 board-card"
        testId="card-kanban"
        actions={
          <>
            <form className="inline-form" onSubmit={(e) => void submit(e)} noValidate data-testid="card-create-form">
              <Field label={t('kanban.newCard')} error={errors.title}>
                <input
                  placeholder={t('kanban.newCard')}
                  value={title}
                  {...inputLimits('kanban_create', 'title')}
                  onChange={(e) => {
                    setTitle(e.target.value);
                    clear('title');
                  }}
                />
              </Field>
              <Field label={t('members.assignee')}>
                <AssigneePicker value={assignee} onChange={setAssignee} />
              </Field>
              <button type="submit" className="btn btn-primary btn-small">
                {t('common.add')}
              </button>
            </form>
            <AssigneeFilter value={whose} onChange={setWhose} />
            <button
              type="button"
              className="btn btn-small"
              title={t('board.organizeLabel')}
              disabled={organizing}
              aria-busy={organizing || undefined}
              onClick={() => void organize()}
            >
              {organizing ? t('board.organizing') : t('board.organize')}
            </button>
            <MicButton module="kanban" />
          </>
        }
      >
        <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
          {() => (
            <div className="board">
              {KANBAN_COLUMNS.map((column) => (
                <Column
                  key={column}
                  column={column}
                  all={hh?.state.kanban ?? []}
                  cards={byAssignee(hh?.state.kanban ?? [], whose, hh?.state.viewer_member ?? '')
                    .filter((c) => c.column === column)
                    .sort((a, b) => a.order - b.order)}
                />
              ))}
            </div>
          )}
        </ResourceView>
      </Card>
    </div>
  );
}
