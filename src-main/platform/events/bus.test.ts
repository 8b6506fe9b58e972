import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../src-shared';
import { EventBus } from './bus';

describe('event bus', () => {
  it('stamps each event with the clock and hands it to every subscriber until it leaves', () => {
    const bus = new EventBus(() => new Date('2026-12-02T08:00:00Z'));
    const seen: ServerEvent[] = [];
    const leave = bus.subscribe((e) => seen.push(e));
    bus.publish('state.changed', { domains: ['tasks'] });
    bus.publish('devices.changed');
    leave();
    bus.publish('protocol.changed', { events: 3 });
    expect(seen).toEqual([
      { type: 'state.changed', at: '2026-12-02T08:00:00.000Z', data: { domains: ['tasks'] } },
      { type: 'devices.changed', at: '2026-12-02T08:00:00.000Z' },
    ]);
  });

  it('takes only the names and payloads of the event map (checked by the type check)', () => {
    const bus = new EventBus();
    const publishWrong = () => {
      // @ts-expect-error an event that is not in ServerEventData
      bus.publish('state.changd', { domains: [] });
      // @ts-expect-error a payload of the wrong shape
      bus.publish('protocol.changed', { events: 'three' });
      // @ts-expect-error an event whose payload is required
      bus.publish('state.changed');
    };
    expect(publishWrong).not.toThrow();
  });
});
