import { spawn } from 'node:child_process';

export interface ToolRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface ToolRunOptions {
  readonly input?: Buffer | string;
  readonly timeoutMs: number;
  /** Output beyond this is dropped (a runaway tool must not fill memory). */
  readonly maxStdoutBytes?: number;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

const STDERR_KEEP = 16 * 1024;

/**
 * Runs an external engine (ffmpeg, whisper-cli, piper, espeak-ng) without a shell: arguments
 * are passed as they are, so a transcript or a path can never be read as shell syntax.
 */
export function runTool(bin: string, args: readonly string[], options: ToolRunOptions): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...args], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, env: options.env ?? process.env });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let timedOut = false;
    const limit = options.maxStdoutBytes ?? 64 * 1024 * 1024;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      if (size + c.length <= limit) chunks.push(c);
      size += c.length;
    });
    child.stderr.on('data', (c: Buffer) => {
      // Engines print progress on stderr; the tail holds the error that matters.
      stderr = (stderr + c.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(chunks), stderr, timedOut });
    });
    // A tool that exits before reading all input closes the pipe: that is its answer, not ours.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** The last meaningful line of an engine's stderr, for an error message a person can read. */
export function lastLines(stderr: string, count = 3): string {
  return stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-count)
    .join(' | ');
}
