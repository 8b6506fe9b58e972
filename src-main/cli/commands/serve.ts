import type { Command } from 'commander';
import { keepCodeCache, masterBundle } from '../../master/bundle';

/** The headless master from the one master bundle, as `npm run serve` starts it. */
export async function serveMaster(): Promise<void> {
  const master = masterBundle();
  await master.exports.serve(process.env);
  keepCodeCache(master);
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Start the headless master: API and UI on JARVIS_ADDR, mesh listener on JARVIS_MESH_ADDR')
    .action(serveMaster);
}
