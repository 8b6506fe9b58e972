import { describe, expect, it } from 'vitest';
import { EventStreamParser } from './event-stream';

function parse(chunks: string[]): [string, string][] {
  const seen: [string, string][] = [];
  const parser = new EventStreamParser((type, data) => seen.push([type, data]));
  for (const c of chunks) parser.push(c);
  return seen;
}

describe('EventStreamParser', () => {
  it('hands over whole events however the stream is cut, and skips comments', () => {
    const stream = ': connected\n\nevent: reminder.due\ndata: {"type":"reminder.due"}\n\n: ping\n\nevent: x\r\ndata: a\r\ndata: b\r\n\r\n';
    const whole = parse([stream]);
    expect(whole).toEqual([
      ['reminder.due', '{"type":"reminder.due"}'],
      ['x', 'a\nb'],
    ]);
    expect(parse(stream.split(''))).toEqual(whole);
  });

  it('keeps an unfinished event until it ends, and drops one that never does', () => {
    const seen: string[] = [];
    const parser = new EventStreamParser((_t, d) => seen.push(d));
    parser.push('data: half');
    expect(seen).toEqual([]);
    parser.push('\n\n');
    expect(seen).toEqual(['half']);
    parser.push(`data: ${'x'.repeat((1 << 20) + 1)}`);
    parser.push('\n\ndata: next\n\n');
    expect(seen).toEqual(['half', 'next']);
  });
});
