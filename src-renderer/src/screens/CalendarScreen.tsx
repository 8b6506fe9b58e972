import { memo, useEffect, useMemo, useState, type FormEvent } from 'react';
import './calendar/calendar.css';
import { useTranslation } from '../i18n';
import type { CalendarDeleteArgs, CalendarEvent, RecurrenceScope, Reminder, SymbolicTime } from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { Field, FormActions } from '../components/Field';
import { MicButton } from '../components/MicButton';
import { addDays, formatDay, formatMonth, formatWhen } from '../format/household-time';
import { useStore } from '../store';
import { CALENDAR_VIEWS } from '../store/calendar-slice';
import { messageOf } from '../store/resource';
import { useHousehold, type Household } from './household';
import { Icon } from '../components/Icon';
import { useFirstRows } from '../components/first-rows';
import { OnePerFrame } from '../components/one-per-frame';
import { AssigneeBadge, AssigneePicker, MemberLegend } from '../members/Assignee';
import { byInstant } from '../format/compare';
import { eventKey, isOccurrence, pageAnchor, visibleRange } from './calendar/calendar-days';
import { AgendaView, DayView, MonthView, WeekView, type ViewProps } from './calendar/CalendarViews';
import { ChoiceDialog, ScopeDialog } from './calendar/ChoiceDialog';
import { EventEditor, type EditorTarget } from './calendar/EventEditor';
import { canRecreate, recreateArgs } from './calendar/event-draft';
import { IcsImportCard } from './calendar/IcsImportCard';
import { SubscriptionsCard } from './calendar/SubscriptionsCard';
import { CalendarAccountsCard } from './calendar/CalendarAccountsCard';

/**
 * The reminders card sits below a month grid that is taller than a laptop's window and mounts
 * a frame after it: its first commit needs fewer rows than a list at the top (the rest follows).
 */
const REMINDERS_FIRST_ROWS = 10;

export function whenOf(date: string, time: string): SymbolicTime {
  return time ? { kind: 'absolute', date, time } : { kind: 'absolute', date };
}

/** What a new event starts at: the next full hour today, 09:00 on other days. */
function defaultTime(hh: Household, date: string): string {
  if (date !== hh.today) return '09:00';
  const hour = Math.min(23, Number(hh.nowTime.slice(0, 2)) + 1);
  return `${String(hour).padStart(2, '0')}:00`;
}

type Asking = { readonly kind: 'scope' | 'confirm'; readonly event: CalendarEvent } | null;

/** Which events a delete of `event` with `scope` takes away, to hide them while it runs. */
function deletedBy(event: CalendarEvent, scope: RecurrenceScope | undefined): (e: CalendarEvent) => boolean {
  if (scope === 'all') return (e) => e.id === event.id;
  if (scope === 'following') return (e) => e.id === event.id && byInstant(e.start, event.start) >= 0;
  return (e) => eventKey(e) === eventKey(event);
}

function useDeleteFlow(timeZone: string) {
  const { t } = useTranslation();
  const writeCalendar = useStore((s) => s.writeCalendar);
  const hide = useStore((s) => s.hideCalendarEvents);
  const notify = useStore((s) => s.notify);
  const [asking, setAsking] = useState<Asking>(null);

  const undo = (event: CalendarEvent) =>
    void writeCalendar('calendar_create', recreateArgs(event, timeZone)).catch((e: unknown) => notify('error', messageOf(e)));

  const remove = async (event: CalendarEvent, scope?: RecurrenceScope) => {
    const args: CalendarDeleteArgs =
      scope && event.occurrence_start ? { id: event.id, occurrence_start: event.occurrence_start, scope } : { id: event.id };
    const restore = hide(deletedBy(event, scope));
    try {
      await writeCalendar('calendar_delete', args);
      if (!scope && canRecreate(event, timeZone))
        notify('info', t('calendar.deleted', { title: event.title }), { label: t('calendar.undo'), run: () => undo(event) });
    } catch (e) {
      restore();
      notify('error', messageOf(e));
    }
  };

  /** A series asks which occurrences; a one-off goes at once with undo, or after a confirmation where undo cannot rebuild it. */
  const request = (event: CalendarEvent) => {
    if (isOccurrence(event)) setAsking({ kind: 'scope', event });
    else if (canRecreate(event, timeZone)) void remove(event);
    else setAsking({ kind: 'confirm', event });
  };

  const dialog =
    asking?.kind === 'scope' ? (
      <ScopeDialog
        action="delete"
        title={asking.event.title}
        onCancel={() => setAsking(null)}
        onChoose={(scope) => {
          setAsking(null);
          void remove(asking.event, scope);
        }}
      />
    ) : asking?.kind === 'confirm' ? (
      <ChoiceDialog
        testId="confirm-delete"
        title={t('calendar.confirmDelete.title')}
        text={t('calendar.confirmDelete.text', { title: asking.event.title })}
        choices={[{ value: 'delete', label: t('common.delete'), danger: true }]}
        onCancel={() => setAsking(null)}
        onChoose={() => {
          setAsking(null);
          void remove(asking.event);
        }}
      />
    ) : null;
  return { request, dialog };
}

