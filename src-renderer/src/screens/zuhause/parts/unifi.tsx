import {
  HOME_SERVER_TOOLS,
  type HomeUnifiResponse,
  type NetworkClientView,
  type UnifiClientView,
  type UnifiDeviceView,
} from '../../../../../src-shared';
import { useTranslation } from '../../../i18n';
import { useStore } from '../../../store';
import type { IntegrationPart } from '../integration-part';
import { ConfirmButton, uptimeText } from '../server-ui';

type Ready = Extract<HomeUnifiResponse, { state: 'ready' }>;
/** The network client rows of this integration are the console's clients. */
const clientOf = (device: NetworkClientView) => device as UnifiClientView;

function DeviceRow({ device }: { device: UnifiDeviceView }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`device:${device.id}`));
  const act = useStore((s) => s.homeAction);
  return (
    <li className="guest" data-testid={`device-${device.id}`}>
      <span className={`dot ${device.online ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
      <span className="guest-name">{device.name}</span>
      <span className="muted guest-kind">{device.model}</span>
      <span className="muted guest-state">
        {device.online ? t('zuhause.network.onlineFor', { time: uptimeText(device.uptime_s, t) }) : t('zuhause.network.deviceOffline')}
        {device.firmware_update ? ` · ${t('zuhause.network.update')}` : ''}
      </span>
      <span className="guest-actions">
        <ConfirmButton
          label={t('zuhause.server.reboot')}
          question={t('zuhause.network.restartAsk', { name: device.name })}
          disabled={busy || !device.online}
          onConfirm={() => void act(`device:${device.id}`, HOME_SERVER_TOOLS.unifiRestart, { device: device.id })}
          testId={`device-${device.id}-restart`}
        />
      </span>
    </li>
  );
}

function Block({ device }: { device: NetworkClientView }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`client:${device.id}`));
  const act = useStore((s) => s.homeAction);
  return (
    <ConfirmButton
      label={t('zuhause.network.block')}
      question={t('zuhause.network.blockAsk', { name: device.name })}
      disabled={busy}
      onConfirm={() =>
        void act(`client:${device.id}`, HOME_SERVER_TOOLS.unifiBlock, { client: device.id }).then((r) => {
          if (r?.success) void useStore.getState().loadUnifi();
        })
      }
      testId={`client-${device.id}-block`}
    />
  );
}

/** Whether the internet is there, and how many are connected. */
function Internet({ data }: { data: Ready }) {
  const { t } = useTranslation();
  const { internet, clients } = data.unifi;
  const wifi = clients.filter((c) => c.type === 'WIRELESS').length;
  return (
    <>
      <p className={`internet ${internet.online ? 'is-up' : 'is-down'}`} data-testid="internet-state">
        <span className={`dot ${internet.online ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
        {!internet.known
          ? t('zuhause.network.internetUnknown')
          : internet.online
            ? t('zuhause.network.internetUp')
            : t('zuhause.network.internetDown')}
      </p>
      <h3 className="zuhause-subhead">{t('zuhause.network.clients', { count: clients.length, wifi })}</h3>
    </>
  );
}

/** The console's own access points, switches and gateway. */
function Infrastructure({ data }: { data: Ready }) {
  const { t } = useTranslation();
  if (data.unifi.devices.length === 0) return null;
  return (
    <>
      <h3 className="zuhause-subhead">{t('zuhause.network.devices')}</h3>
      <ul className="item-list guests">
        {data.unifi.devices.map((d) => (
          <DeviceRow key={d.id} device={d} />
        ))}
      </ul>
    </>
  );
}

/** UniFi Network: the internet, who is connected, the console's own devices. */
export const unifiPart: IntegrationPart<'unifi'> = {
  steps: (t) => [t('zuhause.network.step1'), t('zuhause.network.step2'), t('zuhause.network.step3')],
  Head: Internet,
  Foot: Infrastructure,
  rows: {
    network_client: {
      kind: (device, t) => (clientOf(device).type === 'WIRELESS' ? t('zuhause.network.wifi') : t('zuhause.network.cable')),
      state: (device) => clientOf(device).ip,
      Actions: Block,
    },
  },
  refreshMs: 20_000,
};
