import { spawn } from 'node:child_process';

/** How long one git command may take before it is stopped. */
export const GIT_TIMEOUT_MS = 120_000;
const MAX_OUTPUT_BYTES = 256 * 1024;

export class GitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitError';
  }
}

/** A URL (or any text with URLs in it) as it may be shown: without user names or passwords. */
export function displayUrl(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s"']*@/gi, '$1***@');
}

export interface GitOptions {
  readonly cwd?: string;
  readonly timeoutMs?: number;
  /** Stops the command (a master that shuts down, a sync past its time). */
  readonly signal?: AbortSignal;
}

/**
 * Runs git (`args[0]` is the subcommand; the folder comes as `cwd`) with an argument array (never a shell), without prompts for credentials and
 * without the user's or system's git configuration (no hooks, helpers or aliases from
 * there), bounded in time and output. Resolves with stdout; a failure names the command
 * and git's last line, with any credentials in the URL hidden.
 */
export function runGit(args: readonly string[], options: GitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const hide = displayUrl;
    const child = spawn('git', [...args], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: 'echo',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT_BYTES) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT_BYTES) stderr += chunk.toString('utf8');
    });
    let stopped: string | undefined;
    const stop = (why: string) => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(`took longer than ${Math.round((options.timeoutMs ?? GIT_TIMEOUT_MS) / 1000)} s`),
      options.timeoutMs ?? GIT_TIMEOUT_MS,
    );
    const onAbort = () => stop('was stopped');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop('was stopped');
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err) => {
      done();
      reject(new GitError(hide(`git could not be started: ${err.message}`)));
    });
    child.on('close', (code) => {
      done();
      const what = `git ${args[0] ?? ''}`.trim();
      if (stopped) return reject(new GitError(`${what} ${stopped}`));
      if (code === 0) return resolve(stdout);
      const last = stderr.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`;
      reject(new GitError(hide(`${what} failed: ${last}`)));
    });
  });
}
