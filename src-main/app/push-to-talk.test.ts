import { describe, expect, it } from 'vitest';
import { PushToTalk, type Timers } from './push-to-talk';

/** Timers driven by the test's own clock: nothing sleeps. */
function fakeTime() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout(fn, ms) {
      const id = next++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      now = due[1].at;
      pending.delete(due[0]);
      due[1].fn();
    }
    now = until;
  };
  return { timers, now: () => now, advance };
}

function setup() {
  const time = fakeTime();
  const log: string[] = [];
  const ptt = new PushToTalk({
    now: time.now,
    timers: time.timers,
    onStart: (t) => log.push(`start:${t}`),
    onStop: (r) => log.push(`stop:${r}`),
    releaseGapMs: 500,
    maxRecordingMs: 60_000,
  });
  return { ...time, log, ptt };
}

describe('push-to-talk shortcut', () => {
  it('holding the shortcut records until the key repeats stop (release)', () => {
    const { ptt, log, advance } = setup();
    ptt.shortcutPressed();
    for (let i = 0; i < 20; i++) {
      advance(40);
      ptt.shortcutPressed(); // OS key repeat while held
    }
    expect(log).toEqual(['start:shortcut']);
    expect(ptt.recording).toBe(true);
    advance(499);
    expect(ptt.recording).toBe(true);
    advance(2);
    expect(log).toEqual(['start:shortcut', 'stop:released']);
    expect(ptt.recording).toBe(false);
  });

  it('a single press without repeats is a toggle: the second press stops', () => {
    const { ptt, log, advance } = setup();
    ptt.shortcutPressed();
    advance(3000);
    expect(ptt.recording).toBe(true);
    ptt.shortcutPressed();
    expect(log).toEqual(['start:shortcut', 'stop:second-press']);
    advance(5000);
    expect(log).toHaveLength(2);
  });

  it('a quick double tap starts and stops (the second press is not taken for a repeat once the first was a tap)', () => {
    const { ptt, log, advance } = setup();
    ptt.shortcutPressed();
    advance(600);
    ptt.shortcutPressed();
    expect(log).toEqual(['start:shortcut', 'stop:second-press']);
  });

  it('a recording never outlasts the time limit', () => {
    const { ptt, log, advance } = setup();
    ptt.shortcutPressed();
    advance(60_000);
    expect(log).toEqual(['start:shortcut', 'stop:time-limit']);
  });

  it('a held shortcut that keeps repeating still stops at the time limit', () => {
    const { ptt, log, advance } = setup();
    ptt.shortcutPressed();
    for (let t = 0; t < 61_000; t += 50) {
      advance(50);
      if (ptt.recording) ptt.shortcutPressed();
    }
    expect(log[1]).toBe('stop:time-limit');
  });

  it('the tray and the window toggle through the same path; cancel stops', () => {
    const { ptt, log } = setup();
    expect(ptt.toggle('tray')).toBe(true);
    expect(ptt.toggle('window')).toBe(false);
    ptt.toggle('command-line');
    ptt.cancel();
    ptt.cancel();
    expect(log).toEqual(['start:tray', 'stop:second-press', 'start:command-line', 'stop:cancelled']);
  });

  it('the shortcut stops a recording the tray started', () => {
    const { ptt, log, advance } = setup();
    ptt.toggle('tray');
    advance(100);
    ptt.shortcutPressed();
    expect(log).toEqual(['start:tray', 'stop:second-press']);
  });
});
