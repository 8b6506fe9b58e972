// The wall display: an always-on screen in the kitchen (the desktop's wall window, an old
// tablet, a TV). No admin controls: it shows the family's day and week, today's meals, the
// shopping list and what is due; its one control is the tick of a due chore.
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { formatGroceryAmounts, groceryAmountsOf, type CalendarEvent, type HomeState, type MealPlanEntry } from '../../../src-shared';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useTranslation } from '../i18n';
import { addDays, clockAt, daysBetween, formatDay, wallClock, weekdayName, weekdayOf } from '../format/household-time';
import { useStore } from '../store';
import { tickChore } from '../store/chore-actions';
import { DayView } from '../screens/calendar/CalendarViews';
import { eventKey, eventsOn } from '../screens/calendar/calendar-days';
import { MemberLegend, useAssigneeColors, AssigneeBadges } from '../members/Assignee';
import { segmentedStripe } from '../members/assignee-filter';
import { inQuietHours } from './quiet-hours';
import '../screens/calendar/calendar.css';
import './wall.css';

/**
 * The household's wall clock, ticking each minute (it decides the greeting, today and the
 * dimming). Read off the state's `now` while that is fresh, so the first paint needs no Intl.
 */
function useMinuteClock(state: HomeState | undefined): { date: string; time: string } | undefined {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return state ? clockAt(now, state.timezone, state.now) : undefined;
}

function Section({ title, className, testId, children }: { title: string; className?: string; testId: string; children: ReactNode }) {
  return (
    <ErrorBoundary label={title}>
      <section className={`wall-section ${className ?? ''}`} data-testid={testId} aria-label={title}>
        <h2>{title}</h2>
        {children}
      </section>
    </ErrorBoundary>
  );
}

function WallEvent({ event, timeZone }: { event: CalendarEvent; timeZone: string }) {
  const stripe = segmentedStripe(useAssigneeColors(event));
  return (
    <li className="wall-week-event" style={stripe ? ({ '--stripe': stripe } as CSSProperties) : undefined}>
      {event.all_day ? null : <span className="wall-week-time">{wallClock(event.start, timeZone).time}</span>}
      <span className="wall-week-title">{event.title}</span>
    </li>
  );
}

