import type { ComponentType } from 'react';
import type {
  CameraView,
  HomeDeviceKind,
  HomeDeviceViews,
  HomeIntegrationId,
  LightView,
  MachineView,
  NetworkClientView,
  SwitchView,
} from '../../../../src-shared';
import { useTranslation } from '../../i18n';
import type { ReadyOverviewOf } from '../../store/home-overviews';
import { useStore } from '../../store';
import { Brightness, Switch } from './controls';
import type { AnyIntegrationPart, DeviceCall, RowPart } from './integration-part';

// One generic list per device kind: every integration's lights look and switch alike, and so
// do its machines, cameras and network clients. An integration's part only adds its words
// and its own buttons to a row.

export interface DeviceListProps<V> {
  readonly devices: readonly V[];
  readonly part: AnyIntegrationPart;
  /** The overview the devices came from, for the part's groups. */
  readonly data: ReadyOverviewOf<HomeIntegrationId>;
}

function useCall() {
  const act = useStore((s) => s.homeAction);
  return (busyKey: string, call: DeviceCall | undefined) => {
    if (call) void act(busyKey, call.tool, call.args);
  };
}

function LightRow({ light, part }: { light: LightView; part: AnyIntegrationPart }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(light.id));
  const call = useCall();
  const set = part.controls?.light;
  return (
    <li className={`light ${light.on ? 'is-on' : ''}`}>
      <span className="light-name">{light.name}</span>
      {light.dimmable && light.on && set ? (
        <Brightness
          label={t('zuhause.devices.brightnessOf', { name: light.name })}
          value={light.brightness}
          disabled={busy}
          onCommit={(brightness) => call(light.id, set(light.id, { brightness }))}
        />
      ) : null}
      <Switch
        on={light.on}
        label={t(light.on ? 'zuhause.devices.turnOff' : 'zuhause.devices.turnOn', { name: light.name })}
        disabled={busy || !set}
        testId={`light-${light.id}`}
        onToggle={() => call(light.id, set?.(light.id, { on: !light.on }))}
      />
    </li>
  );
}

function LightList({ devices, part, data }: DeviceListProps<LightView>) {
  const lights = (ids: readonly string[]) => ids.map((id) => devices.find((l) => l.id === id)).filter((l): l is LightView => !!l);
  const groups = part.groups?.(data);
  if (!groups)
    return (
      <ul className="lights">
        {devices.map((l) => (
          <LightRow key={l.id} light={l} part={part} />
        ))}
      </ul>
    );
  return (
    <ul className="rooms">
      {groups.map((g) => (
        <li key={g.key} className={`room ${g.on ? 'is-on' : ''}`} data-testid={`room-${g.name}`}>
          <div className="room-head">
            <h3>{g.name}</h3>
            {g.head}
          </div>
          {g.body}
          {g.ids.length > 0 ? (
            <ul className="lights">
              {lights(g.ids).map((l) => (
                <LightRow key={l.id} light={l} part={part} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function SwitchList({ devices, part }: DeviceListProps<SwitchView>) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy);
  const call = useCall();
  const set = part.controls?.switch;
  return (
    <ul className="lights">
      {devices.map((d) => (
        <li key={d.id} className={`light ${d.on ? 'is-on' : ''}`} data-testid={`switch-${d.id}`}>
          <span className="light-name">{d.name}</span>
          <Switch
            on={d.on}
            label={t(d.on ? 'zuhause.devices.turnOff' : 'zuhause.devices.turnOn', { name: d.name })}
            disabled={busy.includes(d.id) || !set}
            testId={`switch-${d.id}-toggle`}
            onToggle={() => call(d.id, set?.(d.id, !d.on))}
          />
        </li>
      ))}
    </ul>
  );
}

/** A row of a machine or a network client: whether it is there, its name, its state, its buttons. */
function StateRow<V extends { readonly name: string }>({
  device,
  testId,
  online,
  state,
  row,
}: {
  device: V;
  testId: string;
  online: boolean | null;
  state: string;
  row: RowPart<V> | undefined;
}) {
  const { t } = useTranslation();
  const Actions = row?.Actions;
  return (
    <li className="guest" data-testid={testId}>
      <span className={`dot ${online ? 'dot-ok' : online === false ? 'dot-off' : ''}`} aria-hidden="true" />
      <span className="guest-name">{device.name}</span>
      {row?.kind ? <span className="muted guest-kind">{row.kind(device, t)}</span> : null}
      <span className="muted guest-state">{row?.state ? row.state(device, t) : state}</span>
      {Actions ? (
        <span className="guest-actions">
          <Actions device={device} />
        </span>
      ) : null}
    </li>
  );
}

function MachineList({ devices, part }: DeviceListProps<MachineView>) {
  const { t } = useTranslation();
  const said = (m: MachineView) =>
    m.online === true ? t('zuhause.machines.on') : m.online === false ? t('zuhause.machines.off') : t('zuhause.machines.unknown');
  return (
    <ul className="item-list guests">
      {devices.map((m) => (
        <StateRow key={m.name} device={m} testId={`machine-${m.name}`} online={m.online} state={said(m)} row={part.rows?.machine} />
      ))}
    </ul>
  );
}

function NetworkClientList({ devices, part }: DeviceListProps<NetworkClientView>) {
  const { t } = useTranslation();
  return (
    <ul className="item-list guests">
      {devices.map((c) => (
        <StateRow
          key={c.id}
          device={c}
          testId={`client-${c.id}`}
          online={c.online}
          state={c.online ? t('zuhause.devices.online') : t('zuhause.devices.offline')}
          row={part.rows?.network_client}
        />
      ))}
    </ul>
  );
}

function CameraList({ devices, part }: DeviceListProps<CameraView>) {
  const { t } = useTranslation();
  const row = part.rows?.camera;
  const { Picture, Facts } = row ?? {};
  return (
    <ul className="camera-tiles">
      {devices.map((c) => (
        <li key={c.id} className="camera-tile" data-testid={`camera-${c.id}`}>
          {!c.connected ? <div className="camera-offline">{t('zuhause.cameras.offline')}</div> : Picture ? <Picture device={c} /> : null}
          <span className="camera-name">{row?.name ? row.name(c, t) : c.name}</span>
          <ul className="camera-facts muted" data-testid={`camera-${c.id}-facts`}>
            <li>
              <span className={`dot ${c.connected ? 'dot-ok' : 'dot-off'}`} aria-hidden="true" />
              {c.connected ? t('zuhause.devices.online') : t('zuhause.devices.offline')}
            </li>
            {Facts ? <Facts device={c} /> : null}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The list of each kind, and how wide its section is on the screen's grid. */
export const DEVICE_LISTS: {
  readonly [K in HomeDeviceKind]: { readonly span: string; readonly List: ComponentType<DeviceListProps<HomeDeviceViews[K]>> };
} = {
  light: { span: 'span-12', List: LightList },
  switch: { span: 'span-6', List: SwitchList },
  machine: { span: 'span-6', List: MachineList },
  network_client: { span: 'span-6', List: NetworkClientList },
  camera: { span: 'span-12', List: CameraList },
};
