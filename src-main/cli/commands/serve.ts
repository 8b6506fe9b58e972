import type { Command } from 'commander';
import { serve } from '../../serve/serve';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Start the headless master: API and UI on JARVIS_ADDR, mesh listener on JARVIS_MESH_ADDR')
    .action(async () => {
      await serve(process.env);
    });
}
