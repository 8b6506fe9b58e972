import { useEffect, useState } from 'react';
import type { CalendarAccount, CalendarAccountLogin, RemoteCalendar } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { wallClock } from '../../format/household-time';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import type { AccountRefusal } from '../../store/calendar-accounts-slice';

/** Refusals the screen says in the member's own words; any other in the master's. */
const REFUSAL_KEYS: Readonly<Record<string, string>> = {
  CALDAV_ACCOUNT_UNREACHABLE: 'calendar.accounts.refused.unreachable',
  INVALID_URL: 'calendar.accounts.refused.address',
  CALENDAR_NOT_FOUND: 'calendar.accounts.refused.calendarGone',
  OWN_CALENDAR_ONLY: 'calendar.accounts.refused.ownOnly',
};

function useRefusalText(): (r: AccountRefusal) => string {
  const { t, i18n } = useTranslation();
  return (r) => {
    const key = REFUSAL_KEYS[r.code];
    if (key) return t(key);
    return i18n.language === 'de' ? r.message : t('calendar.accounts.refused.other');
  };
}

/** The removal's question: keep the copied events, or remove them with the connection. */
function RemoveDialog({ account, onClose }: { account: CalendarAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useStore((s) => s.removeCalendarAccount);
  const [busy, setBusy] = useState(false);
  const go = (keep: boolean) => {
    setBusy(true);
    void remove(account.id, keep).then(onClose);
  };
  return (
    <Dialog
      title={t('calendar.accounts.removeTitle', { name: account.calendar_name })}
      onClose={onClose}
      variant="alert"
      testId="dialog-remove-account"
    >
      <p>{t('calendar.accounts.removeQuestion')}</p>
      <div className="row">
        <button type="button" className="btn" disabled={busy} onClick={() => go(true)} data-autofocus>
          {t('calendar.accounts.keepEvents')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => go(false)}>
          {t('calendar.accounts.removeEvents')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** One connection: where it syncs to, when it last did, what went wrong, the conflicts kept. */
function AccountRow({ account }: { account: CalendarAccount }) {
  const { t, i18n } = useTranslation();
  const sync = useStore((s) => s.syncCalendarAccount);
  const members = useStore((s) => s.home.data?.members) ?? [];
  const timeZone = useStore((s) => s.home.data?.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const whose = account.member_id === null ? t('calendar.accounts.family') : (members.find((m) => m.id === account.member_id)?.name ?? '');
  const at = account.synced_at ? wallClock(account.synced_at, timeZone) : undefined;
  return (
    <li data-testid="calendar-account">
      <span className="item-main">
        <span>
          {account.calendar_name} <span className="muted small">→ {whose}</span>
        </span>
        <span className="muted small">
          {account.username} · {account.server_url}
        </span>
        <span className="small">
          {at ? t('calendar.accounts.syncedAt', { date: at.date, time: at.time }) : t('calendar.accounts.neverSynced')}
        </span>
        {account.problem ? (
          <span className="small danger" role="status">
            {t(`calendar.accounts.problem.${account.problem}`)}
          </span>
        ) : null}
        {account.conflicts.length ? (
          <span className="small warning" data-testid="account-conflicts">
            {t('calendar.accounts.conflicts', { count: account.conflicts.length })} {account.conflicts.map((c) => `„${c}“`).join(', ')}
          </span>
        ) : null}
        {account.skipped.length ? (
          <span className="small muted">
            {t('calendar.accounts.skipped', { count: account.skipped.length })}
            {i18n.language === 'de' ? ` ${account.skipped.map((s) => s.reason).join(' ')}` : ''}
          </span>
        ) : null}
      </span>
      <span className="row">
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-label={`${t('calendar.accounts.syncNow')}: ${account.calendar_name}`}
          onClick={() => {
            setBusy(true);
            void sync(account.id).then(() => setBusy(false));
          }}
        >
          {t('calendar.accounts.syncNow')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`${t('calendar.accounts.remove')}: ${account.calendar_name}`}
          onClick={() => setRemoving(true)}
        >
          <Icon name="trash" /> {t('calendar.accounts.remove')}
        </button>
      </span>
      {removing ? <RemoveDialog account={account} onClose={() => setRemoving(false)} /> : null}
    </li>
  );
}

/** Server address and login, then the account's calendars to choose, then connect. */
function ConnectForm() {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const discover = useStore((s) => s.discoverCalendars);
  const connect = useStore((s) => s.connectCalendars);
  const members = useStore((s) => s.home.data?.members) ?? [];
  const viewer = useStore((s) => s.home.data?.viewer_member) ?? '';
  const role = useStore((s) => s.home.data?.viewer_role);
  const [login, setLogin] = useState<CalendarAccountLogin>({ server_url: '', username: '', password: '' });
  const [found, setFound] = useState<readonly RemoteCalendar[] | undefined>();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [forWhom, setForWhom] = useState<string>(viewer);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Admins connect for anyone (or the family); everyone else for themselves.
  const choices = role === 'admin' ? members : members.filter((m) => m.id === viewer);
  const edit = (field: keyof CalendarAccountLogin) => (e: { target: { value: string } }) => {
    setLogin({ ...login, [field]: e.target.value });
    setFound(undefined);
  };
  return (
    <form
      data-testid="connect-calendar"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        const trimmed = { ...login, server_url: login.server_url.trim(), username: login.username.trim() };
        if (!found) {
          void discover(trimmed).then((answer) => {
            setBusy(false);
            if ('refused' in answer) return setError(refusalText(answer.refused));
            setFound(answer.calendars);
            setChosen(new Set(answer.calendars.slice(0, 1).map((c) => c.url)));
            if (!answer.calendars.length) setError(t('calendar.accounts.noCalendars'));
          });
          return;
        }
        void connect(trimmed, [...chosen], forWhom === '' ? null : forWhom).then((refused) => {
          setBusy(false);
          if (refused) return setError(refusalText(refused));
          setLogin({ server_url: '', username: '', password: '' });
          setFound(undefined);
        });
      }}
    >
      <h3 className="small">{t('calendar.accounts.connectTitle')}</h3>
      <div className="row">
        <label>
          {t('calendar.accounts.server')}
          <input type="url" required value={login.server_url} onChange={edit('server_url')} placeholder="https://" />
        </label>
        <label>
          {t('calendar.accounts.username')}
          <input required autoComplete="username" maxLength={200} value={login.username} onChange={edit('username')} />
        </label>
        <label>
          {t('calendar.accounts.password')}
          <input
            type="password"
            required
            autoComplete="current-password"
            maxLength={500}
            value={login.password}
            onChange={edit('password')}
          />
        </label>
      </div>
      <p className="muted small">{t('calendar.accounts.passwordHint')}</p>
      {found?.length ? (
        <fieldset>
          <legend>{t('calendar.accounts.choose')}</legend>
          {found.map((c) => (
            <label key={c.url} className="small">
              <input
                type="checkbox"
                checked={chosen.has(c.url)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(c.url);
                  else next.delete(c.url);
                  setChosen(next);
                }}
              />{' '}
              {c.name}
            </label>
          ))}
          <label>
            {t('calendar.accounts.forWhom')}
            <select value={forWhom} onChange={(e) => setForWhom(e.target.value)}>
              {choices.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
              {role === 'admin' ? <option value="">{t('calendar.accounts.family')}</option> : null}
            </select>
          </label>
        </fieldset>
      ) : null}
      <button type="submit" className="btn btn-small btn-primary" disabled={busy || (found !== undefined && chosen.size === 0)}>
        {found?.length ? t('calendar.accounts.connect') : t('calendar.accounts.find')}
      </button>
      {error ? (
        <p className="small danger" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** CalDAV accounts the family already has (Nextcloud, iCloud, Fastmail …), synced both ways. */
export function CalendarAccountsCard() {
  const { t } = useTranslation();
  const accounts = useStore((s) => s.calendarAccounts);
  const load = useStore((s) => s.loadCalendarAccounts);
  useEffect(() => {
    if (accounts.status === 'idle') void load();
  }, [accounts.status, load]);
  return (
    <Card title={t('calendar.accounts.title')} className="span-12" testId="card-calendar-accounts">
      <ResourceView resource={accounts} onRetry={() => void load()}>
        {(data) =>
          data.accounts.length ? (
            <ul className="item-list">
              {data.accounts.map((a) => (
                <AccountRow key={a.id} account={a} />
              ))}
            </ul>
          ) : (
            <p className="muted">{t('calendar.accounts.none')}</p>
          )
        }
      </ResourceView>
      <ConnectForm />
    </Card>
  );
}
