import type { VoiceStatus } from '../../src-shared';

/**
 * The voice status as rows (part, state, detail): `jarvis doctor`, `npm run voice:setup`
 * and the startup log show the same table, so a user compares like with like.
 */
export function voiceStatusRows(s: VoiceStatus): string[][] {
  const problem = (needle: RegExp, list: readonly string[]) => list.find((e) => needle.test(e)) ?? 'missing';
  const rows: string[][] = [
    ['stt', s.stt.state, s.stt.state === 'LOCAL' ? `ready, language ${s.stt.language}` : sttMeaning(s.stt.state)],
    ['  whisper-cli', s.stt.bin ? 'ok' : 'MISSING', s.stt.bin ?? problem(/whisper/i, s.stt.errors)],
    ['  whisper model', s.stt.model ? 'ok' : 'MISSING', s.stt.model ?? problem(/model/i, s.stt.errors)],
    ['  ffmpeg', s.stt.ffmpeg ? 'ok' : 'MISSING', s.stt.ffmpeg ?? problem(/ffmpeg/i, s.stt.errors)],
    [
      'tts',
      s.tts.engine,
      s.tts.engine === 'piper'
        ? `Piper with ${s.tts.voice ?? '?'}`
        : s.tts.engine === 'espeak-ng'
          ? `fallback voice (${s.tts.bin ?? 'espeak-ng'})`
          : 'replies are text only',
    ],
  ];
  for (const e of s.tts.errors) rows.push(['  piper', s.tts.engine === 'piper' ? 'ok' : 'note', e]);
  rows.push(['vad', s.vad.engine, s.vad.detail]);
  rows.push([
    'hands-free',
    s.hands_free.enabled ? 'on' : 'off',
    `wake word "${s.hands_free.wake_word}"${s.hands_free.enabled ? '' : ' (JARVIS_HANDS_FREE=true turns it on)'}`,
  ]);
  return rows;
}

function sttMeaning(state: VoiceStatus['stt']['state']): string {
  switch (state) {
    case 'BIN':
      return 'whisper-cli is missing or not executable';
    case 'MODEL':
      return 'the Whisper model (ggml-*.bin) is missing or unreadable';
    case 'FFMPEG':
      return 'ffmpeg, the audio converter, is missing';
    default:
      return 'ready';
  }
}
