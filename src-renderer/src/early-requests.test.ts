import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_MS, startEarly, takeEarly } from './early-requests';

const json = { 'content-type': 'application/json' };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function countingFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push(`${init.method} ${path} ${String(init.body)}`);
      return new Response(`answer ${calls.length}`);
    }),
  );
  return calls;
}

describe('early requests', () => {
  it('hands the answer to the first identical request, once', async () => {
    const calls = countingFetch();
    startEarly('POST', '/api/tools/calendar_list', { body: '{"days":35}', headers: json });
    const taken = takeEarly('POST', '/api/tools/calendar_list', { body: '{"days":35}', headers: { 'Content-Type': 'application/json' } });
    expect(await (await taken)?.text()).toBe('answer 1');
    expect(takeEarly('POST', '/api/tools/calendar_list', { body: '{"days":35}', headers: json })).toBeUndefined();
    expect(calls).toEqual(['POST /api/tools/calendar_list {"days":35}']);
  });

  it('keeps it from a request with another body, path or headers', () => {
    countingFetch();
    startEarly('POST', '/api/tools/calendar_list', { body: '{"days":35}', headers: json });
    expect(takeEarly('POST', '/api/tools/calendar_list', { body: '{"days":7}', headers: json })).toBeUndefined();
    expect(takeEarly('POST', '/api/tools/tasks_list', { body: '{"days":35}', headers: json })).toBeUndefined();
    expect(takeEarly('POST', '/api/tools/calendar_list', { body: '{"days":35}' })).toBeUndefined();
    expect(takeEarly('POST', '/api/tools/calendar_list', { body: '{"days":35}', headers: json })).toBeDefined();
  });

  it('drops an answer that waited too long, so a later visit asks afresh', () => {
    vi.useFakeTimers();
    countingFetch();
    startEarly('POST', '/api/tools/calendar_list', { body: '{}', headers: json });
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    expect(takeEarly('POST', '/api/tools/calendar_list', { body: '{}', headers: json })).toBeUndefined();
  });
});

describe('the API client with an early request', () => {
  const args = { from: { kind: 'absolute', date: '2026-11-30' }, days: 35 } as const;
  const body = JSON.stringify({ arguments: args });
  const answer = (n: number) => new Response(JSON.stringify({ success: true, message: `answer ${n}`, data: { events: [] } }));

  it('takes the early answer instead of asking the master again', async () => {
    const { callTool } = await import('./api');
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(++calls)),
    );
    startEarly('POST', '/api/tools/calendar_list', { body, headers: json });
    const result = await callTool('calendar_list', args);
    expect(result.message).toBe('answer 1');
    expect(calls).toBe(1);
    // The next identical call is a fresh request.
    expect((await callTool('calendar_list', args)).message).toBe('answer 2');
  });

  it('asks again when the early request found no master', async () => {
    const { callTool } = await import('./api');
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return answer(calls);
      }),
    );
    startEarly('POST', '/api/tools/calendar_list', { body, headers: json });
    expect((await callTool('calendar_list', args)).message).toBe('answer 2');
    expect(calls).toBe(2);
  });
});
