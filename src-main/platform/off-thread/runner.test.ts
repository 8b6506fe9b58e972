import { afterEach, describe, expect, it } from 'vitest';
import type { TestTaskInput } from '../../testing/off-thread-task';
import { Refusal } from '../errors';
import { OffThreadAbort, OffThreadRunner } from './runner';

const script = { bundle: 'test-task.cjs', source: new URL('../../testing/off-thread-task.ts', import.meta.url) };
let runner: OffThreadRunner<TestTaskInput, unknown> | undefined;
afterEach(async () => {
  await runner?.close();
  runner = undefined;
});

function make(limits: Partial<ConstructorParameters<typeof OffThreadRunner>[1]> = {}) {
  runner = new OffThreadRunner<TestTaskInput, unknown>(script, { timeoutMs: 10_000, maxHeapMb: 64, ...limits });
  return runner;
}

async function abortOf(p: Promise<unknown>): Promise<OffThreadAbort> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OffThreadAbort);
  return err as OffThreadAbort;
}

describe('OffThreadRunner', () => {
  it('returns what the task answered', async () => {
    expect(await make().run({ do: 'echo', value: { a: [1, 2] } })).toEqual({ a: [1, 2] });
  });

  it('hands over an answer in a transferred buffer', async () => {
    const bytes = (await make().run({ do: 'bytes', size: 1 << 20 })) as Uint8Array;
    expect(bytes.byteLength).toBe(1 << 20);
    expect(bytes.every((b) => b === 7)).toBe(true);
  });

  it('passes a refusal across the thread with its kind, code and path', async () => {
    const err = await make()
      .run({ do: 'refuse' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(err).toMatchObject({ kind: 'invalid', code: 'TEST_REFUSAL', message: 'refused on purpose', path: '/x' });
  });

  it('reports a thrown error as a crash', async () => {
    expect((await abortOf(make().run({ do: 'throw' }))).reason).toBe('crashed');
  });

  it('terminates a task that never returns, and the next task still runs', async () => {
    const r = make({ timeoutMs: 300 });
    expect((await abortOf(r.run({ do: 'spin' }))).reason).toBe('timeout');
    expect(await r.run({ do: 'echo', value: 1 })).toBe(1);
  });

  it('stops a task that takes all memory without taking the process with it', async () => {
    expect((await abortOf(make({ maxHeapMb: 32, timeoutMs: 20_000 }).run({ do: 'hoard' }))).reason).toBe('memory');
  });

  it('refuses a task when too many are waiting, and close() ends the running one', async () => {
    const r = make({ concurrency: 1, maxWaiting: 1 });
    const spinning = abortOf(r.run({ do: 'spin' }));
    const waiting = abortOf(r.run({ do: 'echo', value: 1 }));
    expect((await abortOf(r.run({ do: 'echo', value: 2 }))).reason).toBe('busy');
    await r.close();
    expect((await spinning).reason).toBe('closed');
    expect((await waiting).reason).toBe('closed');
  });
});
