import { describe, expect, it } from 'vitest';
import { SpeechSegmenter, type SegmenterEvent, type SegmenterOptions } from './speech-segmenter';

const opts: SegmenterOptions = {
  minRms: 0.01,
  factor: 3,
  maxThreshold: 0.08,
  silenceMs: 500,
  minSpeechMs: 200,
  maxSegmentMs: 5000,
  rotateMs: 2000,
};
const FRAME = 50;

/** Feeds `ms` of frames at one level; returns every event that was not quiet/speech. */
function feed(s: SpeechSegmenter, rms: number, ms: number): SegmenterEvent[] {
  const out: SegmenterEvent[] = [];
  for (let t = 0; t < ms; t += FRAME) {
    const e = s.push(rms, FRAME);
    if (e === 'segment' || e === 'rotate') out.push(e);
  }
  return out;
}

describe('speech segmenter (hands-free listening)', () => {
  it('cuts a segment after speech and a pause, then keeps listening for the next one', () => {
    const s = new SpeechSegmenter(opts);
    expect(feed(s, 0.002, 400)).toEqual([]);
    expect(feed(s, 0.2, 600)).toEqual([]);
    expect(s.hearing).toBe(true);
    expect(feed(s, 0.002, 500)).toEqual(['segment']);
    expect(s.hearing).toBe(false);
    expect(feed(s, 0.2, 400)).toEqual([]);
    expect(feed(s, 0.002, 500)).toEqual(['segment']);
  });

  it('a pause shorter than the silence inside a sentence is not the end', () => {
    const s = new SpeechSegmenter(opts);
    feed(s, 0.002, 200);
    expect([...feed(s, 0.2, 300), ...feed(s, 0.002, 300), ...feed(s, 0.2, 300)]).toEqual([]);
  });

  it('drops a recording without speech at a quiet moment and records afresh', () => {
    const s = new SpeechSegmenter(opts);
    expect(feed(s, 0.002, 1950)).toEqual([]);
    expect(feed(s, 0.002, 50)).toEqual(['rotate']);
    expect(feed(s, 0.002, 2000)).toEqual(['rotate']);
  });

  it('never drops a recording while someone starts to speak', () => {
    const s = new SpeechSegmenter(opts);
    feed(s, 0.002, 1800);
    // Speech begins just before the recording would be dropped: it becomes a segment instead.
    expect(feed(s, 0.2, 1000)).toEqual([]);
    expect(feed(s, 0.002, 500)).toEqual(['segment']);
  });

  it('a click is forgotten, not sent', () => {
    const s = new SpeechSegmenter(opts);
    feed(s, 0.002, 300);
    expect(feed(s, 0.3, 100)).toEqual([]);
    expect(feed(s, 0.002, 1600)).toEqual(['rotate']);
  });

  it('a segment that never pauses is cut at the maximum length', () => {
    const s = new SpeechSegmenter(opts);
    feed(s, 0.002, 100);
    const events = [...feed(s, 0.2, 2000), ...feed(s, 0.004, 100), ...feed(s, 0.2, 2800)];
    expect(events).toEqual(['segment']);
  });

  it('a room that turns loud for good stops counting as speech', () => {
    const s = new SpeechSegmenter(opts);
    feed(s, 0.002, 500);
    // A fan starts: one long "segment" (the master answers NO_SPEECH), then the fan is the floor.
    expect(feed(s, 0.05, 5000)).toEqual(['segment']);
    expect(feed(s, 0.05, 2000)).toEqual(['rotate']);
  });
});
