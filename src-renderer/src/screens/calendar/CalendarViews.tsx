import { memo, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import type { CalendarEvent } from '../../../../src-shared';
import { Icon } from '../../components/Icon';
import { t, useTranslation } from '../../i18n';
import { addDays, daysBetween, formatDay, wallClock, weekdayName, weekdayOf } from '../../format/household-time';
import { eventDays, eventKey, eventsOn, layoutWeek, type Segment } from './calendar-days';
import { describeRrule } from './repeat-rule';
import { AssigneeBadges, useAssigneeColors } from '../../members/Assignee';
import { assigneesOf, segmentedStripe } from '../../members/assignee-filter';
import { useHousehold } from '../household';

export interface ViewProps {
  readonly events: readonly CalendarEvent[];
  /** First day shown and how many. */
  readonly from: string;
  readonly days: number;
  /** The month a month view is about (its other days are dimmed). */
  readonly month?: string;
  readonly today: string;
  readonly timeZone: string;
  onOpen(event: CalendarEvent): void;
  onNew(date: string): void;
  onDelete(event: CalendarEvent): void;
  onShowDay(date: string): void;
}

/** Up to this many rows of events in a month cell; the rest is "+N". */
const MONTH_LANES = 3;

/** The mark of a recurring event; a one-off event renders no component for it at all (a busy month shows a hundred). */
function RepeatMark({ rrule }: { rrule: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="repeat-mark" title={describeRrule(rrule, t, i18n.language)}>
      <Icon name="reload" size={12} />
      <span className="sr-only">{` (${t('calendar.repeats')})`}</span>
    </span>
  );
}

/** One event as a tap target: opens the editor (which also deletes). */
function EventButton({
  event,
  timeZone,
  onOpen,
  showTime,
  className,
  style,
  data,
}: {
  event: CalendarEvent;
  timeZone: string;
  onOpen(e: CalendarEvent): void;
  showTime: boolean;
  className?: string;
  style?: CSSProperties;
  data?: Record<string, string | number>;
}) {
  const time = wallClock(event.start, timeZone).time;
  const stripe = segmentedStripe(useAssigneeColors(event));
  return (
    <button
      type="button"
      className={`cal-event ${event.all_day ? 'is-all-day' : ''} ${className ?? ''}`}
      style={stripe ? ({ ...style, '--stripe': stripe } as CSSProperties) : style}
      data-assignee={event.assignee ?? undefined}
      title={event.title}
      onClick={() => onOpen(event)}
      {...data}
    >
      {showTime && !event.all_day ? <span className="cal-event-time">{time}</span> : null}
      <span className="cal-event-title">{event.title}</span>
      {event.rrule ? <RepeatMark rrule={event.rrule} /> : null}
    </button>
  );
}

function dayLabel(day: string, language: string): string {
  return formatDay(day, language, 'long');
}

const PHONE_QUERY = '(max-width: 699px)';

function subscribeNarrow(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True on a phone-sized window, where a month cell is too narrow for any title. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => globalThis.matchMedia?.(PHONE_QUERY).matches ?? false,
    () => false,
  );
}

export function MonthView(props: ViewProps) {
  return useNarrow() ? <CompactMonthView {...props} /> : <WideMonthView {...props} />;
}

/** The coloured marks of one day's events: one per event, each showing everyone it is for. */
function DayDots({ events }: { events: readonly CalendarEvent[] }) {
  const shown = events.slice(0, 4);
  return (
    <span className="month-dots" aria-hidden="true">
      {shown.map((e) => (
        <DayDot key={eventKey(e)} event={e} />
      ))}
      {events.length > shown.length ? <span className="month-dots-more">+</span> : null}
    </span>
  );
}

function DayDot({ event }: { event: CalendarEvent }) {
  const stripe = segmentedStripe(useAssigneeColors(event));
  return <span className={`month-dot ${event.all_day ? 'is-bar' : ''}`} style={stripe ? { background: stripe } : undefined} />;
}

/**
 * The month on a phone: each day a tap target with coloured marks, and the tapped day's
 * events as a readable list below the grid.
 */