function periodTitle(view: string, from: string, days: number, anchor: string, language: string): string {
  if (view === 'month') return formatMonth(anchor, language);
  if (view === 'day') return formatDay(from, language, 'long');
  return `${formatDay(from, language, 'dayMonth')} – ${formatDay(addDays(from, days - 1), language, 'dayMonth')}`;
}

function CalendarCard() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const view = useStore((s) => s.calendarView);
  const setView = useStore((s) => s.setCalendarView);
  const anchorSet = useStore((s) => s.calendarAnchor);
  const setAnchor = useStore((s) => s.setCalendarAnchor);
  const calendarWindow = useStore((s) => s.calendarWindow);
  const loadWindow = useStore((s) => s.ensureCalendarWindow);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const timeZone = hh?.timezone ?? 'UTC';
  const deletion = useDeleteFlow(timeZone);

  const anchor = anchorSet ?? hh?.today ?? '';
  const range = anchor ? visibleRange(view, anchor) : undefined;
  const from = range?.from;
  const days = range?.days;
  useEffect(() => {
    if (from && days) void loadWindow(from, days);
  }, [from, days, loadWindow]);

  const page = (direction: 1 | -1) => setAnchor(pageAnchor(view, anchor, direction));
  const title = range ? periodTitle(view, range.from, range.days, anchor, i18n.language) : t('nav.calendar');

  return (
    <Card
      title={title}
      className="span-12 calendar-card"
      testId="card-calendar"
      actions={
        <>
          <div className="segmented" role="group" aria-label={t('calendar.viewLabel')}>
            {CALENDAR_VIEWS.map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
                {t(`calendar.views.${v}`)}
              </button>
            ))}
          </div>
          <div className="cal-paging">
            <button type="button" className="icon-btn" aria-label={t(`calendar.prev.${view}`)} onClick={() => page(-1)}>
              <Icon name="chevronLeft" />
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setAnchor(null)}
              disabled={anchorSet === null || anchorSet === hh?.today}
            >
              {t('common.today')}
            </button>
            <button type="button" className="icon-btn" aria-label={t(`calendar.next.${view}`)} onClick={() => page(1)}>
              <Icon name="chevronRight" />
            </button>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => hh && setEditor({ date: anchorSet ?? hh.today, time: defaultTime(hh, anchorSet ?? hh.today) })}
          >
            + {t('calendar.newEvent')}
          </button>
          <MicButton module="calendar" />
        </>
      }
    >
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => {
          if (!hh || !range) return null;
          const props: ViewProps = {
            events: calendarWindow.data?.events ?? hh.state.events,
            from: range.from,
            days: range.days,
            month: anchor,
            today: hh.today,
            timeZone,
            onOpen: (event) => setEditor({ event }),
            onNew: (date) => setEditor({ date, time: defaultTime(hh, date) }),
            onDelete: deletion.request,
            onShowDay: (date) => {
              setAnchor(date);
              setView('week');
            },
          };
          return (
            <>
              {calendarWindow.status === 'error' ? (
                <p className="inline-error" role="status">
                  {t('common.error', { message: calendarWindow.error })}
                </p>
              ) : null}
              {view === 'month' ? (
                <MonthView {...props} />
              ) : view === 'week' ? (
                <WeekView {...props} />
              ) : view === 'day' ? (
                <DayView {...props} />
              ) : (
                <AgendaView {...props} />
              )}
              <MemberLegend />
            </>
          );
        }}
      </ResourceView>
      {editor && hh ? (
        <EventEditor
          key={'event' in editor ? eventKey(editor.event) : `new-${editor.date}`}
          target={editor}
          timeZone={timeZone}
          onClose={() => setEditor(null)}
          onDelete={(event) => {
            setEditor(null);
            deletion.request(event);
          }}
        />
      ) : null}
      {deletion.dialog}
    </Card>
  );
}

