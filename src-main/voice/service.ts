import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutedToolCall, TranscribeResponse, VoiceCommandResponse, VoiceStatus, VoiceTimings } from '../../src-shared';
import type { Config } from '../platform/config';
import type { EventBus } from '../platform/events';
import { newTraceId, type Tracer } from '../platform/trace';
import { VoiceError } from './errors';
import { FfmpegDecoder, STT_SAMPLE_RATE } from './ffmpeg-convert';
import { synthesize } from './speech-synthesis';
import { loudness, type SpeechSegment } from './speech-energy';
import type { VoiceActivityDetector } from './vad';
import { resolveVoiceTools, type VoiceTools } from './voice-tools';
import { matchWakeWord } from './wake-word';
import { encodeWav, s16ToFloat } from './wav';
import { runWhisper } from './whisper-cli';

/** What voice uses of the assistant: one chat turn per spoken command. */
export interface VoiceAssistant {
  chat(input: {
    message: string;
    module?: string;
    traceId?: string;
    member?: string;
  }): Promise<{ reply: string; tool_calls?: readonly ExecutedToolCall[] }>;
}

export type VoiceServiceConfig = Pick<
  Config,
  | 'ffmpegBin'
  | 'whisperBin'
  | 'whisperModel'
  | 'whisperLanguage'
  | 'piperBin'
  | 'piperVoice'
  | 'toolsDir'
  | 'language'
  | 'handsFree'
  | 'wakeWord'
>;

export interface VoiceServiceDeps {
  readonly config: VoiceServiceConfig;
  readonly tracer: Tracer;
  readonly vad: VoiceActivityDetector;
  readonly events?: EventBus;
  readonly pathEnv?: string;
  /** Keeps an ffmpeg started ahead of the next turn; one per service unless shared. */
  readonly decoder?: FfmpegDecoder;
}

/** The audio exactly as it reaches whisper.cpp, with what was learned on the way. */
export interface PreparedAudio {
  /** 16 kHz mono s16 WAV, trimmed to the speech (plus a margin) and padded to ≥ 1 s. */
  readonly wav: Buffer;
  /** Length of the decoded recording before trimming. */
  readonly durationMs: number;
  readonly speech: readonly SpeechSegment[];
  readonly convertMs: number;
}

export interface TranscribeOptions {
  readonly traceId?: string;
}

export interface CommandOptions {
  readonly module?: string;
  readonly captureMs?: number;
  /** A segment from continuous listening: only a transcript with the wake word is a command. */
  readonly handsFree?: boolean;
  /** The household member speaking (the paired device's); absent = the desktop member. */
  readonly member?: string;
}

/** Shorter than this is a click on the button, not a sentence. */
export const MIN_AUDIO_MS = 400;
/** Longer recordings are refused before whisper spends minutes on them. */
export const MAX_AUDIO_MS = 5 * 60_000;
/** Quieter than this at its loudest sample, a recording holds no voice (mic muted, wrong device). */
export const SILENT_PEAK_DB = -50;
/** Speech is cut out with this much context on both sides (whisper loses first syllables otherwise). */
const TRIM_MARGIN_MS = 250;
/** whisper.cpp refuses input under 1 s ("input is too short"); shorter speech is padded with silence. */
const WHISPER_MIN_MS = 1_100;
const WHISPER_TIMEOUT_MS = 120_000;
const TTS_TIMEOUT_MS = 30_000;
/** Quiet time of the voice routes before the next turn's ffmpeg is started. */
const IDLE_BEFORE_PREPARE_MS = 250;

const samplesFor = (ms: number) => Math.round((ms * STT_SAMPLE_RATE) / 1000);

