import { formatWhen } from '../../format/household-time';
import { useTranslation } from '../../i18n';
import { useHousehold } from '../household';

/** "No live updates since today 08:20" while a follower of live changes is down: the states shown may be old. */
export function NoLiveSince({ live, since, testId }: { live: boolean; since: string | undefined; testId: string }) {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  if (live || !since) return null;
  // Before the household's state is loaded: the time in this device's zone.
  const when = hh
    ? formatWhen(since, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') })
    : new Date(since).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <p className="muted" role="status" data-testid={testId}>
      {t('zuhause.noLiveSince', { when })}
    </p>
  );
}
