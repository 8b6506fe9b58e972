import { describe, expect, it } from 'vitest';
import { energySegments, loudness } from './speech-energy';

const RATE = 16000;
function clip(parts: { ms: number; amp: number }[]): Float32Array {
  const total = parts.reduce((a, p) => a + (p.ms * RATE) / 1000, 0);
  const out = new Float32Array(total);
  let i = 0;
  for (const p of parts) {
    const n = (p.ms * RATE) / 1000;
    for (let j = 0; j < n; j++, i++) out[i] = p.amp * Math.sin((2 * Math.PI * 220 * i) / RATE) + (((i * 7919) % 13) - 6) * 1e-5;
  }
  return out;
}

describe('energy VAD', () => {
  it('finds a tone between two silences, with its position', () => {
    const segs = energySegments(
      clip([
        { ms: 600, amp: 0 },
        { ms: 900, amp: 0.3 },
        { ms: 600, amp: 0 },
      ]),
      RATE,
    );
    expect(segs).toHaveLength(1);
    expect(segs[0]!.startMs).toBeGreaterThanOrEqual(570);
    expect(segs[0]!.startMs).toBeLessThanOrEqual(630);
    expect(segs[0]!.endMs).toBeGreaterThanOrEqual(1470);
    expect(segs[0]!.endMs).toBeLessThanOrEqual(1530);
  });

  it('keeps a short pause inside one segment and splits at a long one', () => {
    expect(
      energySegments(
        clip([
          { ms: 300, amp: 0 },
          { ms: 400, amp: 0.3 },
          { ms: 150, amp: 0 },
          { ms: 400, amp: 0.3 },
          { ms: 300, amp: 0 },
        ]),
        RATE,
      ),
    ).toHaveLength(1);
    expect(
      energySegments(
        clip([
          { ms: 300, amp: 0 },
          { ms: 400, amp: 0.3 },
          { ms: 1000, amp: 0 },
          { ms: 400, amp: 0.3 },
          { ms: 300, amp: 0 },
        ]),
        RATE,
      ),
    ).toHaveLength(2);
  });

  it('finds nothing in silence or in a click', () => {
    expect(energySegments(clip([{ ms: 2000, amp: 0 }]), RATE)).toEqual([]);
    expect(
      energySegments(
        clip([
          { ms: 1000, amp: 0 },
          { ms: 60, amp: 0.5 },
          { ms: 1000, amp: 0 },
        ]),
        RATE,
      ),
    ).toEqual([]);
  });

  it('measures loudness in dBFS', () => {
    const l = loudness(Float32Array.from([0.5, -0.5, 0.5, -0.5]));
    expect(l.peakDb).toBeCloseTo(-6.02, 1);
    expect(loudness(new Float32Array(10)).peakDb).toBe(-Infinity);
  });
});