export class VoiceService {
  private lastTurn: VoiceTimings | undefined;
  private readonly threads = Math.max(1, Math.min(4, availableParallelism()));
  private readonly decoder: FfmpegDecoder;
  private closed = false;
  /** Voice requests running now; the next turn's ffmpeg starts when this falls to 0. */
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: VoiceServiceDeps) {
    this.decoder = deps.decoder ?? new FfmpegDecoder();
  }

  /**
   * Loads what every turn needs before the first one: the Silero session and an ffmpeg
   * waiting for the recording. Only worth it where voice can run at all.
   */
  async warmUp(tools: VoiceTools = this.tools()): Promise<void> {
    if (tools.ffmpeg) this.decoder.prepare(tools.ffmpeg);
    await this.deps.vad.warmUp();
  }

  /** Ends the ffmpeg that waits for the next turn. */
  close(): void {
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.decoder.close();
  }

  tools(): VoiceTools {
    return resolveVoiceTools(this.deps.config, this.deps.pathEnv ?? process.env.PATH ?? '');
  }

  status(): VoiceStatus {
    const t = this.tools();
    const { config } = this.deps;
    return {
      stt: {
        state: t.sttState,
        ...(t.whisperBin ? { bin: t.whisperBin } : {}),
        ...(t.whisperModel ? { model: t.whisperModel } : {}),
        ...(t.ffmpeg ? { ffmpeg: t.ffmpeg } : {}),
        language: t.language,
        errors: t.sttErrors,
      },
      tts: {
        engine: t.ttsEngine,
        ...(t.ttsEngine === 'piper' ? { bin: t.piperBin, voice: t.piperVoice } : t.ttsEngine === 'espeak-ng' ? { bin: t.espeak } : {}),
        errors: t.ttsErrors,
      },
      vad: this.deps.vad.describe(),
      ...(this.lastTurn ? { last_turn: this.lastTurn } : {}),
      hands_free: { enabled: config.handsFree, wake_word: config.wakeWord },
    };
  }

  /**
   * ffmpeg → 16 kHz mono s16 → loudness and voice activity → trimmed WAV. Refuses audio
   * that is too short, silent or holds no speech, each with its own code.
   */
  async prepareAudio(input: Buffer, tools: VoiceTools = this.tools(), traceId?: string): Promise<PreparedAudio> {
    if (input.length === 0) throw new VoiceError('AUDIO_INVALID', 'The upload holds no audio (0 bytes).', 'invalid');
    if (!tools.ffmpeg)
      throw new VoiceError('FFMPEG_MISSING', tools.sttErrors.find((e) => e.includes('ffmpeg')) ?? 'ffmpeg is missing', 'unavailable');
    const started = performance.now();
    const pcm = await this.decoder.toPcm16k(tools.ffmpeg, input);
    const samples = s16ToFloat(pcm);
    const durationMs = Math.round((samples.length / STT_SAMPLE_RATE) * 1000);
    if (durationMs < MIN_AUDIO_MS) {
      throw new VoiceError(
        'AUDIO_TOO_SHORT',
        `The recording is ${(durationMs / 1000).toFixed(1)} s long; hold the button while you speak (at least ${MIN_AUDIO_MS / 1000} s).`,
      );
    }
    if (durationMs > MAX_AUDIO_MS) {
      throw new VoiceError(
        'AUDIO_TOO_LARGE',
        `The recording is ${Math.round(durationMs / 1000)} s long; at most ${MAX_AUDIO_MS / 60_000} minutes are transcribed.`,
        'too_large',
      );
    }
    const level = loudness(samples);
    if (level.peakDb < SILENT_PEAK_DB) {
      throw new VoiceError(
        'NO_SPEECH',
        `The recording is silent (loudest point ${formatDb(level.peakDb)}): check that the right microphone is selected and not muted.`,
      );
    }
    const speech = await this.deps.vad.segments(samples, STT_SAMPLE_RATE);
    if (speech.length === 0) {
      throw new VoiceError(
        'NO_SPEECH',
        `No speech detected in ${(durationMs / 1000).toFixed(1)} s of audio (level ${formatDb(level.rmsDb)}); speak closer to the microphone.`,
      );
    }
    const from = Math.max(0, samplesFor(speech[0]!.startMs - TRIM_MARGIN_MS));
    const to = Math.min(samples.length, samplesFor(speech[speech.length - 1]!.endMs + TRIM_MARGIN_MS));
    let trimmed = pcm.subarray(from * 2, to * 2);
    const minBytes = samplesFor(WHISPER_MIN_MS) * 2;
    if (trimmed.length < minBytes) trimmed = Buffer.concat([trimmed, Buffer.alloc(minBytes - trimmed.length)]);
    const convertMs = performance.now() - started;
    if (traceId)
      this.deps.tracer.record(traceId, 'voice', 'convert', {
        input_bytes: input.length,
        duration_ms: durationMs,
        speech,
        rms_db: round1(level.rmsDb),
        vad: this.deps.vad.describe().engine,
        ms: round1(convertMs),
      });
    return { wav: encodeWav(trimmed, STT_SAMPLE_RATE), durationMs, speech, convertMs };
  }

  /** Speech-to-text only: the pipeline up to and including whisper.cpp. */
  async transcribe(
    input: Buffer,
    options: TranscribeOptions = {},
  ): Promise<TranscribeResponse & { convert_ms: number; transcribe_ms: number }> {
    return this.busyWith(() => this.recognize(input, options.traceId ?? newTraceId('voice')));
  }

  private async recognize(input: Buffer, traceId: string): Promise<TranscribeResponse & { convert_ms: number; transcribe_ms: number }> {
    const tools = this.requireStt();
    const prepared = await this.prepareAudio(input, tools, traceId);
    const started = performance.now();
    const dir = await mkdtemp(join(tmpdir(), 'jarvis-stt-'));
    try {
      const wavFile = join(dir, 'speech.wav');
      await writeFile(wavFile, prepared.wav);
      const result = await runWhisper({
        bin: tools.whisperBin!,
        model: tools.whisperModel!,
        wavFile,
        language: tools.language,
        outputBase: join(dir, 'transcript'),
        threads: this.threads,
        timeoutMs: WHISPER_TIMEOUT_MS,
      });
      const transcribeMs = performance.now() - started;
      this.deps.tracer.record(traceId, 'voice', 'transcribe', {
        chars: result.text.length,
        language: result.language,
        ms: round1(transcribeMs),
      });
      return {
        text: result.text,
        language: result.language,
        duration_ms: prepared.durationMs,
        convert_ms: prepared.convertMs,
        transcribe_ms: transcribeMs,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Runs one request of the voice routes. The ffmpeg for the next recording starts once they
   * have all been quiet for a moment: started during a turn (or between its transcription
   * and its speech), its loading would take CPU from whisper.cpp and the speech engine.
   */
  private async busyWith<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idleTimer);
    try {
      return await work();
    } finally {
      if (--this.busy === 0 && !this.closed) {
        this.idleTimer = setTimeout(() => {
          const tools = this.tools();
          if (tools.sttState === 'LOCAL' && tools.ffmpeg && !this.closed) this.decoder.prepare(tools.ffmpeg);
        }, IDLE_BEFORE_PREPARE_MS);
        this.idleTimer.unref();
      }
    }
  }

  /** One voice turn: audio → transcript → assistant → reply text and speech. */
  async command(assistant: VoiceAssistant, input: Buffer, options: CommandOptions = {}): Promise<VoiceCommandResponse> {
    return this.busyWith(() => this.runCommand(assistant, input, options));
  }

  private async runCommand(assistant: VoiceAssistant, input: Buffer, options: CommandOptions): Promise<VoiceCommandResponse> {
    const traceId = newTraceId('voice');
    const { config } = this.deps;
    if (options.handsFree && !config.handsFree) {
      throw new VoiceError('HANDS_FREE_OFF', 'Hands-free mode is off (JARVIS_HANDS_FREE=false): use the voice button.', 'conflict');
    }
    this.deps.tracer.record(traceId, 'voice', 'start', {
      bytes: input.length,
      module: options.module,
      hands_free: options.handsFree ?? false,
    });
    const stt = await this.recognize(input, traceId);
    const timings = {
      capture_ms: Math.max(0, options.captureMs ?? 0),
      convert_ms: stt.convert_ms,
      transcribe_ms: stt.transcribe_ms,
      assistant_ms: 0,
      speak_ms: 0,
    };

    let message = stt.text;
    if (options.handsFree) {
      const wake = matchWakeWord(stt.text, config.wakeWord);
      if (!wake.matched || wake.command === '') {
        this.deps.tracer.record(traceId, 'voice', 'ignored', { reason: wake.matched ? 'only the wake word' : 'no wake word' });
        return this.finish(traceId, {
          transcript: stt.text,
          reply: '',
          tool_calls: [],
          trace_id: traceId,
          timings: rounded(timings),
          ignored: true,
        });
      }
      message = wake.command;
    }
    if (message === '') throw new VoiceError('NO_SPEECH', 'Whisper heard no words in the recording; please say it again.');

    const asked = performance.now();
    const answer = await assistant.chat({
      message,
      ...(options.module ? { module: options.module } : {}),
      ...(options.member !== undefined ? { member: options.member } : {}),
      traceId,
    });
    timings.assistant_ms = performance.now() - asked;

    let audio: VoiceCommandResponse['audio'];
    const speakStarted = performance.now();
    try {
      const spoken = await this.speakWith(this.tools(), answer.reply, traceId);
      if (spoken) audio = { mime: 'audio/wav', base64: spoken.toString('base64') };
    } catch (err) {
      // The answer stands without its voice; the text is shown and the trace says why.
      this.deps.tracer.record(traceId, 'voice', 'speak.error', { message: err instanceof Error ? err.message : String(err) });
    }
    timings.speak_ms = audio ? performance.now() - speakStarted : 0;

    return this.finish(traceId, {
      transcript: stt.text,
      reply: answer.reply,
      tool_calls: answer.tool_calls ?? [],
      trace_id: traceId,
      ...(audio ? { audio } : {}),
      timings: rounded(timings),
    });
  }

  /** Text to speech as WAV. */
  async speak(text: string, traceId = newTraceId('voice')): Promise<Buffer> {
    return this.busyWith(async () => {
      const tools = this.tools();
      if (tools.ttsEngine === 'none') throw new VoiceError('TTS_MISSING', `No speech engine: ${tools.ttsErrors.join('; ')}`, 'unavailable');
      return (await this.speakWith(tools, text, traceId))!;
    });
  }

  private async speakWith(tools: VoiceTools, text: string, traceId: string): Promise<Buffer | undefined> {
    if (tools.ttsEngine === 'none' || text.trim() === '') return undefined;
    const started = performance.now();
    const { wav, engine } = await synthesize(tools, { text, language: this.deps.config.language, timeoutMs: TTS_TIMEOUT_MS });
    this.deps.tracer.record(traceId, 'voice', 'speak', {
      engine,
      chars: text.length,
      bytes: wav.length,
      ms: round1(performance.now() - started),
    });
    return wav;
  }

  private requireStt(): VoiceTools {
    const tools = this.tools();
    const why = tools.sttErrors.join('; ');
    if (tools.sttState === 'BIN') throw new VoiceError('STT_BIN_MISSING', `Speech recognition is not installed: ${why}`, 'unavailable');
    if (tools.sttState === 'MODEL') throw new VoiceError('STT_MODEL_MISSING', `The Whisper model is missing: ${why}`, 'unavailable');
    if (tools.sttState === 'FFMPEG') throw new VoiceError('FFMPEG_MISSING', `The audio converter is missing: ${why}`, 'unavailable');
    return tools;
  }

  private finish(traceId: string, response: VoiceCommandResponse): VoiceCommandResponse {
    this.lastTurn = response.timings;
    this.deps.tracer.record(traceId, 'voice', 'turn', {
      timings: response.timings,
      transcript_chars: response.transcript.length,
      ignored: response.ignored ?? false,
      spoken: response.audio !== undefined,
    });
    this.deps.events?.publish('voice.turn', { trace_id: traceId, timings: response.timings, ignored: response.ignored ?? false });
    return response;
  }
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function rounded(t: VoiceTimings): VoiceTimings {
  return {
    capture_ms: Math.round(t.capture_ms),
    convert_ms: Math.round(t.convert_ms),
    transcribe_ms: Math.round(t.transcribe_ms),
    assistant_ms: Math.round(t.assistant_ms),
    speak_ms: Math.round(t.speak_ms),
  };
}

function formatDb(db: number): string {
  return Number.isFinite(db) ? `${Math.round(db)} dBFS` : 'digital silence';
}
