// jarvis-skill-worker: the reference runtime worker of the skill mesh.
// Bundled to one file (dist/worker/jarvis-skill-worker.mjs) that needs nothing
// but Node 20+ at run time.
import { APP_VERSION, type WorkerHealth } from '../../src-shared';
import { loadWorkerConfig, WorkerConfigError } from './config';
import { WarmSkillPool } from '../../src-main/skills/process';
import { createInvokeServer } from './invoke-server';
import { MasterLink } from './master-link';
import { Membership } from './membership';
import { scanSkills, type SkillCatalog } from './skill-catalog';
import { workerKeyOrPassing } from './worker-key';

function log(line: string): void {
  process.stderr.write(`[jarvis-skill-worker] ${line}\n`);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadWorkerConfig(process.env);
  } catch (err) {
    if (err instanceof WorkerConfigError) {
      log(err.message);
      process.exit(2);
    }
    throw err;
  }

  let catalog: SkillCatalog = scanSkills(config.skillsDir, config.runtime);
  const report = (c: SkillCatalog) => {
    log(`serving ${c.skills.size} skill(s) from ${config.skillsDir}: ${[...c.skills.keys()].join(', ') || '(none)'}`);
    for (const e of c.errors) log(`skipped ${e.source}: ${e.message}`);
  };
  report(catalog);

  const key = workerKeyOrPassing(config.dataDir, log);
  const membership = new Membership({
    link: new MasterLink(config, APP_VERSION, key),
    skills: () => [...catalog.skills.values()].map((s) => s.manifest),
    log,
  });

  const health = (): WorkerHealth => ({
    ok: membership.current() !== undefined,
    name: config.name,
    runtime: config.runtime,
    enrolled: membership.current() !== undefined,
    skills: [...catalog.skills.keys()],
    errors: catalog.errors,
  });

  const warm = new WarmSkillPool();
  const server = createInvokeServer({
    warm,
    sign: (text) => key.sign(text),
    currentToken: () => membership.current()?.accessToken,
    catalog: () => catalog,
    policy: {
      allowSystemExec: config.allowSystemExec,
      maxTimeoutMs: config.maxTimeoutMs,
      maxOutputKb: config.maxOutputKb,
      maxMemoryMb: config.maxMemoryMb,
      maxDiskMb: config.maxDiskMb,
      hostEnv: process.env,
    },
    async reload() {
      catalog = scanSkills(config.skillsDir, config.runtime);
      // The folders were read again: long-lived processes started from the old ones end.
      warm.stop();
      report(catalog);
      await membership.publish();
      return health();
    },
    health,
    log,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: leaving the mesh`);
    await membership.stop();
    warm.stop();
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  // Before "listening" is logged: whoever waits for that line may send a signal at once.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`listening on ${config.host}:${port}; master ${config.masterUrl}; endpoint ${config.endpoint}`);
  membership.start();
}

main().catch((err: unknown) => {
  log(`fatal: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
