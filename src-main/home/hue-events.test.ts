import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceChangeSchema } from '../../src-shared';
import { HUE_IDS, startHueBridge, type HueBridgeStandIn } from '../testing/hue-bridge';
import { ManualClock } from '../testing/manual-clock';
import { selfSignedCert } from '../testing/self-signed-cert';
import { changesFromEventData, HueEventFollower, lightChangesOf, sseDataReader, type HueLiveChange } from './hue-events';

// The bridge's event stream as Philips documents it (CLIP API v2, "Event stream"): SSE
// events whose data is a JSON array of {type: "update", data: [resource fragments]}.

describe('reading the Hue event stream', () => {
  it('turns update events into changes and skips what the screen does not show', () => {
    const data = JSON.stringify([
      {
        creationtime: '2026-08-29T08:20:00Z',
        id: 'e1',
        type: 'update',
        data: [
          { id: 'l1', id_v1: '/lights/1', on: { on: true }, owner: { rid: 'd1', rtype: 'device' }, type: 'light' },
          { id: 'l2', dimming: { brightness: 42.7 }, color_temperature: { mirek: 300, mirek_valid: true }, type: 'light' },
          { id: 'g1', on: { on: false }, type: 'grouped_light' },
          { id: 'b1', button: { last_event: 'short_release' }, type: 'button' },
          { id: 'l3', owner: { rid: 'd3', rtype: 'device' }, type: 'light' },
        ],
      },
      { id: 'e2', type: 'add', data: [{ id: 'l9', on: { on: true }, type: 'light' }] },
    ]);
    expect(changesFromEventData(data)).toEqual([
      { id: 'l1', type: 'light', on: true },
      { id: 'l2', type: 'light', brightness: 43, mirek: 300 },
      { id: 'g1', type: 'grouped_light', on: false },
    ]);
    expect(changesFromEventData('not json')).toEqual([]);
    expect(changesFromEventData('{"type":"update"}')).toEqual([]);
  });

  it('passes lights and rooms on as light changes, and a scene that changed as "read again"', () => {
    const changes: HueLiveChange[] = [
      { id: 'l2', type: 'light', brightness: 43, mirek: 300 },
      { id: 'g1', type: 'grouped_light', on: false },
      { id: 'l3', type: 'light', mirek: 250 },
    ];
    expect(lightChangesOf(changes)).toEqual({
      changes: [
        { kind: 'light', id: 'l2', fields: { brightness: 43 } },
        { kind: 'light', id: 'g1', fields: { on: false } },
      ],
      reread: false,
    });
    expect(lightChangesOf([{ id: 's1', type: 'scene', active: 'static' }])).toEqual({ changes: [], reread: true });
    // What the screen patches in is the shared light change, as its schema describes it.
    const valid = new Ajv({ strict: true }).compile(deviceChangeSchema('light'));
    for (const change of lightChangesOf(changes).changes) expect(valid(change), JSON.stringify(valid.errors)).toBe(true);
  });

  it('splits a byte stream into events whatever the chunking', () => {
    const seen: string[] = [];
    const read = sseDataReader((d) => seen.push(d));
    for (const chunk of [': hi\n\nid: 1:0\nda', 'ta: [1]\n\r\n', 'data: [2]\ndata: [3]\n\n']) read(chunk);
    expect(seen).toEqual(['[1]', '[2]\n[3]']);
  });
});

