/**
 * `jarvis skill info x | head`: once the reader is gone, further output has nowhere to go.
 * Without a listener the EPIPE is an unhandled 'error' event that kills the process with a
 * stack trace; a command line tool ends quietly instead, as `cat` does.
 */
export function exitQuietlyWhenReaderCloses(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    });
  }
}
