import { useTranslation } from '../i18n';
import { Card, ResourceView } from '../components/Card';
import { MicButton } from '../components/MicButton';
import { addDays, formatDay, formatWhen, wallClock } from '../format/household-time';
import { useStore } from '../store';
import { StatusGrid } from './StatusGrid';
import { useHousehold } from './household';
import { Icon } from '../components/Icon';
import { byCodePoint, byInstant } from '../format/compare';

function Greeting() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const hour = hh ? Number(hh.nowTime.slice(0, 2)) : 12;
  const key = hour < 5 ? 'night' : hour < 11 ? 'morning' : hour < 18 ? 'day' : 'evening';
  const openTasks = hh?.state.tasks.filter((x) => x.status !== 'done').length ?? 0;
  const eventsToday = hh?.state.events.filter((e) => wallClock(e.start, hh.timezone).date === hh.today).length ?? 0;
  return (
    <Card title={t(`home.greeting.${key}`)} className="span-7 greeting" testId="card-greeting">
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => (
          <>
            <p className="big-date">{hh ? formatDay(hh.today, i18n.language, 'long') : ''}</p>
            <p className="lead">{t('home.tasksOpen', { count: openTasks })} · {t('home.eventsToday', { count: eventsToday })}</p>
            <div className="row">
              <MicButton big />
            </div>
          </>
        )}
      </ResourceView>
    </Card>
  );
}

function NextEvent() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const now = hh ? new Date(hh.state.now).getTime() : 0;
  const upcoming = hh ? [...hh.state.events].filter((e) => new Date(e.end).getTime() > now).sort((a, b) => byInstant(a.start, b.start)) : [];
  const next = upcoming[0];
  return (
    <Card title={t('home.nextEvent')} className="span-5" testId="card-next-event">
      <ResourceView resource={home}>
        {() =>
          next && hh ? (
            <div className="next-event">
              <p className="event-when">{formatWhen(next.start, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') }, next.all_day)}</p>
              <p className="event-title">{next.title}</p>
              {next.location ? <p className="muted"><Icon name="pin" size={14} /> {next.location}</p> : null}
              {upcoming.length > 1 ? (
                <ul className="mini-list">
                  {upcoming.slice(1, 4).map((e) => (
                    <li key={e.id}>
                      <span className="muted">{formatWhen(e.start, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') }, e.all_day)}</span> {e.title}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : (
            <p className="muted">{t('home.noEvent')}</p>
          )
        }
      </ResourceView>
    </Card>
  );
}

function OpenTasks() {
  const { t } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const open = hh?.state.tasks.filter((x) => x.status !== 'done') ?? [];
  return (
    <Card title={t('home.openTasks')} className="span-6" testId="card-open-tasks" actions={<MicButton module="tasks" />}>
      <ResourceView resource={home}>
        {() =>
          open.length ? (
            <ul className="check-list">
              {open.slice(0, 6).map((task) => (
                <li key={task.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={false}
                      onChange={() =>
                        void mutate('tasks_update', { id: task.id, status: 'done' }, (s) => ({ ...s, tasks: s.tasks.map((x) => (x.id === task.id ? { ...x, status: 'done' } : x)) }))
                      }
                    />
                    <span>{task.title}</span>
                    {task.priority === 'high' ? <span className="chip chip-warn">!</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('home.noTasks')}</p>
          )
        }
      </ResourceView>
    </Card>
  );
}

function NextMeal() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const order = ['breakfast', 'lunch', 'snack', 'dinner'];
  const meals = hh
    ? hh.state.meals
        .filter((m) => m.date >= hh.today && m.date <= addDays(hh.today, 7))
        .sort((a, b) => byCodePoint(a.date, b.date) || order.indexOf(a.meal) - order.indexOf(b.meal))
    : [];
  const next = meals[0];
  return (
    <Card title={t('home.nextMeal')} className="span-6" testId="card-next-meal">
      <ResourceView resource={home}>
        {() =>
          next && hh ? (
            <div>
              <p className="event-when">
                {next.date === hh.today ? t('common.today') : formatDay(next.date, i18n.language)} · {t(`food.slots.${next.meal}`)}
              </p>
              <p className="event-title">{next.title}</p>
              <p className="muted">
                {next.servings} {t('food.servings')}
              </p>
            </div>
          ) : (
            <p className="muted">{t('home.noMeal')}</p>
          )
        }
      </ResourceView>
    </Card>
  );
}

function LocalAi() {
  const { t } = useTranslation();
  return (
    <Card title={t('home.localAi')} className="span-12" testId="card-local-ai">
      <StatusGrid />
    </Card>
  );
}

/** Clean Home: a 12-column grid, greeting + next event 7/5, tasks + meal 6/6, local AI full width. */
export function HomeScreen() {
  return (
    <div className="grid-12 grid-home" data-testid="screen-home">
      <Greeting />
      <NextEvent />
      <OpenTasks />
      <NextMeal />
      <LocalAi />
    </div>
  );
}
