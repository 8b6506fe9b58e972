import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import type { CalendarEvent, SymbolicTime } from '../../../src-shared';
import { Card, ResourceView } from '../components/Card';
import { Field, FormActions } from '../components/Field';
import { MicButton } from '../components/MicButton';
import { addDays, daysBetween, formatDay, formatWhen, wallClock } from '../format/household-time';
import { useStore } from '../store';
import { useHousehold } from './household';
import { Icon } from '../components/Icon';
import { byInstant } from '../format/compare';

export function whenOf(date: string, time: string): SymbolicTime {
  return time ? { kind: 'absolute', date, time } : { kind: 'absolute', date };
}

interface EventDraft {
  title: string;
  date: string;
  time: string;
  duration: string;
  location: string;
}

function EventForm({ initial, submitLabel, onSubmit, onCancel, testId }: { initial: EventDraft; submitLabel: string; onSubmit(d: EventDraft): void; onCancel?(): void; testId: string }) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!d.title.trim() || !d.date) return;
    onSubmit(d);
    if (!onCancel) setD({ ...initial, title: '', location: '' });
  };
  return (
    <form className="form-grid" onSubmit={submit} data-testid={testId}>
      <Field label={t('common.title')} size="grow">
        <input value={d.title} required onChange={(e) => setD({ ...d, title: e.target.value })} />
      </Field>
      <Field label={t('common.date')}>
        <input type="date" value={d.date} required onChange={(e) => setD({ ...d, date: e.target.value })} />
      </Field>
      <Field label={t('common.time')}>
        <input type="time" value={d.time} onChange={(e) => setD({ ...d, time: e.target.value })} />
      </Field>
      <Field label={t('calendar.duration')} size="narrow">
        <input type="number" min={5} step={5} value={d.duration} onChange={(e) => setD({ ...d, duration: e.target.value })} />
      </Field>
      <Field label={t('calendar.location')}>
        <input value={d.location} onChange={(e) => setD({ ...d, location: e.target.value })} />
      </Field>
      <FormActions submit={submitLabel} onCancel={onCancel} />
    </form>
  );
}

function minutesBetween(a: string, b: string): number {
  return Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000);
}

function EventItem({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  const hh = useHousehold()!;
  const mutate = useStore((s) => s.mutate);
  const [editing, setEditing] = useState(false);
  const { date, time } = wallClock(event.start, hh.timezone);
  if (editing) {
    return (
      <li className="event editing">
        <EventForm
          testId="event-edit-form"
          submitLabel={t('common.save')}
          initial={{ title: event.title, date, time: event.all_day ? '' : time, duration: String(minutesBetween(event.start, event.end)), location: event.location }}
          onCancel={() => setEditing(false)}
          onSubmit={(d) => {
            setEditing(false);
            void mutate(
              'calendar_update',
              { id: event.id, title: d.title.trim(), when: whenOf(d.date, d.time), ...(d.time ? { duration_minutes: Number(d.duration) || 60 } : {}), location: d.location },
              (s) => ({ ...s, events: s.events.map((x) => (x.id === event.id ? { ...x, title: d.title.trim(), location: d.location } : x)) }),
            );
          }}
        />
      </li>
    );
  }
  return (
    <li className="event">
      <span className="event-time">{event.all_day ? t('common.allDay') : time}</span>
      <span className="event-name">
        {event.title}
        {event.location ? <span className="event-loc">{event.location}</span> : null}
      </span>
      <span className="item-actions">
        <button type="button" className="icon-btn" aria-label={`${t('common.edit')}: ${event.title}`} onClick={() => setEditing(true)}>
          <Icon name="edit" />
        </button>
        <button
          type="button"
          className="icon-btn danger"
          aria-label={`${t('common.delete')}: ${event.title}`}
          onClick={() => void mutate('calendar_delete', { id: event.id }, (s) => ({ ...s, events: s.events.filter((x) => x.id !== event.id) }))}
        >
          <Icon name="trash" />
        </button>
      </span>
    </li>
  );
}

function Week() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const [offset, setOffset] = useState(0);
  return (
    <Card
      title={t('calendar.week')}
      className="span-12"
      testId="card-week"
      actions={
        <>
          <button type="button" className="icon-btn" aria-label={t('calendar.prev')} onClick={() => setOffset(offset - 7)}>
            <Icon name="chevronLeft" />
          </button>
          <button type="button" className="btn btn-small" onClick={() => setOffset(0)} disabled={offset === 0}>
            {t('common.today')}
          </button>
          <button type="button" className="icon-btn" aria-label={t('calendar.next')} onClick={() => setOffset(offset + 7)}>
            <Icon name="chevronRight" />
          </button>
          <MicButton module="calendar" />
        </>
      }
    >
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => {
          if (!hh) return null;
          const start = addDays(hh.today, offset);
          const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
          return (
            <>
              <ol className="week">
                {days.map((day) => {
                  const events = hh.state.events
                    .filter((e) => {
                      const s = wallClock(e.start, hh.timezone).date;
                      const endDate = wallClock(e.end, hh.timezone).date;
                      return e.all_day ? s <= day && day < endDate : s === day;
                    })
                    .sort((a, b) => Number(b.all_day) - Number(a.all_day) || byInstant(a.start, b.start));
                  const diff = daysBetween(hh.today, day);
                  return (
                    <li key={day} className={`day ${diff === 0 ? 'is-today' : ''}`}>
                      <h3 className="day-head">
                        <span className="day-name">{diff === 0 ? t('common.today') : diff === 1 ? t('common.tomorrow') : formatDay(day, i18n.language, 'weekday')}</span>
                        <span className="day-date">{formatDay(day, i18n.language, 'dayMonth')}</span>
                      </h3>
                      {events.length ? (
                        <ul className="events">
                          {events.map((e) => (
                            <EventItem key={e.id} event={e} />
                          ))}
                        </ul>
                      ) : (
                        <p className="muted day-free">{t('calendar.noEvents')}</p>
                      )}
                    </li>
                  );
                })}
              </ol>
            </>
          );
        }}
      </ResourceView>
    </Card>
  );
}

