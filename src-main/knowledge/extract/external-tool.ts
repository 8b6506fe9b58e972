import { execFile } from 'node:child_process';
import { findBinary } from '../../platform/binaries';
import { IngestError } from '../errors';

export interface ToolRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/**
 * Runs a command-line extractor (pdftotext, tesseract) without a shell, with a timeout
 * and an output cap. A non-zero exit is returned, not thrown: the caller knows what the
 * tool's messages mean.
 */
export function runTool(bin: string, args: readonly string[], options: { timeoutMs: number; maxOutputBytes: number }): Promise<ToolRun> {
  const path = findBinary(bin);
  if (!path) {
    const pkg = bin === 'tesseract' ? 'tesseract-ocr' : bin.startsWith('pdf') ? 'poppler-utils' : bin;
    return Promise.reject(
      new IngestError('TOOL_MISSING', `${bin} is not installed (Debian package ${pkg}); this format cannot be read on this machine.`),
    );
  }
  return new Promise((resolve, reject) => {
    execFile(
      path,
      args,
      { timeout: options.timeoutMs, maxBuffer: options.maxOutputBytes, encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (err, stdout, stderr) => {
        if (err && (err as { killed?: boolean }).killed) {
          reject(new IngestError('TOOL_FAILED', `${bin} took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped.`));
          return;
        }
        if (err && (err as { code?: string }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          reject(
            new IngestError('TOOL_FAILED', `${bin} produced more than ${Math.round(options.maxOutputBytes / 1024 / 1024)} MB of text.`),
          );
          return;
        }
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        resolve({ stdout, stderr, code });
      },
    );
  });
}

export function isToolInstalled(bin: string): boolean {
  return findBinary(bin) !== undefined;
}
