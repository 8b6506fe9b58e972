import type Dockerode from 'dockerode';
import { type ComposeContainerView, type ComposeStackAction, type ComposeStackView } from '../../src-shared';
import { applyContainerAction, describeDockerError, DockerRefusal, FULL_CONTAINER_ID } from './skill-services';

export const COMPOSE_PROJECT_LABEL = 'com.docker.compose.project';
const COMPOSE_SERVICE_LABEL = 'com.docker.compose.service';

function stateOf(containers: readonly ComposeContainerView[]): ComposeStackView['state'] {
  if (containers.length === 0) return 'missing';
  const running = containers.filter((c) => c.state === 'running').length;
  return running === containers.length ? 'running' : running === 0 ? 'stopped' : 'partial';
}

/**
 * The whole of what JARVIS may do with Compose stacks over docker.sock: list the containers
 * whose project label is on the household's allow-list, and start, stop or restart all
 * containers of one allowed project. Before every action it lists again and acts only on
 * full ids that carry the exact project name right now. No create, remove, exec, pull,
 * image or volume call exists here.
 */
export class ComposeStackController {
  private docker: Dockerode | undefined;

  constructor(
    private readonly socketPath: string,
    readonly allowed: readonly string[],
  ) {}

  private async client(): Promise<Dockerode> {
    if (!this.docker) {
      const { default: Docker } = await import('dockerode');
      this.docker = new Docker({ socketPath: this.socketPath });
    }
    return this.docker;
  }

  async list(): Promise<ComposeStackView[]> {
    let containers: Dockerode.ContainerInfo[];
    try {
      // Docker ANDs label filters, so it is asked for every Compose container; which
      // project may be seen is decided below, by exact comparison with the allow-list.
      containers = await (await this.client()).listContainers({ all: true, filters: { label: [COMPOSE_PROJECT_LABEL] } });
    } catch (err) {
      throw new DockerRefusal('unavailable', 'DOCKER_UNAVAILABLE', describeDockerError(err, this.socketPath));
    }
    return this.allowed.map((name) => {
      const own = containers
        .filter((c) => c.Labels?.[COMPOSE_PROJECT_LABEL] === name && FULL_CONTAINER_ID.test(c.Id))
        .map((c) => ({
          id: c.Id,
          name: (c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''),
          service: c.Labels?.[COMPOSE_SERVICE_LABEL] ?? '',
          state: c.State,
          status: c.Status,
        }))
        .sort((a, b) => a.service.localeCompare(b.service) || a.name.localeCompare(b.name));
      return { name, state: stateOf(own), containers: own };
    });
  }

  async act(name: string, action: ComposeStackAction): Promise<ComposeStackView> {
    if (!this.allowed.includes(name)) {
      throw new DockerRefusal('not_found', 'STACK_NOT_ALLOWED', `„${name}“ steht nicht auf der Liste der freigegebenen Stacks.`);
    }
    const stack = (await this.list()).find((s) => s.name === name)!;
    if (stack.containers.length === 0) {
      throw new DockerRefusal('not_found', 'STACK_NOT_FOUND', `Zum Stack „${name}“ gibt es auf diesem Docker-Host keine Container.`);
    }
    const docker = await this.client();
    for (const c of stack.containers) {
      try {
        await applyContainerAction(docker.getContainer(c.id), action);
      } catch (err) {
        throw new DockerRefusal(
          'bad_gateway',
          'DOCKER_FAILED',
          `${action} von ${c.name} fehlgeschlagen: ${describeDockerError(err, this.socketPath)}`,
        );
      }
    }
    return (await this.list()).find((s) => s.name === name)!;
  }
}
