import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../platform/binaries';
import { newTraceId } from '../platform/trace';
import { buildWorkerBundle, eventually, startWorker, type RunningWorker } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { activateRemoteSkills } from '../testing/skill-proposals';

// Every example under skills/<runtime>/ runs through a real worker process of that runtime
// group, registered with a real master, called through the registry. Examples whose
// toolchain is not on this machine are skipped, and the test says which.

const skillsRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills');
const TOKEN = 'runtime-examples-enrollment-token';
// Debian's interpreters first, as the worker helper does.
const PATH = `/usr/bin:/bin:${process.env.PATH ?? ''}`;

const EXAMPLES = [
  {
    runtime: 'python',
    toolchain: 'python3',
    tool: 'skill_example_python_text_uppercase',
    input: { text: 'Hallo "Welt"\n' },
    data: { text: 'HALLO "WELT"\n', runtime: 'python' },
  },
  {
    runtime: 'node',
    toolchain: 'node',
    tool: 'skill_example_node_text_word_count',
    input: { text: 'eins zwei  drei' },
    data: { words: 3, runtime: 'node' },
  },
  { runtime: 'go', toolchain: 'go', tool: 'skill_example_go_text_reverse', input: { text: 'abc' }, data: { text: 'cba', runtime: 'go' } },
  {
    runtime: 'rust',
    toolchain: 'rustc',
    tool: 'skill_example_rust_text_uppercase',
    input: { text: 'sag "hi"\n' },
    data: { text: 'SAG "HI"\n', runtime: 'rust' },
  },
  {
    runtime: 'c',
    toolchain: 'gcc',
    tool: 'skill_example_c_text_uppercase',
    input: { text: 'sag "hi"\n' },
    data: { text: 'SAG "HI"\n', runtime: 'c' },
  },
  {
    runtime: 'cpp',
    toolchain: 'g++',
    tool: 'skill_example_cpp_text_letter_count',
    input: { text: 'ab1 "c"\n' },
    data: { letters: 3, runtime: 'cpp' },
  },
  {
    runtime: 'csharp',
    toolchain: 'dotnet',
    tool: 'skill_example_csharp_text_lowercase',
    input: { text: 'ABC' },
    data: { text: 'abc', runtime: 'csharp' },
  },
] as const;

/** rustup's rustc needs to find its toolchains; the rust skill takes these via env_from. */
function rustupEnv(): Record<string, string> {
  const home = process.env.HOME;
  const env: Record<string, string> = {};
  if (process.env.RUSTUP_HOME) env.RUSTUP_HOME = process.env.RUSTUP_HOME;
  else if (home && existsSync(join(home, '.rustup'))) env.RUSTUP_HOME = join(home, '.rustup');
  if (process.env.CARGO_HOME) env.CARGO_HOME = process.env.CARGO_HOME;
  else if (home && existsSync(join(home, '.cargo'))) env.CARGO_HOME = join(home, '.cargo');
  return env;
}

const available = EXAMPLES.filter((e) => findBinary(e.toolchain, [], PATH));
const missing = EXAMPLES.filter((e) => !available.includes(e));

let t: TestMaster;
const workers: RunningWorker[] = [];

beforeAll(async () => {
  for (const e of missing) process.stdout.write(`[runtime examples] SKIPPED ${e.runtime}: ${e.toolchain} is not installed here\n`);
  await buildWorkerBundle();
  t = await startTestMaster({ JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN, JARVIS_MESH_INVOKE_TIMEOUT_MS: '170000' });
  for (const e of available) {
    workers.push(
      await startWorker({
        masterUrl: t.meshUrl!,
        token: TOKEN,
        runtime: e.runtime,
        name: `${e.runtime}-main`,
        skillsDir: skillsRoot,
        // A first call compiles; on a busy machine that can take a while.
        env: { PATH, JARVIS_SKILL_MAX_TIMEOUT_MS: '170000', ...rustupEnv() },
      }),
    );
  }
  // Each example is a new skill to this master: the household activates it first.
  await activateRemoteSkills(
    t,
    available.map((e) => `example.${e.runtime}.text`),
    30_000,
  );
  await eventually(() => available.every((e) => t.master.platform.registry.get(e.tool)), 30_000, 'every runtime worker to register');
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop('SIGTERM')));
  await t?.close();
});

describe('runtime example skills through real workers', () => {
  for (const e of EXAMPLES) {
    it.skipIf(!available.includes(e))(
      `${e.runtime} example (${e.toolchain})`,
      async () => {
        const worker = (await t.request('/api/mesh/workers')).json.workers.find((w: { name: string }) => w.name === `${e.runtime}-main`);
        // Each worker serves only its own runtime group.
        // Only its own runtime group's examples.
        const examples = worker.skills.map((s: { id: string }) => s.id).filter((id: string) => id.startsWith('example.'));
        expect(examples).toEqual([`example.${e.runtime}.text`]);
        expect(t.master.platform.registry.get(e.tool)?.provider).toBe('remote');
        const result = await t.master.platform.registry.call(e.tool, e.input, {
          traceId: newTraceId(),
          now: new Date(),
          timezone: 'Europe/Berlin',
          actor: 'system',
        });
        expect(result, JSON.stringify(result)).toMatchObject({ success: true, data: e.data, mutated: false });
      },
      180_000,
    );
  }
});
