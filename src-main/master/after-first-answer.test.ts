import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstAnswer } from './after-first-answer';

function server() {
  const app = Fastify();
  const done: string[] = [];
  app.get('/api/health', async () => ({ ok: true, workDone: done.length }));
  app.get('/api/state', async () => ({ workDone: done.length }));
  return { app, done };
}

describe('start-up work after the first health answer', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the first health check before the work, and runs the work once right after', async () => {
    const { app, done } = server();
    const gate = afterFirstAnswer(
      [app],
      () => done.push('pass'),
      () => {},
    );
    gate.arm();
    const first = await app.inject('/api/health');
    expect(first.json()).toEqual({ ok: true, workDone: 0 });
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['pass']);
    await app.inject('/api/health');
    await app.inject('/api/state');
    expect(done).toEqual(['pass']);
    gate.cancel();
  });

  it('runs the work before any other request is answered', async () => {
    const { app, done } = server();
    const gate = afterFirstAnswer(
      [app],
      () => done.push('pass'),
      () => {},
    );
    gate.arm();
    expect((await app.inject('/api/state')).json()).toEqual({ workDone: 1 });
    gate.cancel();
  });

  it('runs the work after the fallback time when nobody asks, and not at all once stopped', async () => {
    vi.useFakeTimers();
    const { app, done } = server();
    const gate = afterFirstAnswer(
      [app],
      () => done.push('pass'),
      () => {},
      1000,
    );
    gate.arm();
    vi.advanceTimersByTime(999);
    expect(done).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['pass']);

    const other = server();
    const stopped = afterFirstAnswer(
      [other.app],
      () => other.done.push('pass'),
      () => {},
      1000,
    );
    stopped.arm();
    stopped.cancel();
    vi.advanceTimersByTime(5000);
    expect(other.done).toEqual([]);
  });

  it('reports a failing work and still answers', async () => {
    const { app } = server();
    const errors: unknown[] = [];
    const gate = afterFirstAnswer(
      [app],
      () => {
        throw new Error('disk gone');
      },
      (e) => errors.push(e),
    );
    gate.arm();
    expect((await app.inject('/api/state')).statusCode).toBe(200);
    expect(String(errors[0])).toContain('disk gone');
  });
});