/** The next seven days from today, everyone's colours on each event. */
function WallWeek({ state, today }: { state: HomeState; today: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="wall-week">
      {Array.from({ length: 7 }, (_, i) => {
        const day = addDays(today, i);
        const on = eventsOn(state.events, day, state.timezone);
        return (
          <li key={day} className={`wall-week-day ${i === 0 ? 'is-today' : ''}`} data-date={day}>
            <h3>
              <span>
                {i === 0 ? t('common.today') : i === 1 ? t('common.tomorrow') : weekdayName(weekdayOf(day), i18n.language, 'short')}
              </span>
              <span className="wall-week-date">{formatDay(day, i18n.language, 'dayMonth')}</span>
            </h3>
            {on.length ? (
              <ul>
                {on.map((e) => (
                  <WallEvent key={eventKey(e)} event={e} timeZone={state.timezone} />
                ))}
              </ul>
            ) : (
              <p className="muted">{t('calendar.noEvents')}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

const SLOT_ORDER = ['breakfast', 'lunch', 'dinner', 'snack'];

function Meals({ meals }: { meals: readonly MealPlanEntry[] }) {
  const { t } = useTranslation();
  if (!meals.length) return <p className="muted">{t('wall.noMeals')}</p>;
  return (
    <ul className="wall-list">
      {[...meals]
        .sort((a, b) => SLOT_ORDER.indexOf(a.meal) - SLOT_ORDER.indexOf(b.meal))
        .map((m) => (
          <li key={m.id}>
            <span className="wall-list-label">{t(`food.slots.${m.meal}`)}</span>
            {m.title}
          </li>
        ))}
    </ul>
  );
}

/** The chores still due this period, with the person whose turn it is. */
function dueChores(state: HomeState): { key: string; choreId: string; title: string; member: string }[] {
  return (state.chores?.members ?? []).flatMap((m) =>
    [...m.today, ...m.week]
      .filter((item) => item.tick_id === null)
      .map((item) => ({ key: `${item.chore_id}:${m.member_id}`, choreId: item.chore_id, title: item.title, member: m.member_id })),
  );
}

/** Chores not yet ticked and open tasks due today or before. */
function Due({ state, today }: { state: HomeState; today: string }) {
  const { t } = useTranslation();
  const chores = dueChores(state);
  const name = (id: string) => state.members.find((m) => m.id === id)?.name ?? '';
  const tasks = state.tasks.filter(
    (task) => task.status !== 'done' && task.due !== null && daysBetween(wallClock(task.due, state.timezone).date, today) >= 0,
  );
  if (!chores.length && !tasks.length) return <p className="muted">{t('wall.nothingDue')}</p>;
  return (
    <ul className="wall-list">
      {chores.map((c) => (
        <li key={c.key} data-kind="chore">
          {/* The one control of the wall: a child ticks their chore off in passing. */}
          <button
            type="button"
            className="wall-tick"
            aria-label={t('chores.wallTick', { title: c.title, name: name(c.member) })}
            onClick={() => void tickChore(useStore, c.choreId, c.member)}
          >
            ✓
          </button>
          <AssigneeBadges item={{ assignee: c.member }} />
          {c.title}
        </li>
      ))}
      {tasks.map((task) => (
        <li key={task.id} data-kind="task">
          <AssigneeBadges item={task} />
          {task.title}
        </li>
      ))}
    </ul>
  );
}

function Shopping({ state }: { state: HomeState }) {
  const { t, i18n } = useTranslation();
  const open = state.groceries.filter((g) => !g.checked);
  if (!open.length) return <p className="muted">{t('food.noGroceries')}</p>;
  return (
    <ul className="wall-list wall-shopping">
      {open.map((g) => {
        const amount = formatGroceryAmounts(groceryAmountsOf(g), i18n.language);
        return (
          <li key={g.id}>
            {g.name}
            {amount ? <span className="wall-list-label">{amount}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function OfflineLine({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  const since = useStore((s) => s.wallOfflineSince);
  if (!since) return null;
  return (
    <p className="wall-offline" role="status" data-testid="wall-offline">
      {t('wall.offlineSince', { time: wallClock(since, timezone).time })}
    </p>
  );
}

function Header({ state, clock }: { state: HomeState; clock: { date: string; time: string } }) {
  const { i18n } = useTranslation();
  const weather = useStore((s) => s.wallWeather);
  return (
    <header className="wall-head">
      <div className="wall-clock" data-testid="wall-clock">
        {clock.time}
      </div>
      <div className="wall-date">{formatDay(clock.date, i18n.language, 'long')}</div>
      {weather ? (
        <div className="wall-weather" data-testid="wall-weather">
          {weather}
        </div>
      ) : null}
      <OfflineLine timezone={state.timezone} />
    </header>
  );
}

export function WallDisplay() {
  const { t } = useTranslation();
  const home = useStore((s) => s.home);
  const quiet = useStore((s) => s.wallQuietHours);
  const mode = useStore((s) => s.mode);
  const state = home.data;
  const clock = useMinuteClock(state);
  const dimmed = clock ? inQuietHours(clock.time, quiet) : false;

  useEffect(() => {
    document.documentElement.dataset.wall = dimmed ? 'dimmed' : 'on';
  }, [dimmed]);

  if (!state || !clock)
    return (
      <main className={`wall mode-${mode}`} data-testid="wall-display">
        <p className="wall-waiting" role="status">
          {home.status === 'error' ? t('wall.waiting') : t('common.loading')}
        </p>
      </main>
    );
  const today = clock.date;
  return (
    <main className={`wall mode-${mode} ${dimmed ? 'is-dimmed' : ''}`} data-testid="wall-display" data-dimmed={dimmed ? 'true' : undefined}>
      <h1 className="sr-only">{t('wall.title')}</h1>
      <Header state={state} clock={clock} />
      <div className="wall-grid">
        <Section title={t('wall.today')} className="wall-today" testId="wall-today">
          <DayView events={state.events} from={today} timeZone={state.timezone} />
        </Section>
        <Section title={t('wall.week')} className="wall-week-section" testId="wall-week">
          <WallWeek state={state} today={today} />
        </Section>
        <Section title={t('wall.meals')} testId="wall-meals">
          <Meals meals={state.meals.filter((m) => m.date === today)} />
        </Section>
        <Section title={t('wall.shopping')} testId="wall-shopping">
          <Shopping state={state} />
        </Section>
        <Section title={t('wall.due')} testId="wall-due">
          <Due state={state} today={today} />
        </Section>
      </div>
      <footer className="wall-foot">
        <MemberLegend />
      </footer>
    </main>
  );
}
