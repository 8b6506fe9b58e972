import { useCallback } from 'react';
import { HOME_SERVER_TOOLS, type UnifiClientView, type UnifiDeviceView } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';
import { ConfirmButton, RefreshButton, uptimeText, useRefreshWhileVisible } from './server-ui';
import './server.css';

const REFRESH_MS = 20_000;

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

function ClientRow({ client }: { client: UnifiClientView }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(`client:${client.id}`));
  const act = useStore((s) => s.homeAction);
  return (
    <li className="guest" data-testid={`client-${client.id}`}>
      <span className="guest-name">{client.name}</span>
      <span className="muted guest-kind">{client.type === 'WIRELESS' ? t('zuhause.network.wifi') : t('zuhause.network.cable')}</span>
      <span className="muted guest-state">{client.ip}</span>
      <span className="guest-actions">
        <ConfirmButton
          label={t('zuhause.network.block')}
          question={t('zuhause.network.blockAsk', { name: client.name })}
          disabled={busy}
          onConfirm={() =>
            void act(`client:${client.id}`, HOME_SERVER_TOOLS.unifiBlock, { client: client.id }).then((r) => {
              if (r?.success) void useStore.getState().loadUnifi();
            })
          }
          testId={`client-${client.id}-block`}
        />
      </span>
    </li>
  );
}

/** Netzwerk: is the internet there, the UniFi devices and who is connected. */
export function NetworkSection() {
  const { t } = useTranslation();
  const unifi = useStore((s) => s.unifi);
  const refresh = useCallback(() => void useStore.getState().loadUnifi(), []);
  useRefreshWhileVisible(refresh, REFRESH_MS);
  return (
    <Card
      title={t('zuhause.network.title')}
      className="span-6 zuhause-network"
      testId="card-network"
      actions={<RefreshButton onClick={refresh} />}
    >
      <ResourceView resource={unifi} onRetry={refresh}>
        {(data) => {
          if (data.state !== 'ready') {
            return (
              <NotSetUp
                testId="unifi-not-set-up"
                problem={problemText(data)}
                steps={[t('zuhause.network.step1'), t('zuhause.network.step2'), t('zuhause.network.step3')]}
              />
            );
          }
          const { internet, devices, clients } = data.unifi;
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
              <h3 className="zuhause-subhead">{t('zuhause.network.devices')}</h3>
              <ul className="item-list guests">
                {devices.map((d) => (
                  <DeviceRow key={d.id} device={d} />
                ))}
              </ul>
              <h3 className="zuhause-subhead">{t('zuhause.network.clients', { count: clients.length, wifi })}</h3>
              <ul className="item-list guests">
                {clients.map((c) => (
                  <ClientRow key={c.id} client={c} />
                ))}
              </ul>
            </>
          );
        }}
      </ResourceView>
    </Card>
  );
}
