// A worker-thread task for the off-thread runner's tests: answers, refuses, throws, spins or hoards.
import { Refusal } from '../platform/errors';
import { serveTask } from '../platform/off-thread/serve-task';

export type TestTaskInput =
  | { readonly do: 'echo'; readonly value: unknown }
  | { readonly do: 'bytes'; readonly size: number }
  | { readonly do: 'refuse' | 'throw' | 'spin' | 'hoard' };

serveTask(
  (input: TestTaskInput) => {
    switch (input.do) {
      case 'echo':
        return input.value;
      case 'bytes':
        return new Uint8Array(input.size).fill(7);
      case 'refuse':
        throw new Refusal('invalid', 'TEST_REFUSAL', 'refused on purpose', '/x');
      case 'throw':
        throw new Error('broken on purpose');
      case 'spin':
        for (;;);
      case 'hoard': {
        const kept: number[][] = [];
        for (;;) kept.push(new Array<number>(100_000).fill(1));
      }
    }
  },
  (value) => (value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : []),
);
