import { useCallback, useState } from 'react';
import type { ProtectCameraView } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { formatWhen } from '../../format/household-time';
import { useTranslation } from '../../i18n';
import { useHousehold } from '../household';
import { useStore } from '../../store';
import { NoLiveSince } from './NoLiveSince';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { RefreshButton, useRefreshWhileVisible } from './server-ui';
import './server.css';

const PICTURE_MS = 10_000;

/** Under the picture: online or not, the newest motion and, for a doorbell, the newest ring. */
function CameraFacts({ camera }: { camera: ProtectCameraView }) {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const when = (iso: string) =>
    hh
      ? formatWhen(iso, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') })
      : new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <ul className="camera-facts muted" data-testid={`camera-${camera.id}-facts`}>
      <li>
        <span className={`dot ${camera.connected ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
        {camera.connected ? t('zuhause.cameras.online') : t('zuhause.cameras.notOnline')}
      </li>
      <li>{camera.last_motion ? t('zuhause.cameras.lastMotion', { when: when(camera.last_motion) }) : t('zuhause.cameras.noMotion')}</li>
      {camera.doorbell ? (
        <li>{camera.last_ring ? t('zuhause.cameras.lastRing', { when: when(camera.last_ring) }) : t('zuhause.cameras.noRing')}</li>
      ) : null}
    </ul>
  );
}

/** Kameras: a current picture of each camera, renewed while the screen is visible. */
export function CamerasSection() {
  const { t } = useTranslation();
  const protect = useStore((s) => s.protect);
  // Each tick asks JARVIS for a new picture; the console's key never reaches the browser.
  const [tick, setTick] = useState(0);
  const renew = useCallback(() => setTick((n) => n + 1), []);
  useRefreshWhileVisible(renew, PICTURE_MS);
  return (
    <Card
      title={t('zuhause.cameras.title')}
      className="span-12 zuhause-cameras"
      testId="card-cameras"
      actions={<RefreshButton onClick={() => void useStore.getState().loadProtect().then(renew)} />}
    >
      <ResourceView resource={protect} onRetry={() => void useStore.getState().loadProtect()}>
        {(data) =>
          data.state !== 'ready' ? (
            <NotSetUp
              testId="protect-not-set-up"
              problem={problemText(data)}
              steps={[t('zuhause.cameras.step1'), t('zuhause.cameras.step2'), t('zuhause.cameras.step3')]}
            />
          ) : data.cameras.length === 0 ? (
            <p className="muted">{t('zuhause.cameras.none')}</p>
          ) : (
            <>
              <NoLiveSince live={data.live !== false} since={data.last_live_update} testId="protect-no-live-since" />
              <ul className="camera-tiles">
                {data.cameras.map((c) => (
                  <li key={c.id} className="camera-tile" data-testid={`camera-${c.id}`}>
                    {c.connected ? (
                      <img src={`${c.snapshot_path}?n=${tick}`} alt={t('zuhause.cameras.picture', { name: c.name })} loading="lazy" />
                    ) : (
                      <div className="camera-offline">{t('zuhause.cameras.offline')}</div>
                    )}
                    <span className="camera-name">{c.doorbell ? t('zuhause.cameras.doorbellName', { name: c.name }) : c.name}</span>
                    <CameraFacts camera={c} />
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </ResourceView>
    </Card>
  );
}
