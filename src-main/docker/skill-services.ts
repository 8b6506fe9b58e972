import type Dockerode from 'dockerode';
import type { DockerServiceAction, DockerSkillService } from '../../src-shared';
import { Refusal } from '../platform/errors';

export const FULL_CONTAINER_ID = /^[0-9a-f]{64}$/;

/** A deliberate refusal of a container action. */
export class DockerRefusal extends Refusal {
  constructor(kind: 'invalid' | 'not_found' | 'conflict' | 'bad_gateway' | 'unavailable', code: string, message: string) {
    super(kind, code, message);
    this.name = 'DockerRefusal';
  }
}

export interface DockerControllerOptions {
  readonly socketPath: string;
  readonly label: string;
  readonly value: string;
}

/** Turns socket errors into words a user can act on; never the raw Docker message. */
export function describeDockerError(err: unknown, socketPath: string): string {
  const code = (err as { code?: string } | undefined)?.code;
  if (code === 'ENOENT') return `no Docker socket at ${socketPath} (is Docker running, is the socket mounted?)`;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied on ${socketPath} (the master's user may not use Docker)`;
  if (code === 'ECONNREFUSED') return `the Docker socket at ${socketPath} refuses connections (is dockerd running?)`;
  const status = (err as { statusCode?: number } | undefined)?.statusCode;
  if (status) return `Docker answered HTTP ${status}`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Starts, stops or restarts one container. Docker's 304 (already started, already stopped)
 * means the wanted state holds, which is success; any other error is thrown as it came.
 */
export async function applyContainerAction(container: Dockerode.Container, action: DockerServiceAction): Promise<void> {
  try {
    if (action === 'start') await container.start();
    else if (action === 'stop') await container.stop();
    else await container.restart();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 304) throw err;
  }
}

/**
 * The whole of what JARVIS may do with docker.sock: list
 * labelled containers, and start, stop or restart one of them. Before every mutation it
 * lists again and accepts only an exact full id that carries the label with the exact
 * value right now. No create, remove, exec, image or volume call exists here.
 */
export class DockerSkillController {
  private docker: Dockerode | undefined;

  constructor(private readonly options: DockerControllerOptions) {}

  private async client(): Promise<Dockerode> {
    if (!this.docker) {
      // Loaded on first use: dockerode pulls in ssh2 and friends, which a master with the
      // controller off should not pay for at start-up.
      const { default: Docker } = await import('dockerode');
      this.docker = new Docker({ socketPath: this.options.socketPath });
    }
    return this.docker;
  }

  async ping(): Promise<void> {
    await (await this.client()).ping();
  }

  async list(): Promise<DockerSkillService[]> {
    const { label, value } = this.options;
    const docker = await this.client();
    let containers: Dockerode.ContainerInfo[];
    try {
      containers = await docker.listContainers({ all: true, filters: { label: [`${label}=${value}`] } });
    } catch (err) {
      throw new DockerRefusal('unavailable', 'DOCKER_UNAVAILABLE', describeDockerError(err, this.options.socketPath));
    }
    // The filter is Docker's; the exact comparison is ours, so nothing depends on how a
    // given engine version matches label values.
    return containers
      .filter((c) => c.Labels?.[label] === value && FULL_CONTAINER_ID.test(c.Id))
      .map((c) => ({
        id: c.Id,
        name: (c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''),
        image: c.Image,
        state: c.State,
        status: c.Status,
        ...(c.Labels?.['com.jarvis.skill-runtime'] ? { runtime: c.Labels['com.jarvis.skill-runtime'] } : {}),
        ...(c.Labels?.['com.jarvis.worker-name'] ? { worker_name: c.Labels['com.jarvis.worker-name'] } : {}),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async mutate(id: string, action: DockerServiceAction): Promise<DockerSkillService> {
    if (!FULL_CONTAINER_ID.test(id)) {
      throw new DockerRefusal(
        'invalid',
        'INVALID_CONTAINER_ID',
        'Only a full 64-character container id is accepted (no names, no short ids).',
      );
    }
    const current = (await this.list()).find((s) => s.id === id);
    if (!current) {
      throw new DockerRefusal(
        'not_found',
        'NOT_A_SKILL_SERVICE',
        `No container with this id carries ${this.options.label}=${this.options.value}.`,
      );
    }
    try {
      await applyContainerAction((await this.client()).getContainer(current.id), action);
    } catch (err) {
      throw new DockerRefusal('bad_gateway', 'DOCKER_FAILED', `${action} failed: ${describeDockerError(err, this.options.socketPath)}`);
    }
    return (await this.list()).find((s) => s.id === id) ?? current;
  }
}
