import { vi } from 'vitest';

/**
 * Runs a command in this process with what it writes to stdout and stderr caught, the
 * streams restored afterwards and `process.exitCode` cleared (a CLI command sets it; the
 * test runner must not exit with it).
 */
export async function captureOutput(command: () => Promise<number>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((c) => ((stdout += String(c)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((stderr += String(c)), true));
  try {
    const code = await command();
    return { code, stdout, stderr };
  } finally {
    o.mockRestore();
    e.mockRestore();
    process.exitCode = undefined;
  }
}
