import { useCallback } from 'react';
import { HOME_INTEGRATIONS, type HomeDeviceKind, type HomeDeviceViews, type HomeIntegration } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { HOME_OVERVIEWS, overviewResource } from '../../store/home-overviews';
import { DEVICE_LISTS } from './device-rows';
import { partOf } from './integration-parts';
import { NoLiveSince } from './NoLiveSince';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { RefreshButton, useRefreshWhileVisible } from './server-ui';

/** The rows of HOME_INTEGRATIONS whose overviews hold devices of `kind`, in the table's order. */
export function contributorsOf(kind: HomeDeviceKind): readonly HomeIntegration[] {
  return HOME_INTEGRATIONS.filter((row) => kind in row.devices);
}

/** "live" while the master follows the integration's devices as they change. */
function LiveBadge({ row }: { row: HomeIntegration }) {
  const { t } = useTranslation();
  const data = useStore((s) => overviewResource(s, row.id).data);
  if (data?.state !== 'ready' || !('live' in data)) return null;
  const live = data.live === true;
  const hints = partOf(row.id).liveHints?.(t);
  return (
    <span className={`chip ${live ? 'chip-ok' : ''}`} title={hints ? (live ? hints.live : hints.notLive) : undefined}>
      {live ? t('zuhause.live') : t('zuhause.notLive')}
    </span>
  );
}

/** To the Settings screen, where the household connects the integration (for whoever may change settings). */
function ConnectInSettings({ row }: { row: HomeIntegration }) {
  const { t } = useTranslation();
  const allowed = useStore((s) => s.settingsAllowed !== false);
  if (!row.connect || !allowed) return null;
  return (
    <button type="button" className="btn btn-small" onClick={() => useStore.getState().setScreen('settings')}>
      {t('zuhause.devices.connect')}
    </button>
  );
}

/** One integration's devices of the section's kind: its steps while it is not set up, else the kind's list. */
function IntegrationDevices<K extends HomeDeviceKind>({ row, kind, titled }: { row: HomeIntegration; kind: K; titled: boolean }) {
  const { t, i18n } = useTranslation();
  const part = partOf(row.id);
  const resource = useStore((s) => overviewResource(s, row.id));
  const load = useCallback(() => void HOME_OVERVIEWS[row.id].load(useStore.getState()), [row.id]);
  useRefreshWhileVisible(load, part.refreshMs);
  const { List } = DEVICE_LISTS[kind];
  const { Head, Foot } = part;
  const list = (row.devices as Partial<Record<HomeDeviceKind, string>>)[kind]!;
  return (
    <div className={`zuhause-integration zuhause-${row.id}`}>
      {titled ? <h3 className="zuhause-subhead">{row.words[i18n.language === 'en' ? 'en' : 'de']}</h3> : null}
      <ResourceView resource={resource} onRetry={load}>
        {(data) => {
          if (data.state !== 'ready')
            return (
              <NotSetUp
                testId={`${row.id}-not-set-up`}
                problem={problemText(data)}
                steps={part.steps(t)}
                action={<ConnectInSettings row={row} />}
              />
            );
          const skillData = (HOME_OVERVIEWS[row.id].skillData as (ready: object) => object)(data) as Record<string, unknown>;
          const devices = (skillData[list] ?? []) as readonly HomeDeviceViews[K][];
          const empty = part.groups ? part.groups(data).length === 0 : devices.length === 0;
          return (
            <>
              {'live' in data ? (
                <NoLiveSince live={data.live !== false} since={data.last_live_update} testId={`${row.id}-no-live-since`} />
              ) : null}
              {Head ? <Head data={data} /> : null}
              {empty ? (
                <p className="muted">{part.empty ? part.empty(t) : t('zuhause.devices.none')}</p>
              ) : (
                <List devices={devices} part={part} data={data} />
              )}
              {Foot ? <Foot data={data} /> : null}
            </>
          );
        }}
      </ResourceView>
    </div>
  );
}

/**
 * One section per device kind (Licht, Computer und Server, Netzwerk, Kameras): every
 * integration that brings devices of the kind, each with its name when there are several.
 */
export function DeviceKindSection({ kind }: { kind: HomeDeviceKind }) {
  const { t } = useTranslation();
  const rows = contributorsOf(kind);
  const refresh = () => {
    for (const row of rows) void HOME_OVERVIEWS[row.id].load(useStore.getState());
  };
  return (
    <Card
      title={t(`zuhause.devices.${kind}`)}
      className={`${DEVICE_LISTS[kind].span} zuhause-${kind}`}
      testId={`card-${kind}`}
      actions={
        <>
          {rows
            .filter((row) => row.updates === 'live_stream')
            .map((row) => (
              <LiveBadge key={row.id} row={row} />
            ))}
          <RefreshButton onClick={refresh} />
        </>
      }
    >
      {rows.map((row) => (
        <IntegrationDevices key={row.id} row={row} kind={kind} titled={rows.length > 1} />
      ))}
    </Card>
  );
}
