import { useState } from 'react';
import type { CalendarSubscription } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { wallClock } from '../../format/household-time';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';

const DEFAULT_MATCH = 'Restmüll';
const DEFAULT_TIME = '19:00';

/** One subscription: its colour, how many events, the last error, the evening-before switch. */
function SubscriptionRow({ sub }: { sub: CalendarSubscription }) {
  const { t } = useTranslation();
  const update = useStore((s) => s.updateSubscription);
  const remove = useStore((s) => s.removeSubscription);
  const [match, setMatch] = useState(sub.evening_reminders?.match ?? DEFAULT_MATCH);
  const on = sub.evening_reminders !== null;
  return (
    <li>
      <span className="item-main">
        <span>
          <span aria-hidden="true" style={{ color: sub.color }}>
            ●
          </span>{' '}
          {sub.name}
        </span>
        <span className="muted small">
          {t('calendar.subscriptions.count', { count: sub.event_count })} ·{' '}
          {on
            ? t('calendar.subscriptions.eveningOn', { time: sub.evening_reminders!.time, match: sub.evening_reminders!.match })
            : t('calendar.subscriptions.eveningOff')}
        </span>
        {sub.error ? <span className="small danger">{t('calendar.subscriptions.failed', { reason: sub.error })}</span> : null}
        <span className="row">
          <label className="small">
            <input
              type="checkbox"
              checked={on}
              onChange={(e) =>
                void update(sub.id, {
                  evening_reminders: e.target.checked ? { match: match.trim() || DEFAULT_MATCH, time: DEFAULT_TIME } : null,
                })
              }
            />{' '}
            {t('calendar.subscriptions.evening')}
          </label>
          <label className="small">
            {t('calendar.subscriptions.eveningMatch')} <input value={match} maxLength={80} onChange={(e) => setMatch(e.target.value)} />
          </label>
        </span>
      </span>
      <button
        type="button"
        className="btn btn-small"
        aria-label={`${t('calendar.subscriptions.remove')}: ${sub.name}`}
        onClick={() => void remove(sub.id)}
      >
        <Icon name="trash" /> {t('calendar.subscriptions.remove')}
      </button>
    </li>
  );
}

/** Calendars the household subscribes to (read-only layers), their coming events, and a form to add one. */
export function SubscriptionsCard() {
  const { t } = useTranslation();
  const subscriptions = useStore((s) => s.subscriptions);
  const events = useStore((s) => s.subscriptionEvents);
  const add = useStore((s) => s.addSubscription);
  const timeZone = useStore((s) => s.home.data?.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [color, setColor] = useState('#6b8e23');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const names = new Map((subscriptions.data?.subscriptions ?? []).map((s) => [s.id, s.name]));
  const now = Date.now();
  const upcoming = events.filter((e) => Date.parse(e.end) > now).slice(0, 8);
  return (
    <Card title={t('calendar.subscriptions.title')} className="span-12" testId="card-subscriptions">
      <ResourceView resource={subscriptions} onRetry={() => void useStore.getState().loadSubscriptions()}>
        {(data) =>
          data.subscriptions.length ? (
            <>
              <ul className="item-list">
                {data.subscriptions.map((s) => (
                  <SubscriptionRow key={s.id} sub={s} />
                ))}
              </ul>
              {upcoming.length ? (
                <>
                  <h3 className="small">{t('calendar.subscriptions.upcoming')}</h3>
                  <ul className="item-list" data-testid="subscription-events">
                    {upcoming.map((e) => {
                      const at = wallClock(e.start, timeZone);
                      return (
                        <li key={`${e.subscription_id}-${e.start}-${e.title}`}>
                          <span aria-hidden="true" style={{ color: e.color }}>
                            ●
                          </span>
                          <span className="item-main">
                            <span>{e.title}</span>
                            <span className="muted small">
                              {at.date}
                              {e.all_day ? '' : ` ${at.time}`} · {names.get(e.subscription_id) ?? ''}
                            </span>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </>
              ) : null}
            </>
          ) : (
            <p className="muted">{t('calendar.subscriptions.none')}</p>
          )
        }
      </ResourceView>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          void add(url.trim(), name.trim(), color).then((refused) => {
            setBusy(false);
            setError(refused);
            if (!refused) {
              setUrl('');
              setName('');
            }
          });
        }}
      >
        <label>
          {t('calendar.subscriptions.url')}
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} aria-invalid={error ? true : undefined} />
        </label>
        <label>
          {t('calendar.subscriptions.name')}
          <input required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('calendar.subscriptions.color')}
          <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {t('calendar.subscriptions.add')}
        </button>
      </form>
      {error ? (
        <p className="small danger" role="alert">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
