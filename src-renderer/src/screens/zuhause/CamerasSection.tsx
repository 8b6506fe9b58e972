import { useCallback, useState } from 'react';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { RefreshButton, useRefreshWhileVisible } from './server-ui';
import './server.css';

const PICTURE_MS = 10_000;

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
            <ul className="camera-tiles">
              {data.cameras.map((c) => (
                <li key={c.id} className="camera-tile" data-testid={`camera-${c.id}`}>
                  {c.connected ? (
                    <img src={`${c.snapshot_path}?n=${tick}`} alt={t('zuhause.cameras.picture', { name: c.name })} loading="lazy" />
                  ) : (
                    <div className="camera-offline">{t('zuhause.cameras.offline')}</div>
                  )}
                  <span className="camera-name">{c.name}</span>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </Card>
  );
}
