import type { PttStopReason, PttTrigger } from '../../src-shared';

// Electron's globalShortcut reports key presses only, never the release. Two facts make
// "hold to talk" work anyway:
// - where the OS repeats a held shortcut (X11, Windows), the presses keep coming while
//   the keys are down; when no repeat arrives for `releaseGapMs`, the keys were let go;
// - where a press arrives once (macOS, a single tap anywhere), recording goes on until
//   the next press (toggle), or until `maxRecordingMs`.
// So: hold -> talk -> let go stops; or tap -> talk -> tap stops. Both are documented in
// the README's push-to-talk section.

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PushToTalkOptions {
  readonly now: () => number;
  readonly timers: Timers;
  readonly onStart: (trigger: PttTrigger) => void;
  readonly onStop: (reason: PttStopReason) => void;
  /** Key repeats come every ~30–50 ms; a gap longer than this means the keys are up. */
  readonly releaseGapMs?: number;
  /** A recording never runs longer than this. */
  readonly maxRecordingMs?: number;
}

type Mode = 'idle' | 'pressed' | 'held' | 'toggle';

export class PushToTalk {
  private mode: Mode = 'idle';
  private lastPress = 0;
  private releaseTimer: unknown;
  private limitTimer: unknown;
  private readonly releaseGapMs: number;
  private readonly maxRecordingMs: number;

  constructor(private readonly options: PushToTalkOptions) {
    this.releaseGapMs = options.releaseGapMs ?? 500;
    this.maxRecordingMs = options.maxRecordingMs ?? 60_000;
  }

  get recording(): boolean {
    return this.mode !== 'idle';
  }

  /** The global shortcut fired (a first press or an OS key repeat). */
  shortcutPressed(): void {
    const now = this.options.now();
    if (this.mode === 'idle') {
      this.begin('shortcut', 'pressed', now);
      return;
    }
    if (this.mode === 'pressed' || this.mode === 'held') {
      if (now - this.lastPress <= this.releaseGapMs) {
        // A key repeat: the shortcut is being held.
        this.mode = 'held';
        this.lastPress = now;
        this.armReleaseTimer();
        return;
      }
    }
    this.finish('second-press');
  }

  /** Tray menu, the window's button or `--push-to-talk` on the command line: a toggle. */
  toggle(trigger: Exclude<PttTrigger, 'shortcut'>): boolean {
    if (this.mode === 'idle') {
      this.begin(trigger, 'toggle', this.options.now());
      return true;
    }
    this.finish('second-press');
    return false;
  }

  cancel(): void {
    if (this.mode !== 'idle') this.finish('cancelled');
  }

  private begin(trigger: PttTrigger, mode: Mode, now: number): void {
    this.mode = mode;
    this.lastPress = now;
    this.options.onStart(trigger);
    this.limitTimer = this.options.timers.setTimeout(() => this.finish('time-limit'), this.maxRecordingMs);
    if (mode === 'pressed') this.armReleaseTimer();
  }

  private armReleaseTimer(): void {
    this.options.timers.clearTimeout(this.releaseTimer);
    this.releaseTimer = this.options.timers.setTimeout(() => {
      this.releaseTimer = undefined;
      if (this.mode === 'held') this.finish('released');
      // A single press without repeats: the platform gives no hold, so it is a toggle.
      else if (this.mode === 'pressed') this.mode = 'toggle';
    }, this.releaseGapMs);
  }

  private finish(reason: PttStopReason): void {
    this.options.timers.clearTimeout(this.releaseTimer);
    this.options.timers.clearTimeout(this.limitTimer);
    this.releaseTimer = undefined;
    this.limitTimer = undefined;
    this.mode = 'idle';
    this.options.onStop(reason);
  }
}
