// The voice contract (GET /api/voice/status, POST /api/voice/transcribe|command|speak).
// Shared by the master and the renderer's voice controls.
import type { ExecutedToolCall } from './assistant';

/** Why speech-to-text is or is not ready; the HUD shows it as a chip. */
export type SttState = 'BIN' | 'MODEL' | 'FFMPEG' | 'LOCAL';
export type TtsEngine = 'piper' | 'espeak-ng' | 'none';

export interface VoiceTimings {
  readonly capture_ms: number;
  readonly convert_ms: number;
  readonly transcribe_ms: number;
  readonly assistant_ms: number;
  readonly speak_ms: number;
}

export interface VoiceStatus {
  readonly stt: {
    readonly state: SttState;
    readonly bin?: string;
    readonly model?: string;
    readonly ffmpeg?: string;
    readonly language: string;
    readonly errors: readonly string[];
  };
  readonly tts: {
    readonly engine: TtsEngine;
    readonly bin?: string;
    readonly voice?: string;
    readonly errors: readonly string[];
  };
  /** Which voice activity detector trims the audio: Silero (onnx) or the energy fallback. */
  readonly vad: { readonly engine: 'silero' | 'energy'; readonly detail: string };
  readonly last_turn?: VoiceTimings;
  readonly hands_free: { readonly enabled: boolean; readonly wake_word: string };
}

/** One part "Set up voice" looks after. */
export type VoiceSetupItemName = 'whisper model' | 'piper' | 'piper voice' | 'whisper-cli' | 'ffmpeg';

/** present: was there; installed: set up now; offline: its download server was not reachable; missing: cannot be set up here. */
export type VoiceSetupResult = 'present' | 'installed' | 'offline' | 'missing';

export interface VoiceSetupItem {
  readonly item: VoiceSetupItemName;
  readonly result: VoiceSetupResult;
}

/** Server event `voice.setup` and the answer of POST /api/settings/voice/setup. */
export interface VoiceSetupState {
  readonly state: 'running' | 'done';
  /** Filled once done. */
  readonly items: readonly VoiceSetupItem[];
}

export interface TranscribeResponse {
  readonly text: string;
  readonly language: string;
  readonly duration_ms: number;
}

export interface VoiceCommandResponse {
  readonly transcript: string;
  readonly reply: string;
  readonly tool_calls: readonly ExecutedToolCall[];
  readonly trace_id: string;
  readonly audio?: { readonly mime: string; readonly base64: string };
  readonly timings: VoiceTimings;
  /** Hands-free segments without the wake word are not commands: nothing was asked. */
  readonly ignored?: boolean;
}

export const VOICE_ERROR_CODES = [
  'NO_SPEECH',
  'AUDIO_TOO_SHORT',
  'AUDIO_INVALID',
  'AUDIO_TOO_LARGE',
  'STT_BIN_MISSING',
  'STT_MODEL_MISSING',
  'STT_FAILED',
  'FFMPEG_MISSING',
  'TTS_MISSING',
  'TTS_FAILED',
  'HANDS_FREE_OFF',
] as const;
export type VoiceErrorCode = (typeof VOICE_ERROR_CODES)[number];
