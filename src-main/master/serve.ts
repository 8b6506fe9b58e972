import { entryConfig } from './entry-config';
import { hostMaster } from './host';

/** Headless entry (`npm run serve`, `jarvis serve`): the master with API and UI, no Electron. */
export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = entryConfig(env);
  if (!config) process.exit(2);
  // `open`: every local program acts as the desktop (one trusted user; the served-UI tests).
  const host = hostMaster(config, { localAccess: { mode: env.JARVIS_LOCAL_ADMIN === 'open' ? 'open' : 'secret' } });
  const { apiUrl, meshUrl, lanUrl } = await host.start();
  const master = host.master;
  const shutdown = (signal: string) => {
    process.stdout.write(`${signal}: stopping…\n`);
    void host.stop().then(() => process.exit(0));
  };
  // Before the URL is printed: whoever reads it may send a signal at once.
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.stdout.write(`JARVIS Home Command ${master.platform.version} is running at ${apiUrl}\n`);
  // The link works once: it signs this machine's browser in as the household's desktop.
  process.stdout.write(`Open JARVIS in your browser: ${apiUrl}${master.capabilities.access.browserLink()}\n`);
  process.stdout.write(
    meshUrl
      ? `Mesh listener for skill workers at ${meshUrl}\n`
      : 'Mesh is off (set JARVIS_MESH_ENROLLMENT_TOKEN, at least 16 characters, to let workers enroll).\n',
  );
  if (lanUrl) process.stdout.write(`LAN listener for paired phones and tablets at ${lanUrl} (pair one with \`jarvis pair\`)\n`);
}
