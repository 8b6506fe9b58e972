import { exitQuietlyWhenReaderCloses } from './closed-pipe';
import { serveMaster } from './commands/serve';

function fail(err: unknown): void {
  process.stderr.write(`jarvis: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}

exitQuietlyWhenReaderCloses();

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === 'serve') {
  // `jarvis serve` runs the master as a service: it starts without commander and the other
  // commands, as fast as `npm run serve` (docs/performance.md).
  serveMaster().catch(fail);
} else {
  import('./program')
    .then(({ runCli }) => runCli(argv))
    .then((code) => {
      process.exitCode = code;
    }, fail);
}
