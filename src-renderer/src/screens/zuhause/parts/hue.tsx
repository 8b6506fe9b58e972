import { HOME_CONTROL_TOOLS, type HueOverview, type HueRoom } from '../../../../../src-shared';
import { useTranslation } from '../../../i18n';
import { useStore } from '../../../store';
import { Brightness, Switch } from '../controls';
import type { IntegrationPart } from '../integration-part';

/** A room's switch: all its lights at once, through the room's grouped light. */
function RoomSwitch({ room, on }: { room: HueRoom; on: boolean }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(room.id));
  const act = useStore((s) => s.homeAction);
  return (
    <Switch
      on={on}
      label={t(on ? 'zuhause.devices.turnOff' : 'zuhause.devices.turnOn', { name: room.name })}
      disabled={busy}
      testId={`room-switch-${room.id}`}
      onToggle={() => void act(room.id, HOME_CONTROL_TOOLS.hueRoom, { room: room.id, on: !on })}
    />
  );
}

/** Under the room's name: its brightness while on, and its scenes. */
function RoomBody({ room, on, hue }: { room: HueRoom; on: boolean; hue: HueOverview }) {
  const { t } = useTranslation();
  const busy = useStore((s) => s.homeBusy.includes(room.id));
  const act = useStore((s) => s.homeAction);
  const scenes = hue.scenes.filter((s) => s.group === room.id);
  return (
    <>
      {room.grouped_light && on ? (
        <Brightness
          label={t('zuhause.devices.brightnessOf', { name: room.name })}
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
    </>
  );
}

/** Philips Hue: lights in the bridge's rooms and zones, each room with its switch and scenes. */
export const huePart: IntegrationPart<'hue'> = {
  steps: (t) => [t('zuhause.hue.step1'), t('zuhause.hue.step2'), t('zuhause.hue.step3')],
  controls: { light: (id, change) => ({ tool: HOME_CONTROL_TOOLS.hueLight, args: { light: id, ...change } }) },
  groups: ({ hue }) =>
    hue.rooms.map((room) => {
      const lights = hue.lights.filter((l) => room.lights.includes(l.id));
      const on = lights.length > 0 ? lights.some((l) => l.on) : room.on;
      return {
        key: room.id,
        name: room.name,
        on,
        ids: room.lights,
        ...(room.grouped_light ? { head: <RoomSwitch room={room} on={on} /> } : {}),
        body: <RoomBody room={room} on={on} hue={hue} />,
      };
    }),
  empty: (t) => t('zuhause.hue.noRooms'),
  liveHints: (t) => ({ live: t('zuhause.hue.liveHint'), notLive: t('zuhause.hue.notLiveHint') }),
};
