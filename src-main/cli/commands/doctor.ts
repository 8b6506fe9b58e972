import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_OK } from '../exit-codes';
import { formatTable } from '../table';
import { voiceTable } from './voice';

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('Check what JARVIS finds on this machine: Ollama and models, ffmpeg, whisper, piper, docker socket, data folder')
    .option('--json', 'print JSON for scripts')
    .action(async (opts: { json?: boolean }) => {
      const { loadConfig, runChecks } = masterBundle().exports;
      const config = loadConfig(process.env);
      const results = await runChecks(config);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
      } else {
        const rows = results.map((r) => [r.ok ? 'ok' : r.optional ? 'missing' : 'FAIL', r.name, r.detail]);
        process.stdout.write(`${formatTable(['status', 'component', 'detail'], rows)}\n\n`);
        process.stdout.write(`${await voiceTable(config)}\n`);
      }
      process.exitCode = results.some((r) => !r.ok && !r.optional) ? EXIT_FAILURE : EXIT_OK;
    });
}
