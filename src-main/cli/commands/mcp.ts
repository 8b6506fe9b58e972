import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description("Serve JARVIS to an MCP client (Claude Desktop, an editor) over stdin/stdout, as this computer's user")
    .action(async () => {
      process.exitCode = await masterBundle().exports.serveMcpStdio(process.env);
    });
}
