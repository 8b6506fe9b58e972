import { spawn } from 'node:child_process';

export interface ToolRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface ToolStartOptions {
  /** Output beyond this is dropped (a runaway tool must not fill memory). */
  readonly maxStdoutBytes?: number;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

export interface ToolRunOptions extends ToolStartOptions {
  readonly input?: Buffer | string;
  readonly timeoutMs: number;
}

/** A tool that is running and waits for its input on stdin. */
export interface StartedTool {
  /** True once the process has exited or could not start: it can take no input any more. */
  readonly exited: boolean;
  /** Writes the input, closes stdin and resolves when the tool is done; the timeout starts now. */
  finish(input: Buffer | string | undefined, timeoutMs: number): Promise<ToolRun>;
  /** Lets this process exit while the tool still waits for input (a spare started ahead of time). */
  unref(): void;
  kill(): void;
}

const STDERR_KEEP = 16 * 1024;

interface RefCounted {
  ref?(): void;
  unref?(): void;
}

/**
 * Starts an external engine (ffmpeg, whisper-cli, piper, espeak-ng) without a shell: arguments
 * are passed as they are, so a transcript or a path can never be read as shell syntax.
 * The input comes later: a process started ahead of time has already paid for loading.
 */
export function startTool(bin: string, args: readonly string[], options: ToolStartOptions = {}): StartedTool {
  const child = spawn(bin, [...args], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, env: options.env ?? process.env });
  const chunks: Buffer[] = [];
  let size = 0;
  let stderr = '';
  let exited = false;
  let timedOut = false;
  const limit = options.maxStdoutBytes ?? 64 * 1024 * 1024;
  child.stdout.on('data', (c: Buffer) => {
    if (size + c.length <= limit) chunks.push(c);
    size += c.length;
  });
  child.stderr.on('data', (c: Buffer) => {
    // Engines print progress on stderr; the tail holds the error that matters.
    stderr = (stderr + c.toString('utf8')).slice(-STDERR_KEEP);
  });
  // A tool that exits before reading all input closes the pipe: that is its answer, not ours.
  child.stdin.on('error', () => undefined);
  child.on('exit', () => (exited = true));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', (err) => {
      exited = true;
      reject(err);
    });
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  // A spare that is never used must not turn a failed start into an unhandled rejection.
  closed.catch(() => undefined);
  const handles = [child, child.stdin, child.stdout, child.stderr] as RefCounted[];

  return {
    get exited() {
      return exited;
    },
    async finish(input, timeoutMs) {
      for (const h of handles) h.ref?.();
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      try {
        child.stdin.end(input ?? '');
        const { code, signal } = await closed;
        return { code, signal, stdout: Buffer.concat(chunks), stderr, timedOut };
      } finally {
        clearTimeout(timer);
      }
    },
    unref() {
      for (const h of handles) h.unref?.();
    },
    kill() {
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** Starts a tool, hands it its input at once and waits for it. */
export function runTool(bin: string, args: readonly string[], options: ToolRunOptions): Promise<ToolRun> {
  return startTool(bin, args, options).finish(options.input, options.timeoutMs);
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
