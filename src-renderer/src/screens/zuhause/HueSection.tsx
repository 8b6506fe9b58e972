import { useState } from 'react';
import { HOME_CONTROL_TOOLS, type HueLight, type HueOverview, type HueRoom } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { NoLiveSince } from './NoLiveSince';
import { NotSetUp } from './NotSetUp';
import { problemText } from './problem-text';

function Brightness({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  disabled: boolean;
  onCommit: (v: number) => void;
}) {
  const [draft, setDraft] = useState<number | undefined>(undefined);
  const shown = draft ?? value ?? 0;
  const commit = () => {
    if (draft !== undefined && draft !== value) onCommit(draft);
    setDraft(undefined);
  };
  return (
    <label className="brightness">
      <span className="sr-only">{label}</span>
      <input
        type="range"
        min={1}
        max={100}
        value={shown}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => setDraft(Number(e.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
      />
      <span className="brightness-value">{shown} %</span>
    </label>
  );
}

function Switch({
  on,
  label,
  disabled,
  onToggle,
  testId,
}: {
  on: boolean;
  label: string;
  disabled: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`light-switch ${on ? 'is-on' : ''}`}
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      data-testid={testId}
    >
      <span className="light-switch-knob" aria-hidden="true" />
    </button>
  );
}

function LightRow({ light }: { light: HueLight }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(light.id));
  const act = useStore((s) => s.homeAction);
  return (
    <li className={`light ${light.on ? 'is-on' : ''}`}>
      <span className="light-name">{light.name}</span>
      {light.dimmable && light.on ? (
        <Brightness
          label={t('zuhause.hue.brightnessOf', { name: light.name })}
          value={light.brightness}
          disabled={busy}
          onCommit={(brightness) => void act(light.id, HOME_CONTROL_TOOLS.hueLight, { light: light.id, brightness })}
        />
      ) : null}
      <Switch
        on={light.on}
        label={t(light.on ? 'zuhause.hue.turnOff' : 'zuhause.hue.turnOn', { name: light.name })}
        disabled={busy}
        testId={`light-${light.id}`}
        onToggle={() => void act(light.id, HOME_CONTROL_TOOLS.hueLight, { light: light.id, on: !light.on })}
      />
    </li>
  );
}

function RoomCard({ room, hue }: { room: HueRoom; hue: HueOverview }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(room.id));
  const act = useStore((s) => s.homeAction);
  const lights = room.lights.map((id) => hue.lights.find((l) => l.id === id)).filter((l): l is HueLight => l !== undefined);
  const scenes = hue.scenes.filter((s) => s.group === room.id);
  const on = lights.length > 0 ? lights.some((l) => l.on) : room.on;
  return (
    <li className={`room ${on ? 'is-on' : ''}`} data-testid={`room-${room.name}`}>
      <div className="room-head">
        <h3>{room.name}</h3>
        {room.grouped_light ? (
          <Switch
            on={on}
            label={t(on ? 'zuhause.hue.turnOff' : 'zuhause.hue.turnOn', { name: room.name })}
            disabled={busy}
            testId={`room-switch-${room.id}`}
            onToggle={() => void act(room.id, HOME_CONTROL_TOOLS.hueRoom, { room: room.id, on: !on })}
          />
        ) : null}
      </div>
      {room.grouped_light && on ? (
        <Brightness
          label={t('zuhause.hue.brightnessOf', { name: room.name })}
          value={room.brightness}
          disabled={busy}
          onCommit={(brightness) => void act(room.id, HOME_CONTROL_TOOLS.hueRoom, { room: room.id, brightness })}
        />
      ) : null}
      {scenes.length > 0 ? (
        <div className="scenes" role="group" aria-label={t('zuhause.hue.scenes')}>
          {scenes.map((s) => (
            <button
              key={s.id}
              type="button"
              className={`chip scene ${s.active !== 'inactive' ? 'is-active' : ''}`}
              disabled={busy}
              onClick={() => void act(room.id, HOME_CONTROL_TOOLS.hueScene, { scene: s.id })}
            >
              {s.name}
            </button>
          ))}
        </div>
      ) : null}
      {lights.length > 0 ? (
        <ul className="lights">
          {lights.map((l) => (
            <LightRow key={l.id} light={l} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function HueSection() {
  const { t } = useTranslation();
  const hue = useStore((s) => s.hue);
  const live = hue.data?.live ?? false;
  return (
    <Card
      title={t('zuhause.hue.title')}
      className="span-12 zuhause-hue"
      testId="card-hue"
      actions={
        hue.data?.state === 'ready' ? (
          <span className={`chip ${live ? 'chip-ok' : ''}`} title={live ? t('zuhause.hue.liveHint') : t('zuhause.hue.notLiveHint')}>
            {live ? t('zuhause.live') : t('zuhause.notLive')}
          </span>
        ) : null
      }
    >
      <NoLiveSince live={live} since={hue.data?.state === 'ready' ? hue.data.last_live_update : undefined} testId="hue-no-live-since" />
      <ResourceView resource={hue} onRetry={() => void useStore.getState().loadHue()}>
        {(data) =>
          data.state !== 'ready' ? (
            <NotSetUp
              testId="hue-not-set-up"
              problem={problemText(data)}
              steps={[t('zuhause.hue.step1'), t('zuhause.hue.step2'), t('zuhause.hue.step3')]}
            />
          ) : data.hue.rooms.length === 0 ? (
            <p className="muted">{t('zuhause.hue.noRooms')}</p>
          ) : (
            <ul className="rooms">
              {data.hue.rooms.map((r) => (
                <RoomCard key={r.id} room={r} hue={data.hue} />
              ))}
            </ul>
          )
        }
      </ResourceView>
    </Card>
  );
}
