import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { runCli } from '../cli/program';
import { captureOutput } from './captured-output';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliTestBed {
  /** This test's own temporary folder, removed after it. */
  readonly root: string;
  /** The settings `cli` runs with (a test may add to them). */
  readonly env: Record<string, string>;
  /** Runs `jarvis <argv>` in this process with `env` over the environment the test file started with. */
  cli(...argv: string[]): Promise<CliRun>;
}

/**
 * For a CLI test file: before each test a fresh folder and the settings `envFor` makes in it;
 * after each test the folder is gone and the process environment is the one the file began with.
 */
export function cliTestBed(prefix: string, envFor: (root: string) => Record<string, string>): CliTestBed {
  const saved = { ...process.env };
  let root = '';
  let env: Record<string, string> = {};
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), prefix));
    env = envFor(root);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    process.env = { ...saved };
  });
  afterAll(() => {
    process.env = saved;
  });
  return {
    get root() {
      return root;
    },
    get env() {
      return env;
    },
    cli(...argv: string[]) {
      process.env = { ...saved, ...env };
      process.exitCode = undefined;
      return captureOutput(() => runCli(argv));
    },
  };
}

const repoSkills = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills');

/** A workspace skills folder in `root` with the checkout's demo-text and text-brief skills. */
export function demoWorkspace(root: string): string {
  const workspace = join(root, 'workspace');
  mkdirSync(workspace);
  for (const name of ['demo-text', 'text-brief']) cpSync(join(repoSkills, name), join(workspace, name), { recursive: true });
  return workspace;
}
