import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Card, ResourceView } from '../components/Card';
import { MicButton } from '../components/MicButton';
import { addDays, formatDay, formatWhen, wallClock } from '../format/household-time';
import { useStore } from '../store';
import { attentionOf, homeDay, type HomeDay } from '../store/home-day';
import { useHousehold, type Household } from './household';
import { Icon } from '../components/Icon';
import { ReminderActions } from '../components/ReminderActions';
import { AssigneeBadge, AssigneeFilter } from '../members/Assignee';
import { byAssignee, type AssigneeChoice } from '../members/assignee-filter';
import { ApprovalsCard } from './ApprovalsCard';

// Home is the family's day: what runs now and next, what is due, today's reminders and
// meals, the shopping list, each with one tap. System telemetry lives in Wissen & System;
// Home says one plain sentence only when something needs the household's attention.
// Home is the first screen: its render uses no Intl and no localeCompare (format/compare.ts,
// format/household-time.ts explain the cost), which the renderer TTI benchmark watches.

function useDay(): { hh: Household; day: HomeDay } | undefined {
  const hh = useHousehold();
  return hh ? { hh, day: homeDay(hh.state, hh.today) } : undefined;
}

function Attention() {
  const { t } = useTranslation();
  const fromState = useStore((s) => s.home.data?.system);
  const fromHealth = useStore((s) => s.health?.components);
  const setScreen = useStore((s) => s.setScreen);
  const attention = attentionOf(fromState ?? fromHealth);
  if (!attention) return null;
  return (
    <div className="span-12 home-attention" role="status" data-testid="home-attention">
      <p>{t(`home.attention.${attention}`)}</p>
      <button type="button" className="btn btn-small" onClick={() => setScreen('system')}>
        {t('home.attention.open')}
      </button>
    </div>
  );
}

function Greeting() {
  const { t, i18n } = useTranslation();
  const d = useDay();
  const home = useStore((s) => s.home);
  const hour = d ? Number(d.hh.nowTime.slice(0, 2)) : 12;
  const key = hour < 5 ? 'night' : hour < 11 ? 'morning' : hour < 18 ? 'day' : 'evening';
  const eventsToday = d ? d.day.events.filter((x) => wallClock(x.event.start, d.hh.timezone).date <= d.hh.today).length : 0;
  return (
    <Card title={t(`home.greeting.${key}`)} className="span-7 greeting" testId="card-greeting">
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => (
          <>
            <p className="big-date">{d ? formatDay(d.hh.today, i18n.language, 'long') : ''}</p>
            <p className="lead">
              {t('home.eventsToday', { count: eventsToday })} · {t('home.tasksDueToday', { count: d?.day.tasksDue.length ?? 0 })}
            </p>
            <div className="row">
              <MicButton big />
            </div>
          </>
        )}
      </ResourceView>
    </Card>
  );
}

function NowAndNext() {
  const { t, i18n } = useTranslation();
  const d = useDay();
  const home = useStore((s) => s.home);
  const setScreen = useStore((s) => s.setScreen);
  const labels = { today: t('common.today'), tomorrow: t('common.tomorrow') };
  const openCalendar = (
    <button type="button" className="btn btn-small btn-ghost home-more" onClick={() => setScreen('calendar')}>
      {t('home.openCalendar')}
    </button>
  );
  return (
    <Card title={t('home.nowNext')} className="span-5" testId="card-next-event">
      <ResourceView resource={home}>
        {() => {
          if (!d || d.day.events.length === 0)
            return (
              <>
                <p className="muted">{t('home.noEvent')}</p>
                {openCalendar}
              </>
            );
          const when = ({ event, running }: HomeDay['events'][number]) =>
            running
              ? `${t('home.now')} · ${event.all_day ? t('common.allDay') : t('home.until', { time: wallClock(event.end, d.hh.timezone).time })}`
              : formatWhen(event.start, d.hh.timezone, d.hh.today, i18n.language, labels, event.all_day);
          const [first, ...rest] = d.day.events;
          return (
            <div className="next-event">
              <p className={`event-when${first!.running ? ' is-now' : ''}`}>{when(first!)}</p>
              <p className="event-title">{first!.event.title}</p>
              {first!.event.location ? (
                <p className="muted">
                  <Icon name="pin" size={14} /> {first!.event.location}
                </p>
              ) : null}
              {rest.length ? (
                <ul className="mini-list">
                  {rest.slice(0, 3).map((x) => (
                    <li key={x.event.id}>
                      <span className={x.running ? 'is-now' : 'muted'}>{when(x)}</span> {x.event.title}
                    </li>
                  ))}
                </ul>
              ) : null}
              {openCalendar}
            </div>
          );
        }}
      </ResourceView>
    </Card>
  );
}

