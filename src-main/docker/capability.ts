import type { ComponentStatus } from '../../src-shared';
import { registerDockerRoutes } from './routes';
import type { Capability, Platform } from '../platform/capability';
import { describeDockerError, DockerSkillController } from './skill-services';
import { parseStackAllowList } from '../../src-shared';
import { ComposeStackController } from './compose-stacks';
import { stackToolProvider } from './stack-tools';
import { dockerCli, DockgeStackController } from './dockge-stacks';
import { stackSource } from './stack-source';

const OFF_REASON = 'JARVIS_DOCKER_CONTROLLER_ENABLED is not true; skill containers are not controlled from here.';

/**
 * The optional Docker controller of skill containers over the Engine socket: off
 * unless enabled, and then only list/start/stop/restart of labelled skill containers.
 * Beside it, the household's Compose stacks: only the projects on JARVIS_COMPOSE_STACKS and
 * the stacks in Dockge's folder (JARVIS_DOCKGE_STACKS_DIR), as core tools under the risk policy.
 */
export function createDocker(ctx: Platform): Capability {
  const { config } = ctx;
  const allowList = parseStackAllowList(config.composeStacks);
  for (const bad of allowList.invalid) ctx.log.warn(`JARVIS_COMPOSE_STACKS: "${bad}" is not a Compose project name and is ignored`);
  const allowed = allowList.names.length > 0 ? new ComposeStackController(config.dockerSocket, allowList.names) : undefined;
  // The folder is read at each use; whether the tools exist at all is decided at start.
  const dockge = config.dockgeStacksDir
    ? new DockgeStackController(() => config.dockgeStacksDir, dockerCli(config.dockerSocket))
    : undefined;
  const stackTools = allowed || dockge ? stackToolProvider(stackSource(allowed, dockge)) : undefined;
  if (stackTools) ctx.registry.addProvider(stackTools);
  const controller = config.dockerControllerEnabled
    ? new DockerSkillController({ socketPath: config.dockerSocket, label: config.dockerSkillLabel, value: config.dockerSkillLabelValue })
    : undefined;
  let status: ComponentStatus = controller
    ? { state: 'degraded', detail: `checking ${config.dockerSocket}`, code: 'docker.checking' }
    : { state: 'off', detail: OFF_REASON, code: 'docker.off' };
  ctx.status.set('docker', () => status);
  const onResult = (ok: boolean, detail: string) => {
    status = ok ? { state: 'ok', detail, code: 'docker.connected' } : { state: 'error', detail, code: 'docker.unreachable' };
  };
  return {
    name: 'docker',
    routes: (app) => registerDockerRoutes(app, { controller, offReason: OFF_REASON, onResult }),
    stop() {
      if (stackTools) ctx.registry.removeProvider(stackTools);
    },
    async start() {
      if (!controller) return;
      try {
        await controller.ping();
        onResult(true, `connected to ${config.dockerSocket}`);
      } catch (err) {
        onResult(false, describeDockerError(err, config.dockerSocket));
        ctx.log.warn(`docker controller: ${describeDockerError(err, config.dockerSocket)}`);
      }
    },
  };
}
