import { runningMaster } from '../backup';
import { bridgeStdioToHttp, readLocalEndpoint } from '../mcp';
import { entryConfig } from './entry-config';
import { createMaster } from './index';

/**
 * `jarvis mcp`: JARVIS as an MCP server on stdin/stdout, acting as this computer's user.
 * When JARVIS already runs on this database, the messages go to its `/mcp` (one writer,
 * one audit chain); otherwise this process starts the master itself and serves it. Stdout
 * carries only MCP messages; everything else goes to stderr. Resolves with the exit code.
 */
export async function serveMcpStdio(env: Record<string, string | undefined> = process.env): Promise<number> {
  const config = entryConfig(env);
  if (!config) return 2;
  const running = runningMaster(config.dataFile);
  if (running !== undefined) {
    const local = readLocalEndpoint(config.dataFile);
    if (!local || local.pid !== running) {
      process.stderr.write(`jarvis mcp: JARVIS runs on ${config.dataFile} (process ${running}) but offers no MCP endpoint; restart it.\n`);
      return 1;
    }
    process.stderr.write(`jarvis mcp: connected to the running JARVIS at ${local.url}\n`);
    await bridgeStdioToHttp(local);
    return 0;
  }
  const master = createMaster(config);
  const { apiUrl } = await master.start();
  const stop = () => void master.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stderr.write(`jarvis mcp: JARVIS Home Command ${master.platform.version} serves MCP on stdio (API and UI at ${apiUrl})\n`);
  await master.capabilities.mcp.serveStdio();
  await master.stop();
  return 0;
}