function TasksDue() {
  const { t, i18n } = useTranslation();
  const d = useDay();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const setScreen = useStore((s) => s.setScreen);
  return (
    <Card title={t('home.tasksDue')} className="span-6" testId="card-open-tasks" actions={<MicButton module="tasks" />}>
      <ResourceView resource={home}>
        {() => (
          <>
            {d?.day.tasksDue.length ? (
              <ul className="check-list">
                {d.day.tasksDue.slice(0, 6).map(({ task, overdue }) => (
                  <li key={task.id}>
                    <label>
                      <input
                        type="checkbox"
                        checked={false}
                        aria-label={t('home.markDone', { title: task.title })}
                        onChange={() =>
                          void mutate('tasks_update', { id: task.id, status: 'done' }, (s) => ({
                            ...s,
                            tasks: s.tasks.map((x) => (x.id === task.id ? { ...x, status: 'done' } : x)),
                          }))
                        }
                      />
                      <span className="home-task">
                        <span className="task-line">{task.title}</span>
                        {overdue ? (
                          <span className="chip chip-bad">
                            {t('home.overdue')} · {formatDay(wallClock(task.due!, d.hh.timezone).date, i18n.language, 'dayMonth')}
                          </span>
                        ) : null}
                        {task.priority === 'high' ? <span className="chip chip-warn">!</span> : null}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{d && d.day.otherOpenTasks === 0 ? t('home.noTasks') : t('home.noTasksDue')}</p>
            )}
            {d && d.day.otherOpenTasks > 0 ? (
              <button type="button" className="btn btn-small btn-ghost home-more" onClick={() => setScreen('tasks')}>
                {t('home.moreTasks', { count: d.day.otherOpenTasks })}
              </button>
            ) : null}
          </>
        )}
      </ResourceView>
    </Card>
  );
}

function RemindersToday() {
  const { t } = useTranslation();
  const d = useDay();
  const home = useStore((s) => s.home);
  const [whose, setWhose] = useState<AssigneeChoice>('everyone');
  const reminders = d ? byAssignee(d.day.reminders, whose, d.hh.state.viewer_member) : [];
  return (
    <Card
      title={t('home.remindersToday')}
      className="span-6"
      testId="card-reminders-today"
      actions={<AssigneeFilter value={whose} onChange={setWhose} />}
    >
      <ResourceView resource={home}>
        {() =>
          d && reminders.length ? (
            <ul className="item-list home-reminders">
              {reminders.map((r) => (
                <li key={r.id} className={r.fired_at ? 'has-rung' : undefined}>
                  <Icon name="bell" size={16} />
                  <span className="item-main">
                    <span>
                      <AssigneeBadge assignee={r.assignee} />
                      {r.text}
                    </span>
                    <span className={r.fired_at ? 'small is-now' : 'small muted'}>
                      {wallClock(r.at, d.hh.timezone).time}
                      {r.fired_at ? ` · ${t('home.rang')}` : ''}
                    </span>
                  </span>
                  <ReminderActions reminder={r} timezone={d.hh.timezone} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('home.noRemindersToday')}</p>
          )
        }
      </ResourceView>
    </Card>
  );
}

function MealsToday() {
  const { t, i18n } = useTranslation();
  const d = useDay();
  const home = useStore((s) => s.home);
  const setScreen = useStore((s) => s.setScreen);
  const openFood = (
    <button type="button" className="btn btn-small btn-ghost home-more" onClick={() => setScreen('food')}>
      {t('home.openFood')}
    </button>
  );
  return (
    <Card title={t('home.mealsToday')} className="span-8" testId="card-meals-today">
      <ResourceView resource={home}>
        {() => (
          <>
            {d?.day.mealsToday.length ? (
              <ul className="home-meals">
                {d.day.mealsToday.map((m) => (
                  <li key={m.id}>
                    <span className="event-when">{t(`food.slots.${m.meal}`)}</span>
                    <span className="home-meal-title">{m.title}</span>
                    <span className="muted small">{t('food.servingsCount', { count: m.servings })}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <>
                <p className="muted">{t('home.noMealToday')}</p>
                {d?.day.nextMeal ? (
                  <p>
                    {t('home.nextPlanned', {
                      when: `${d.day.nextMeal.date === addDays(d.hh.today, 1) ? t('common.tomorrow') : formatDay(d.day.nextMeal.date, i18n.language)} · ${t(`food.slots.${d.day.nextMeal.meal}`)}`,
                      title: d.day.nextMeal.title,
                    })}
                  </p>
                ) : null}
              </>
            )}
            {openFood}
          </>
        )}
      </ResourceView>
    </Card>
  );
}

function Shopping() {
  const { t } = useTranslation();
  const d = useDay();
  const home = useStore((s) => s.home);
  const setScreen = useStore((s) => s.setScreen);
  const count = d?.day.shoppingOpen ?? 0;
  return (
    <Card title={t('home.shopping')} className="span-4" testId="card-shopping">
      <ResourceView resource={home}>
        {() => (
          <>
            <p className="home-count">{count ? t('home.shoppingCount', { count }) : t('home.shoppingEmpty')}</p>
            <button type="button" className="btn btn-primary" onClick={() => setScreen('food')}>
              {t('home.openShopping')}
            </button>
          </>
        )}
      </ResourceView>
    </Card>
  );
}

/** Clean Home: attention (only when needed), greeting + now & next 7/5, due tasks + reminders 6/6, meals + shopping 8/4. */
/** Until the first start is done, Home says what to do next instead of the voice button. */
function SetupNext() {
  const { t } = useTranslation();
  const dismiss = useStore((s) => s.dismissSetup);
  return (
    <Card title={t('homeSetup.title')} className="span-7 greeting" testId="card-setup-next">
      <p className="lead">{t('homeSetup.intro')}</p>
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={() => dismiss(false)}>
          {t('homeSetup.continue')}
        </button>
      </div>
    </Card>
  );
}

const EXAMPLES = ['e1', 'e2', 'e3', 'e4'] as const;

/** An empty household: what the family can say or type, to start with. */
function Examples() {
  const { t } = useTranslation();
  const empty = useStore((s) => {
    const h = s.home.data;
    return h !== undefined && h.events.length + h.tasks.length + h.reminders.length + h.groceries.length + h.meals.length === 0;
  });
  if (!empty) return null;
  return (
    <Card title={t('homeSetup.examplesTitle')} className="span-12" testId="card-examples">
      <ul className="examples">
        {EXAMPLES.map((k) => (
          <li key={k}>
            <q>{t(`homeSetup.examples.${k}`)}</q>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function HomeScreen() {
  const setupOpen = useStore((s) => s.settings.data !== undefined && !s.settings.data.setup.finished);
  return (
    <div className="grid-12 grid-home" data-testid="screen-home">
      <Attention />
      <ApprovalsCard />
      {setupOpen ? <SetupNext /> : <Greeting />}
      <Examples />
      <NowAndNext />
      <TasksDue />
      <RemindersToday />
      <MealsToday />
      <Shopping />
    </div>
  );
}
