import type { ComponentStatus } from '../../src-shared';
import { voiceRoutes } from './routes';
import type { Capability, Platform } from '../platform/capability';
import { VoiceSetupRunner } from './app-setup';
import type { SetupOptions } from './setup';
import { VoiceActivityDetector } from './vad';
import { VoiceService, type VoiceAssistant } from './service';

export interface VoiceCapability extends Capability {
  readonly service: VoiceService;
  /** "Set up voice" from the Settings screen. */
  readonly setup: VoiceSetupRunner;
}

const STATUS_TTL_MS = 5_000;

/** Push-to-talk to spoken answer: ffmpeg → whisper.cpp → assistant → Piper/espeak-ng. */
export interface VoiceDeps {
  /** Who answers what was said: the assistant's service. */
  readonly assistant: VoiceAssistant;
  /** Where "set up voice" downloads from and puts things (tests point it elsewhere). */
  readonly setup?: SetupOptions;
}

export function createVoice(ctx: Platform, { assistant, setup: setupOptions = {} }: VoiceDeps): VoiceCapability {
  const vad = new VoiceActivityDetector();
  const voice = new VoiceService({
    config: ctx.config,
    tracer: ctx.tracer,
    events: ctx.events,
    vad,
  });
  // /api/health reads every component's state, often several times a second; finding the
  // voice tools takes dozens of stat calls on PATH and the model folders, each a wait for
  // the disk on the event loop. Their state is kept a few seconds.
  let known: { at: number; status: ComponentStatus } | undefined;
  ctx.status.set('voice', () => {
    const now = Date.now();
    if (!known || now - known.at > STATUS_TTL_MS) known = { at: now, status: componentStatus(voice) };
    return known.status;
  });

  const setup = new VoiceSetupRunner(
    ctx.config,
    { ...setupOptions, log: (line) => ctx.log.info(`voice setup: ${line}`) },
    (state) => ctx.events.publish('voice.setup', state),
    // What was set up counts at once, in the health tiles too.
    () => (known = undefined),
  );

  return {
    name: 'voice',
    service: voice,
    setup,
    routes(app) {
      voiceRoutes(app, voice, assistant, { maxUploadBytes: ctx.config.voiceMaxUploadMb * 1024 * 1024 });
      app.post('/api/settings/voice/setup', async (_req, reply) => reply.code(202).send(setup.start()));
    },
    // After the first answer, not at start: finding the voice tools searches PATH and the
    // local tools (about 1 ms of the cold start), and the first /api/health reports voice
    // from its own look-up.
    afterFirstAnswer() {
      const s = voice.status();
      ctx.log.info(
        `voice: STT ${s.stt.state}${s.stt.errors.length ? ` (${s.stt.errors.join('; ')})` : ''}; TTS ${s.tts.engine}; hands-free ${s.hands_free.enabled ? `on, wake word "${s.hands_free.wake_word}"` : 'off'}`,
      );
      // Only where voice can actually be used are Silero and ffmpeg loaded ahead of the first turn.
      if (s.stt.state === 'LOCAL') void voice.warmUp();
    },
    async stop() {
      await setup.idle();
      voice.close();
    },
  };
}

export function componentStatus(voice: VoiceService): ComponentStatus {
  const s = voice.status();
  const tts = s.tts.engine === 'piper' ? 'TTS piper' : s.tts.engine === 'espeak-ng' ? 'TTS espeak-ng (Piper missing)' : 'TTS none';
  const hands = s.hands_free.enabled ? `; hands-free on ("${s.hands_free.wake_word}")` : '';
  if (s.stt.state !== 'LOCAL') {
    return {
      state: 'degraded',
      detail: `STT ${s.stt.state}: ${s.stt.errors[0] ?? 'not ready'}; ${tts}${hands}`,
      code: 'voice.sttNotReady',
      params: { missing: s.stt.state },
    };
  }
  const code = s.tts.engine === 'piper' ? 'voice.ready' : s.tts.engine === 'espeak-ng' ? 'voice.basicSpeech' : 'voice.noSpeechOutput';
  return { state: s.tts.engine === 'piper' ? 'ok' : 'degraded', detail: `STT LOCAL (${s.stt.language}); ${tts}${hands}`, code };
}