function NewEvent() {
  const { t } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  return (
    <Card title={t('calendar.newEvent')} className="span-6" testId="card-new-event">
      <ResourceView resource={home}>
        {() =>
          hh ? (
              <EventForm
              testId="event-create-form"
              submitLabel={t('common.add')}
              initial={{ title: '', date: hh.today, time: '', duration: '60', location: '' }}
              onSubmit={(d) =>
                void mutate('calendar_create', {
                  title: d.title.trim(),
                  when: whenOf(d.date, d.time),
                  ...(d.time ? { duration_minutes: Number(d.duration) || 60 } : {}),
                  ...(d.location ? { location: d.location } : {}),
                })
              }
            />
          ) : null
        }
      </ResourceView>
    </Card>
  );
}

function Reminders() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!hh || !text.trim()) return;
    void mutate('reminders_create', { text: text.trim(), when: whenOf(date || hh.today, time) });
    setText('');
  };
  return (
    <Card title={t('calendar.reminders')} className="span-6" testId="card-reminders">
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
                <FormActions submit={t('calendar.newReminder')} />
              </form>
              {hh.state.reminders.length ? (
                <ul className="item-list">
                  {[...hh.state.reminders]
                    .sort((a, b) => byInstant(a.at, b.at))
                    .map((r) => (
                      <li key={r.id} className={r.fired_at ? 'is-done' : ''}>
                        <span className="item-main">
                          <span>{r.text}</span>
                          <span className="muted small">
                            {formatWhen(r.at, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') })}
                            {r.source === 'event' ? ` · ${t('calendar.fromEvent')}` : ''}
                            {r.fired_at ? ` · ${t('calendar.fired')}` : ''}
                          </span>
                        </span>
                        <button
                          type="button"
                          className="icon-btn danger"
                          aria-label={`${t('common.delete')}: ${r.text}`}
                          onClick={() => void mutate('reminders_delete', { id: r.id }, (s) => ({ ...s, reminders: s.reminders.filter((x) => x.id !== r.id) }))}
                        >
                          <Icon name="trash" />
                        </button>
                      </li>
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
      <Week />
      <NewEvent />
      <Reminders />
    </div>
  );
}