function CompactMonthView({ events, from, days, month, today, timeZone, onOpen, onNew }: ViewProps) {
  const { t, i18n } = useTranslation();
  const inMonth = (d: string) => month === undefined || d.slice(0, 7) === month.slice(0, 7);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked && inMonth(picked) ? picked : inMonth(today) ? today : (month ?? from);
  const weeks = Array.from({ length: Math.ceil(days / 7) }, (_, w) => addDays(from, w * 7));
  const dayEvents = eventsOn(events, selected, timeZone);
  return (
    <div className="month is-compact" data-testid="month-view">
      <div className="month-head" aria-hidden="true">
        {Array.from({ length: 7 }, (_, i) => (
          <span key={i}>{weekdayName((i + 1) % 7, i18n.language, 'short').replace('.', '')}</span>
        ))}
      </div>
      {weeks.map((weekFrom) => (
        <div key={weekFrom} className="month-week">
          {Array.from({ length: 7 }, (_, col) => {
            const day = addDays(weekFrom, col);
            const on = eventsOn(events, day, timeZone);
            return (
              <button
                key={day}
                type="button"
                className={`month-day ${day === today ? 'is-today' : ''} ${inMonth(day) ? '' : 'is-outside'}`}
                data-date={day}
                aria-current={day === today ? 'date' : undefined}
                aria-pressed={day === selected}
                aria-label={`${dayLabel(day, i18n.language)}: ${on.length ? t('calendar.eventCount', { count: on.length }) : t('calendar.noEvents')}`}
                onClick={() => setPicked(day)}
              >
                <span className="month-daynum">{Number(day.slice(8, 10))}</span>
                <DayDots events={on} />
              </button>
            );
          })}
        </div>
      ))}
      <section className="month-daylist" data-testid="month-day-list" aria-live="polite">
        <h3>
          {selected === today ? `${t('common.today')}, ` : ''}
          {dayLabel(selected, i18n.language)}
        </h3>
        {dayEvents.length ? (
          <ul className="week-events">
            {dayEvents.map((e) => (
              <li key={eventKey(e)}>
                <EventButton event={e} timeZone={timeZone} onOpen={onOpen} showTime />
                {e.location ? <span className="cal-event-loc">{e.location}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('calendar.noEventsDay')}</p>
        )}
        <button type="button" className="btn btn-small" onClick={() => onNew(selected)}>
          + {t('calendar.newEventOn', { date: formatDay(selected, i18n.language, 'dayMonth') })}
        </button>
      </section>
    </div>
  );
}

/** A callback that keeps one identity across renders and always calls the latest `fn`. */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

/** The stripe of every event's people, worked out once per member list instead of once per event. */
function useStripeOf(): (event: CalendarEvent) => string | undefined {
  const members = useHousehold()?.state.members;
  return useMemo(() => {
    const colors = new Map((members ?? []).map((m) => [m.id, m.color]));
    return (event: CalendarEvent) =>
      segmentedStripe(
        assigneesOf(event)
          .map((id) => colors.get(id))
          .filter((c): c is string => c !== undefined),
      );
  }, [members]);
}

interface MonthEventProps {
  readonly event: CalendarEvent;
  readonly timeZone: string;
  readonly stripe: string | undefined;
  readonly weekFrom: string;
  readonly segment: Segment;
  onOpen(e: CalendarEvent): void;
}

/** Same event, same place: a reload of the month that changed nothing draws nothing again. */
function sameMonthEvent(a: MonthEventProps, b: MonthEventProps): boolean {
  const x = a.event;
  const y = b.event;
  const sx = a.segment;
  const sy = b.segment;
  return (
    a.onOpen === b.onOpen &&
    a.timeZone === b.timeZone &&
    a.stripe === b.stripe &&
    a.weekFrom === b.weekFrom &&
    sx.col === sy.col &&
    sx.span === sy.span &&
    sx.lane === sy.lane &&
    sx.bar === sy.bar &&
    sx.continuesBefore === sy.continuesBefore &&
    sx.continuesAfter === sy.continuesAfter &&
    (x === y ||
      (x.id === y.id &&
        x.occurrence_start === y.occurrence_start &&
        x.start === y.start &&
        x.end === y.end &&
        x.all_day === y.all_day &&
        x.title === y.title &&
        x.rrule === y.rrule &&
        x.assignee === y.assignee))
  );
}

const MonthEvent = memo(function MonthEvent({ event, timeZone, stripe, weekFrom, segment: s, onOpen }: MonthEventProps) {
  const style: CSSProperties = { gridColumn: `${s.col + 1} / span ${s.span}`, gridRow: s.lane + 2 };
  return (
    <button
      type="button"
      className={`cal-event ${event.all_day ? 'is-all-day' : ''} ${s.bar ? 'is-bar' : ''} ${s.continuesBefore ? 'from-before' : ''} ${s.continuesAfter ? 'goes-on' : ''}`}
      style={stripe ? ({ ...style, '--stripe': stripe } as CSSProperties) : style}
      data-assignee={event.assignee ?? undefined}
      title={event.title}
      onClick={() => onOpen(event)}
      data-start={addDays(weekFrom, s.col)}
      data-span={s.span}
    >
      {!s.bar && !event.all_day ? <span className="cal-event-time">{wallClock(event.start, timeZone).time}</span> : null}
      <span className="cal-event-title">{event.title}</span>
      {event.rrule ? <RepeatMark rrule={event.rrule} /> : null}
    </button>
  );
}, sameMonthEvent);

/**
 * One day of the month grid: its number (a new event on it) and "+N" when its events do not all
 * fit. The month passes its language down (a new language draws every day again), so the days
 * do not each subscribe to it.
 */
const MonthDay = memo(function MonthDay({
  day,
  col,
  rows,
  isToday,
  outside,
  hidden,
  language,
  onNew,
  onShowDay,
}: {
  day: string;
  col: number;
  rows: number;
  isToday: boolean;
  outside: boolean;
  hidden: number;
  language: string;
  onNew(date: string): void;
  onShowDay(date: string): void;
}) {
  const label = dayLabel(day, language);
  return (
    <div
      className={`month-day ${isToday ? 'is-today' : ''} ${outside ? 'is-outside' : ''}`}
      style={{ gridColumn: col + 1, gridRow: `1 / span ${rows}` }}
      data-date={day}
      aria-current={isToday ? 'date' : undefined}
    >
      <button type="button" className="month-daynum" aria-label={t('calendar.newEventOn', { date: label })} onClick={() => onNew(day)}>
        {Number(day.slice(8, 10))}
      </button>
      {hidden ? (
        <button
          type="button"
          className="month-more"
          aria-label={t('calendar.moreOn', { count: hidden, date: label })}
          onClick={() => onShowDay(day)}
        >
          {t('calendar.more', { count: hidden })}
        </button>
      ) : null}
    </div>
  );
});

/** Each week row's lanes and each day's hidden count, worked out once per list of events. */
function layoutMonth(events: readonly CalendarEvent[], from: string, days: number, timeZone: string) {
  return Array.from({ length: Math.ceil(days / 7) }, (_, w) => {
    const weekFrom = addDays(from, w * 7);
    const { segments } = layoutWeek(events, weekFrom, timeZone);
    const hidden = Array.from({ length: 7 }, () => 0);
    let lanes = 0;
    for (const s of segments) {
      if (s.lane < MONTH_LANES) lanes = Math.max(lanes, s.lane + 1);
      else for (let c = s.col; c < s.col + s.span; c++) hidden[c]! += 1;
    }
    return { weekFrom, shown: segments.filter((s) => s.lane < MONTH_LANES), hidden, lanes };
  });
}

function WideMonthView({ events, from, days, month, today, timeZone, onOpen, onNew, onShowDay }: ViewProps) {
  const { i18n } = useTranslation();
  const weeks = useMemo(() => layoutMonth(events, from, days, timeZone), [events, from, days, timeZone]);
  const stripeOf = useStripeOf();
  const open = useStableCallback(onOpen);
  const create = useStableCallback(onNew);
  const showDay = useStableCallback(onShowDay);
  return (
    <div className="month" data-testid="month-view">
      <div className="month-head" aria-hidden="true">
        {Array.from({ length: 7 }, (_, i) => (
          <span key={i}>{weekdayName((i + 1) % 7, i18n.language, 'short').replace('.', '')}</span>
        ))}
      </div>
      {weeks.map(({ weekFrom, shown, hidden, lanes }) => (
        <div
          key={weekFrom}
          className="month-week"
          style={{ gridTemplateRows: `var(--daynum-row) repeat(${lanes}, auto) minmax(var(--more-row), 1fr)` }}
        >
          {hidden.map((count, col) => {
            const day = addDays(weekFrom, col);
            return (
              <MonthDay
                key={day}
                day={day}
                col={col}
                rows={lanes + 2}
                isToday={day === today}
                outside={month !== undefined && day.slice(0, 7) !== month.slice(0, 7)}
                hidden={count}
                language={i18n.language}
                onNew={create}
                onShowDay={showDay}
              />
            );
          })}
          {shown.map((s) => (
            <MonthEvent
              key={eventKey(s.event)}
              event={s.event}
              timeZone={timeZone}
              stripe={stripeOf(s.event)}
              weekFrom={weekFrom}
              segment={s}
              onOpen={open}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

export function WeekView({ events, from, today, timeZone, onOpen, onNew }: ViewProps) {
  const { t, i18n } = useTranslation();
  const { segments } = layoutWeek(events, from, timeZone);
  const bars = segments.filter((s) => s.bar);
  const barLanes = Math.max(0, ...bars.map((s) => s.lane + 1));
  return (
    <ol className="week-grid" data-testid="week-view">
      {Array.from({ length: 7 }, (_, col) => {
        const day = addDays(from, col);
        const diff = daysBetween(today, day);
        const timed = eventsOn(events, day, timeZone).filter(
          (e) => !e.all_day && eventDays(e, timeZone).first === eventDays(e, timeZone).last,
        );
        const slots: (Segment | undefined)[] = Array.from({ length: barLanes }, (_, lane) =>
          bars.find((s) => s.lane === lane && s.col <= col && col < s.col + s.span),
        );
        return (
          <li
            key={day}
            className={`week-day ${diff === 0 ? 'is-today' : ''}`}
            data-date={day}
            aria-current={diff === 0 ? 'date' : undefined}
          >
            <h3 className="day-head">
              {/* The long name where the column is wide enough, the short one where it is not (calendar.css). */}
              <span className="day-name day-name-long">
                {diff === 0 ? t('common.today') : diff === 1 ? t('common.tomorrow') : formatDay(day, i18n.language, 'weekday')}
              </span>
              <span className="day-name day-name-short" aria-hidden="true">
                {diff === 0 ? t('common.today') : weekdayName(weekdayOf(day), i18n.language, 'short').replace('.', '')}
              </span>
              <span className="day-date">{formatDay(day, i18n.language, 'dayMonth')}</span>
            </h3>
            <div className="week-day-body">
              {slots.some(Boolean) ? (
                <div className="week-bars">
                  {slots.map((s, lane) =>
                    !s ? (
                      <span key={lane} className="week-bar-gap" />
                    ) : s.col === col ? (
                      <EventButton
                        key={lane}
                        event={s.event}
                        timeZone={timeZone}
                        onOpen={onOpen}
                        showTime={!s.event.all_day}
                        className={`is-bar ${s.continuesBefore ? 'from-before' : ''} ${s.continuesAfter || s.span > 1 ? 'goes-on' : ''}`}
                        data={{ 'data-start': day, 'data-span': s.span }}
                      />
                    ) : (
                      // The same event on its later days: tappable, but one tab stop per event is enough.
                      <span
                        key={lane}
                        className={`cal-event is-bar is-continuation from-before ${col < s.col + s.span - 1 || s.continuesAfter ? 'goes-on' : ''}`}
                        aria-hidden="true"
                        onClick={() => onOpen(s.event)}
                      >
                        <span className="cal-event-title">{s.event.title}</span>
                      </span>
                    ),
                  )}
                </div>
              ) : null}
              {timed.length ? (
                <ul className="week-events">
                  {timed.map((e) => (
                    <li key={eventKey(e)}>
                      <EventButton event={e} timeZone={timeZone} onOpen={onOpen} showTime />
                      {e.location ? <span className="cal-event-loc">{e.location}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : !slots.some(Boolean) ? (
                <p className="muted day-free">{t('calendar.noEvents')}</p>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-small week-add"
              aria-label={t('calendar.newEventOn', { date: dayLabel(day, i18n.language) })}
              onClick={() => onNew(day)}
            >
              +
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** "15:30–16:30", "ganztägig", "bis 5. Dez." for what runs over several days. */
function whenText(
  event: CalendarEvent,
  day: string,
  timeZone: string,
  language: string,
  t: (k: string, v?: Record<string, string>) => string,
): string {
  const { first, last } = eventDays(event, timeZone);
  const start = wallClock(event.start, timeZone);
  const end = wallClock(event.end, timeZone);
  if (first !== last) {
    const head = event.all_day || first !== day ? '' : `${start.time} `;
    return `${head}${t('calendar.until', { date: formatDay(last, language, 'dayMonth') })}${event.all_day ? '' : ` ${end.time}`}`;
  }
  return event.all_day ? t('common.allDay') : `${start.time}–${end.time}`;
}

export function AgendaView({ events, from, days, today, timeZone, onOpen, onDelete }: ViewProps) {
  const { t, i18n } = useTranslation();
  // Each event once: on its first day, or on the first day shown when it began earlier.
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of events) {
    const { first, last } = eventDays(e, timeZone);
    const day = first < from ? from : first;
    if (last < from || day >= addDays(from, days)) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), e]);
  }
  const list = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  if (!list.length)
    return (
      <p className="muted" data-testid="agenda-view">
        {t('calendar.noEventsRange')}
      </p>
    );
  return (
    <ol className="agenda" data-testid="agenda-view">
      {list.map(([day, dayEvents]) => {
        const diff = daysBetween(today, day);
        const sorted = eventsOn(dayEvents, day, timeZone);
        return (
          <li
            key={day}
            className={`agenda-day ${diff === 0 ? 'is-today' : ''}`}
            data-date={day}
            aria-current={diff === 0 ? 'date' : undefined}
          >
            <h3 className="agenda-date">
              <span className="agenda-weekday">
                {diff === 0 ? t('common.today') : diff === 1 ? t('common.tomorrow') : weekdayName(weekdayOf(day), i18n.language)}
              </span>
              <span>{formatDay(day, i18n.language, 'dayMonth')}</span>
            </h3>
            <ul className="agenda-events">
              {sorted.map((e) => (
                <li key={eventKey(e)} className="agenda-event">
                  <span className="agenda-when">{whenText(e, day, timeZone, i18n.language, t)}</span>
                  <span className="agenda-main">
                    <button type="button" className="link-btn agenda-title" onClick={() => onOpen(e)}>
                      <span>
                        <AssigneeBadges item={e} />
                        {e.title}
                        {e.rrule ? <RepeatMark rrule={e.rrule} /> : null}
                      </span>
                    </button>
                    {e.location ? <span className="muted small">{e.location}</span> : null}
                    {e.notes ? <span className="muted small agenda-notes">{e.notes}</span> : null}
                  </span>
                  <span className="item-actions">
                    <button type="button" className="icon-btn" aria-label={`${t('common.edit')}: ${e.title}`} onClick={() => onOpen(e)}>
                      <Icon name="edit" />
                    </button>
                    <button
                      type="button"
                      className="icon-btn danger"
                      aria-label={`${t('common.delete')}: ${e.title}`}
                      onClick={() => onDelete(e)}
                    >
                      <Icon name="trash" />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * One day in large type, for reading from across the kitchen: when, what and for whom, each
 * event a line of its own. The wall display shows today with it.
 */
export function DayView({
  events,
  from,
  timeZone,
  onOpen,
}: Pick<ViewProps, 'events' | 'from' | 'timeZone'> & {
  /** Without it (the wall display) the titles are plain text: nothing to tap. */
  onOpen?(event: CalendarEvent): void;
}) {
  const { t, i18n } = useTranslation();
  const list = eventsOn(events, from, timeZone);
  if (!list.length)
    return (
      <p className="day-big-free" data-testid="day-view">
        {t('calendar.noEventsDay')}
      </p>
    );
  return (
    <ul className="day-big" data-testid="day-view">
      {list.map((e) => (
        <DayLine key={eventKey(e)} event={e} day={from} timeZone={timeZone} language={i18n.language} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function DayLine({
  event,
  day,
  timeZone,
  language,
  onOpen,
}: {
  event: CalendarEvent;
  day: string;
  timeZone: string;
  language: string;
  onOpen?(e: CalendarEvent): void;
}) {
  const { t } = useTranslation();
  const stripe = segmentedStripe(useAssigneeColors(event));
  const title = (
    <>
      {event.title}
      {event.rrule ? <RepeatMark rrule={event.rrule} /> : null}
    </>
  );
  return (
    <li className="day-big-event" style={stripe ? ({ '--stripe': stripe } as CSSProperties) : undefined}>
      <span className="day-big-when">{whenText(event, day, timeZone, language, t)}</span>
      {onOpen ? (
        <button type="button" className="day-big-title" onClick={() => onOpen(event)}>
          {title}
        </button>
      ) : (
        <span className="day-big-title">{title}</span>
      )}
      <span className="day-big-who">
        <AssigneeBadges item={event} />
        {event.location ? <span className="day-big-loc">{event.location}</span> : null}
      </span>
    </li>
  );
}
