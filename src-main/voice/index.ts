export { createVoice, type VoiceCapability } from './capability';
export { VoiceService } from './service';
export type { VoiceAssistant, PreparedAudio, CommandOptions } from './service';
export { VoiceError } from './errors';
export { VoiceActivityDetector } from './vad';
export { resolveVoiceTools, DEFAULT_WHISPER_MODEL } from './voice-tools';
export type { VoiceTools } from './voice-tools';
export type { SetupOptions as VoiceSetupOptions, VoiceDownloads } from './setup';
