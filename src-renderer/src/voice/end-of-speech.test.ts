import { describe, expect, it } from 'vitest';
import { EndOfSpeechDetector, rmsOf } from './end-of-speech';
import { pickMime, recorderErrorFrom } from './recorder';

const opts = { silenceMs: 500, minSpeechMs: 200, maxMs: 5000, minRms: 0.01, factor: 3, maxThreshold: 0.08, noSpeechMs: 2000 };

function feed(d: EndOfSpeechDetector, rms: number, ms: number) {
  let v = d.push(rms, 50);
  for (let t = 50; t < ms; t += 50) v = d.push(rms, 50);
  return v;
}

describe('end-of-speech detector', () => {
  it('ends the turn after enough silence that follows speech', () => {
    const d = new EndOfSpeechDetector(opts);
    expect(feed(d, 0.002, 300)).toBe('listening');
    expect(feed(d, 0.2, 400)).toBe('speaking');
    expect(feed(d, 0.002, 450)).toBe('listening');
    expect(feed(d, 0.002, 100)).toBe('end');
  });

  it('does not end on a short pause inside speech', () => {
    const d = new EndOfSpeechDetector(opts);
    feed(d, 0.2, 300);
    expect(feed(d, 0.003, 300)).toBe('listening');
    expect(feed(d, 0.2, 100)).toBe('speaking');
  });

  it('adapts to a noisy room: steady noise is not speech', () => {
    const d = new EndOfSpeechDetector(opts);
    // Constant fan noise well above minRms never counts as speech, and ends as no-speech.
    expect(feed(d, 0.03, 2000)).toBe('no-speech');
  });

  it('counts speech that starts at once', () => {
    const d = new EndOfSpeechDetector(opts);
    expect(feed(d, 0.2, 300)).toBe('speaking');
    expect(feed(d, 0.002, 500)).toBe('end');
  });

  it('stops at the maximum length whatever happens', () => {
    const d = new EndOfSpeechDetector({ ...opts, maxMs: 1000 });
    expect(feed(d, 0.3, 1000)).toBe('max');
  });

  it('computes RMS of a frame', () => {
    expect(rmsOf(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rmsOf(new Float32Array())).toBe(0);
  });
});

describe('recorder', () => {
  it('prefers Opus in WebM', () => {
    expect(pickMime(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickMime((m) => m === 'audio/webm')).toBe('audio/webm');
  });

  it('turns getUserMedia failures into actionable codes', () => {
    expect(recorderErrorFrom({ name: 'NotAllowedError' }).code).toBe('MIC_PERMISSION');
    expect(recorderErrorFrom({ name: 'NotReadableError' }).code).toBe('MIC_BUSY');
    expect(recorderErrorFrom({ name: 'NotFoundError' }).code).toBe('NO_MIC');
    expect(recorderErrorFrom(new Error('boom')).code).toBe('RECORDER');
  });
});
