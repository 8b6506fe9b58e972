import { runCli } from './program';

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`jarvis: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
