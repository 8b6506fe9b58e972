// Loudness of 16 kHz mono PCM: decides "silent" before any model runs, and is the
// fallback voice activity detector when the Silero model cannot be loaded.

export interface SpeechSegment {
  readonly startMs: number;
  readonly endMs: number;
}

export interface Loudness {
  /** RMS over the whole clip, dBFS (digital silence is -Infinity). */
  readonly rmsDb: number;
  readonly peakDb: number;
}

export function toDb(amplitude: number): number {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;
}

export function loudness(samples: Float32Array): Loudness {
  let sum = 0;
  let peak = 0;
  for (const s of samples) {
    sum += s * s;
    const a = Math.abs(s);
    if (a > peak) peak = a;
  }
  return { rmsDb: toDb(Math.sqrt(sum / Math.max(1, samples.length))), peakDb: toDb(peak) };
}

const FRAME_MS = 30;

export interface EnergyVadOptions {
  /** A frame counts as voiced when it is this much louder than the quietest tenth of the clip. */
  readonly aboveFloorDb: number;
  /** … and at least this loud in absolute terms (below it a room is silent). */
  readonly minDb: number;
  /** Gaps shorter than this stay inside one segment (pauses between words). */
  readonly hangoverMs: number;
  /** Segments shorter than this are clicks, not speech. */
  readonly minSpeechMs: number;
}

export const DEFAULT_ENERGY_VAD: EnergyVadOptions = { aboveFloorDb: 12, minDb: -45, hangoverMs: 300, minSpeechMs: 120 };

/**
 * Frame-energy voice activity detection: voiced frames are those clearly above the clip's
 * own noise floor. Cruder than Silero (a loud fan or music counts as speech), which is why
 * it is only the fallback, and the status says which one runs.
 */
export function energySegments(samples: Float32Array, sampleRate: number, options: EnergyVadOptions = DEFAULT_ENERGY_VAD): SpeechSegment[] {
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  const dbs: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let sum = 0;
    for (let j = i; j < i + frame; j++) sum += (samples[j] ?? 0) ** 2;
    dbs.push(toDb(Math.sqrt(sum / frame)));
  }
  if (dbs.length === 0) return [];
  const sorted = [...dbs].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.1)] ?? -Infinity;
  const threshold = Math.max(options.minDb, floor + options.aboveFloorDb);
  const hangFrames = Math.ceil(options.hangoverMs / FRAME_MS);

  const segments: SpeechSegment[] = [];
  let start = -1;
  let lastVoiced = -1;
  dbs.forEach((db, i) => {
    if (db >= threshold) {
      if (start < 0) start = i;
      lastVoiced = i;
    } else if (start >= 0 && i - lastVoiced > hangFrames) {
      segments.push({ startMs: start * FRAME_MS, endMs: (lastVoiced + 1) * FRAME_MS });
      start = -1;
    }
  });
  if (start >= 0) segments.push({ startMs: start * FRAME_MS, endMs: (lastVoiced + 1) * FRAME_MS });
  return segments.filter((s) => s.endMs - s.startMs >= options.minSpeechMs);
}