describe('the long-lived follower', () => {
  let bridge: HueBridgeStandIn;
  beforeAll(async () => {
    bridge = await startHueBridge();
  });
  afterAll(() => bridge.close());

  function follow(fingerprint: string, key = bridge.key) {
    const changes: HueLiveChange[] = [];
    const problems: string[] = [];
    let resolveLive: () => void = () => undefined;
    const live = new Promise<void>((r) => (resolveLive = r));
    let resolveProblem: () => void = () => undefined;
    const problem = new Promise<void>((r) => (resolveProblem = r));
    let resolveChange: () => void = () => undefined;
    const changed = new Promise<void>((r) => (resolveChange = r));
    const follower = new HueEventFollower({
      url: bridge.url,
      key,
      fingerprint,
      retryMs: 50,
      maxRetryMs: 200,
      onChanges: (c) => {
        changes.push(...c);
        resolveChange();
      },
      onLive: (isLive, why) => {
        if (isLive) resolveLive();
        if (why) {
          problems.push(why);
          resolveProblem();
        }
      },
    });
    follower.start();
    return { follower, changes, problems, live, problem, changed };
  }

  it('passes on a switch pressed on the wall', async () => {
    const f = follow(bridge.fingerprint);
    try {
      await f.live;
      bridge.pressWallSwitch(HUE_IDS.sofa, true);
      await f.changed;
      expect(f.changes).toContainEqual({ id: HUE_IDS.sofa, type: 'light', on: true });
      expect(f.follower.live).toBe(true);
    } finally {
      f.follower.stop();
    }
  });

  it('is no longer live when the bridge drops the stream, and says why', async () => {
    const f = follow(bridge.fingerprint);
    try {
      await f.live;
      await bridge.close();
      await f.problem;
      expect(f.follower.live).toBe(false);
    } finally {
      f.follower.stop();
      bridge = await startHueBridge();
    }
  });

  it('never opens a stream to a bridge with another certificate, nor with a wrong key', async () => {
    const f = follow(selfSignedCert('impostor').fingerprint);
    try {
      await f.problem;
      expect(f.problems[0]).toMatch(/not the pinned one/);
      expect(bridge.requests).toEqual([]);
    } finally {
      f.follower.stop();
    }
    const g = follow(bridge.fingerprint, 'wrong-key');
    try {
      await g.problem;
      expect(g.problems[0]).toMatch(/refused the application key/);
      expect(bridge.streams()).toBe(0);
    } finally {
      g.follower.stop();
    }
  });
});

describe('the idle watchdog', () => {
  let bridge: HueBridgeStandIn;
  beforeAll(async () => {
    bridge = await startHueBridge();
  });
  afterAll(() => bridge.close());

  const opened = () => bridge.requests.filter((r) => r.path === '/eventstream/clip/v2').length;

  /** Resolves at the follower's next change of `live` to the given value. */
  function follower(clock: ManualClock) {
    const waiters: Array<{ live: boolean; resolve: () => void }> = [];
    const problems: string[] = [];
    const f = new HueEventFollower({
      url: bridge.url,
      key: bridge.key,
      fingerprint: bridge.fingerprint,
      retryMs: 50,
      idleMs: 45_000,
      clock,
      onChanges: () => undefined,
      onLive: (live, why) => {
        if (why) problems.push(why);
        for (const w of waiters.splice(0))
          if (w.live === live) w.resolve();
          else waiters.push(w);
      },
    });
    const becomes = (live: boolean) => new Promise<void>((resolve) => waiters.push({ live, resolve }));
    return { f, becomes, problems };
  }

  it('notices a stream that went silent without closing and opens it again, within a minute', async () => {
    const clock = new ManualClock();
    const { f, becomes, problems } = follower(clock);
    const before = opened();
    try {
      const live = becomes(true);
      f.start();
      await live;
      expect(opened()).toBe(before + 1);
      // The stand-in bridge keeps the stream open and says nothing more: a silently dead stream.
      clock.advance(44_000);
      expect(f.live).toBe(true);
      const down = becomes(false);
      clock.advance(2_000);
      await down;
      expect(problems).toContain('no sign of life for 45 s');
      expect(f.state()).toMatchObject({ live: false, lastHeard: new Date(clock.now() - 46_000).toISOString() });
      const back = becomes(true);
      clock.advance(50);
      await back;
      expect(opened()).toBe(before + 2);
    } finally {
      f.stop();
    }
  });

  it('leaves a stream that keeps talking alone', async () => {
    const clock = new ManualClock();
    const { f, becomes } = follower(clock);
    const before = opened();
    try {
      const live = becomes(true);
      f.start();
      await live;
      for (let i = 0; i < 4; i++) {
        clock.advance(30_000);
        const heard = f.state().lastHeard;
        bridge.pressWallSwitch(HUE_IDS.sofa, i % 2 === 0);
        // Wait for the follower to hear the event (its lastHeard moves to the clock's now).
        while (f.state().lastHeard === heard) await new Promise((r) => setImmediate(r));
      }
      expect(f.live).toBe(true);
      expect(opened()).toBe(before + 1);
    } finally {
      f.stop();
    }
  });
});
