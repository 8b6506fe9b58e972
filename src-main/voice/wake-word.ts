// Hands-free mode: a continuous VAD segment is a command only when its transcript starts
// with the wake word ("Jarvis, setz Milch auf die Liste"). Whisper capitalises and
// punctuates freely, so the comparison ignores case, accents and punctuation.

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const GREETINGS = new Set(['hey', 'hei', 'he', 'hallo', 'hi', 'ok', 'okay', 'oh', 'na']);

export interface WakeWordMatch {
  readonly matched: boolean;
  /** The command after the wake word (empty when only the wake word was said). */
  readonly command: string;
}

export function matchWakeWord(transcript: string, wakeWord: string): WakeWordMatch {
  const wake = fold(wakeWord)
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (wake.length === 0) return { matched: false, command: transcript.trim() };
  const words = [...transcript.matchAll(/[\p{L}\p{N}]+/gu)];
  // A greeting before the wake word ("Hey Jarvis", "Okay Jarvis") is allowed; other words are not.
  let skip = 0;
  while (skip < words.length && GREETINGS.has(fold(words[skip]![0])) && !wake.includes(fold(words[skip]![0]))) skip++;
  {
    const hit = skip + wake.length <= words.length && wake.every((w, i) => fold(words[skip + i]![0]) === w);
    if (hit) {
      const last = words[skip + wake.length - 1]!;
      const rest = transcript
        .slice((last.index ?? 0) + last[0].length)
        .replace(/^[\s,.:;!?-]+/, '')
        .trim();
      return { matched: true, command: rest };
    }
  }
  return { matched: false, command: transcript.trim() };
}
