// The sound of a due reminder in an open app: two short tones made with WebAudio (no sound
// file to ship or cache). A browser that has not been touched yet may keep the context
// suspended; the visible notice is there either way.

let context: AudioContext | undefined;

/** Plays the chime once; never throws (no audio device, a locked-down browser). */
export function playReminderChime(): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    [880, 1175].forEach((frequency, i) => {
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      const at = start + i * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      tone.connect(gain).connect(ctx.destination);
      tone.start(at);
      tone.stop(at + 0.32);
    });
  } catch {
    // Sound is a courtesy; the notice on screen is the reminder.
  }
}
