import type { VoiceSetupItem, VoiceSetupItemName, VoiceSetupState } from '../../src-shared';
import { setupVoice, type SetupOptions, type SetupStep } from './setup';
import type { VoiceConfig } from './voice-tools';

// "Set up voice" in the Settings screen: the same setup as `npm run voice:setup`, one run at
// a time, its outcome told per part in words the screen can say (no paths, no program errors).

const ITEMS: readonly VoiceSetupItemName[] = ['whisper model', 'piper', 'piper voice', 'whisper-cli', 'ffmpeg'];

/** What one step of the setup came to. */
export function itemOf(step: SetupStep): VoiceSetupItem | undefined {
  const item = ITEMS.find((i) => i === step.item);
  if (!item) return undefined;
  if (step.ok) return { item, result: /^present/.test(step.detail) ? 'present' : 'installed' };
  return { item, result: /cannot reach|no answer within|answered HTTP|cut short/.test(step.detail) ? 'offline' : 'missing' };
}

export class VoiceSetupRunner {
  private state: VoiceSetupState = { state: 'done', items: [] };
  private running: Promise<void> | undefined;

  constructor(
    private readonly config: VoiceConfig,
    private readonly options: SetupOptions,
    private readonly publish: (state: VoiceSetupState) => void,
    private readonly onDone: () => void,
  ) {}

  /** Starts the setup unless it runs already; answers what runs now. */
  start(): VoiceSetupState {
    if (!this.running) {
      this.state = { state: 'running', items: [] };
      this.publish(this.state);
      this.running = setupVoice(this.config, this.options)
        .then(
          (steps) => steps.flatMap((s) => itemOf(s) ?? []),
          () => ITEMS.map((item): VoiceSetupItem => ({ item, result: 'missing' })),
        )
        .then((items) => {
          this.state = { state: 'done', items };
          this.onDone();
          this.publish(this.state);
        })
        .finally(() => {
          this.running = undefined;
        });
    }
    return this.state;
  }

  /** Resolves when no setup runs (stop, tests). */
  async idle(): Promise<void> {
    await this.running;
  }
}
