import { useCallback, useState } from 'react';
import type { CameraView, ProtectCameraView } from '../../../../../src-shared';
import { formatWhen } from '../../../format/household-time';
import { useTranslation } from '../../../i18n';
import { useHousehold } from '../../household';
import type { IntegrationPart } from '../integration-part';
import { useRefreshWhileVisible } from '../server-ui';

const PICTURE_MS = 10_000;

/** The camera rows of this integration are Protect's cameras. */
const cameraOf = (device: CameraView) => device as ProtectCameraView;

/** A current picture, renewed while the screen is visible; the console's key never reaches the browser. */
function Picture({ device }: { device: CameraView }) {
  const { t } = useTranslation();
  const [tick, setTick] = useState(0);
  const renew = useCallback(() => setTick((n) => n + 1), []);
  useRefreshWhileVisible(renew, PICTURE_MS);
  return (
    <img src={`${cameraOf(device).snapshot_path}?n=${tick}`} alt={t('zuhause.cameras.picture', { name: device.name })} loading="lazy" />
  );
}

/** The newest motion and, for a doorbell, the newest ring. */
function Facts({ device }: { device: CameraView }) {
  const camera = cameraOf(device);
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const when = (iso: string) =>
    hh
      ? formatWhen(iso, hh.timezone, hh.today, i18n.language, { today: t('common.today'), tomorrow: t('common.tomorrow') })
      : new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <li>{camera.last_motion ? t('zuhause.cameras.lastMotion', { when: when(camera.last_motion) }) : t('zuhause.cameras.noMotion')}</li>
      {camera.doorbell ? (
        <li>{camera.last_ring ? t('zuhause.cameras.lastRing', { when: when(camera.last_ring) }) : t('zuhause.cameras.noRing')}</li>
      ) : null}
    </>
  );
}

/** UniFi Protect: a picture of each camera, its newest motion, a doorbell's newest ring. */
export const protectPart: IntegrationPart<'protect'> = {
  steps: (t) => [t('zuhause.cameras.step1'), t('zuhause.cameras.step2'), t('zuhause.cameras.step3')],
  rows: {
    camera: {
      name: (device, t) => (cameraOf(device).doorbell ? t('zuhause.cameras.doorbellName', { name: device.name }) : device.name),
      Picture,
      Facts,
    },
  },
  empty: (t) => t('zuhause.cameras.none'),
};
