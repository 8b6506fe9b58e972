import type { ComponentStatus } from '../../src-shared';
import { registerDockerRoutes } from './routes';
import type { Capability, Platform } from '../platform/capability';
import { describeDockerError, DockerSkillController } from './skill-services';

const OFF_REASON = 'JARVIS_DOCKER_CONTROLLER_ENABLED is not true; skill containers are not controlled from here.';

/**
 * The optional Docker controller of skill containers over the Engine socket: off
 * unless enabled, and then only list/start/stop/restart of labelled skill containers.
 */
export function createDocker(ctx: Platform): Capability {
  const { config } = ctx;
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