/**
 * One reminder of the card's list. A busy month lists hundreds, which fill in a step per frame
 * after the first paint: rows already shown do not render again for each step.
 */
const ReminderRow = memo(function ReminderRow({
  reminder,
  timeZone,
  today,
  language,
}: {
  reminder: Reminder;
  timeZone: string;
  today: string;
  language: string;
}) {
  const { t } = useTranslation();
  const mutate = useStore((s) => s.mutate);
  return (
    <li className={reminder.fired_at ? 'is-done' : ''}>
      <span className="item-main">
        <span>
          <AssigneeBadge assignee={reminder.assignee} />
          {reminder.text}
        </span>
        <span className="muted small">
          {formatWhen(reminder.at, timeZone, today, language, {
            today: t('common.today'),
            tomorrow: t('common.tomorrow'),
          })}
          {reminder.source === 'event' ? ` · ${t('calendar.fromEvent')}` : ''}
          {reminder.fired_at ? ` · ${t('calendar.fired')}` : ''}
        </span>
      </span>
      <button
        type="button"
        className="icon-btn danger"
        aria-label={`${t('common.delete')}: ${reminder.text}`}
        onClick={() =>
          void mutate('reminders_delete', { id: reminder.id }, (s) => ({
            ...s,
            reminders: s.reminders.filter((x) => x.id !== reminder.id),
          }))
        }
      >
        <Icon name="trash" />
      </button>
    </li>
  );
});

function Reminders() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [assignee, setAssignee] = useState('');
  // Every event brings its reminder: a busy month lists hundreds below the calendar.
  const sorted = useMemo(() => [...(hh?.state.reminders ?? [])].sort((a, b) => byInstant(a.at, b.at)), [hh?.state.reminders]);
  const shown = useFirstRows(sorted, REMINDERS_FIRST_ROWS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!hh || !text.trim()) return;
    void mutate('reminders_create', { text: text.trim(), when: whenOf(date || hh.today, time), ...(assignee ? { assignee } : {}) });
    setText('');
  };
  return (
    <Card title={t('calendar.reminders')} className="span-12" testId="card-reminders">
      <ResourceView resource={home}>
        {() =>
          hh ? (
            <>
              <form className="form-grid" onSubmit={submit} data-testid="reminder-create-form">
                <Field label={t('calendar.reminderText')} size="grow">
                  <input value={text} required onChange={(e) => setText(e.target.value)} />
                </Field>
                <Field label={t('common.date')}>
                  <input type="date" value={date || hh.today} onChange={(e) => setDate(e.target.value)} />
                </Field>
                <Field label={t('common.time')}>
                  <input type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
                </Field>
                <Field label={t('members.assignee')}>
                  <AssigneePicker value={assignee} onChange={setAssignee} />
                </Field>
                <FormActions submit={t('calendar.newReminder')} />
              </form>
              {shown.length ? (
                <ul className="item-list">
                  {shown.map((r) => (
                    <ReminderRow key={r.id} reminder={r} timeZone={hh.timezone} today={hh.today} language={i18n.language} />
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('calendar.noReminders')}</p>
              )}
            </>
          ) : null
        }
      </ResourceView>
    </Card>
  );
}

export function CalendarScreen() {
  return (
    <div className="grid-12" data-testid="screen-calendar">
      <CalendarCard />
      <OnePerFrame>
        {[
          <Reminders key="reminders" />,
          <SubscriptionsCard key="subscriptions" />,
          <CalendarAccountsCard key="accounts" />,
          <IcsImportCard key="import" />,
        ]}
      </OnePerFrame>
    </div>
  );
}
