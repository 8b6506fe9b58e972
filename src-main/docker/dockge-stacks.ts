import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COMPOSE_PROJECT_NAME, type ComposeContainerView, type ComposeStackAction, type ComposeStackView } from '../../src-shared';
import { DockerRefusal } from './skill-services';

/** The file names Dockge accepts in a stack's folder, in the order it looks for them. */
export const DOCKGE_COMPOSE_FILES = ['compose.yaml', 'docker-compose.yml', 'docker-compose.yaml', 'compose.yml'] as const;

export interface DockgeStack {
  /** The folder's name: what Dockge shows and what the household calls the stack. */
  readonly name: string;
  readonly folder: string;
  readonly file: string;
  /** The Compose project name: a top-level `name:` in the file, otherwise the folder's name. */
  readonly project: string;
}

/** A top-level `name:` of a compose file; Compose then uses it instead of the folder's name. */
export function composeProjectName(text: string): string | undefined {
  const match = /^name:[ \t]*["']?([^"'#\s]+)["']?[ \t]*(?:#.*)?$/m.exec(text);
  return match && COMPOSE_PROJECT_NAME.test(match[1]!) ? match[1] : undefined;
}

/**
 * The stacks in Dockge's folder: each sub-folder whose name is a Compose project name and
 * that holds a compose file. A missing or unreadable folder is a refusal the screen shows.
 */
export async function listDockgeStacks(dir: string): Promise<DockgeStack[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new DockerRefusal(
      'unavailable',
      'DOCKGE_FOLDER_UNREADABLE',
      code === 'ENOENT' ? `Der Stacks-Ordner ${dir} existiert nicht.` : `Der Stacks-Ordner ${dir} kann nicht gelesen werden.`,
    );
  }
  const stacks: DockgeStack[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !COMPOSE_PROJECT_NAME.test(entry.name)) continue;
    const folder = join(dir, entry.name);
    const names = new Set(await readdir(folder).catch(() => [] as string[]));
    const fileName = DOCKGE_COMPOSE_FILES.find((f) => names.has(f));
    if (!fileName) continue;
    const file = join(folder, fileName);
    const text = await readFile(file, 'utf8').catch(() => '');
    stacks.push({ name: entry.name, folder, file, project: composeProjectName(text) ?? entry.name });
  }
  return stacks.sort((a, b) => a.name.localeCompare(b.name));
}

export interface DockerRun {
  readonly stdout: string;
}

/** Runs the docker CLI; rejects with the child's error (code, stderr) as execFile gives it. */
export type DockerRunner = (args: readonly string[], options: { cwd?: string; timeoutMs: number }) => Promise<DockerRun>;

export function dockerCli(socketPath: string): DockerRunner {
  return (args, { cwd, timeoutMs }) =>
    new Promise((resolve, reject) => {
      execFile(
        'docker',
        [...args],
        {
          ...(cwd ? { cwd } : {}),
          timeout: timeoutMs,
          maxBuffer: 4 * 1024 * 1024,
          // The CLI talks to the same engine as the rest of JARVIS.
          env: { ...process.env, DOCKER_HOST: `unix://${socketPath}` },
        },
        (err, stdout, stderr) => (err ? reject(Object.assign(err, { stderr: String(stderr) })) : resolve({ stdout: String(stdout) })),
      );
    });
}

/** The docker CLI's failure in words a household can act on. */
export function describeCliError(err: unknown): string {
  const e = err as { code?: string | number; stderr?: string; killed?: boolean };
  if (e.code === 'ENOENT') return 'Das Programm docker ist auf diesem Computer nicht installiert.';
  if (e.killed) return 'Docker hat nicht rechtzeitig geantwortet.';
  const stderr = e.stderr ?? '';
  if (/cannot connect to the docker daemon|no such file or directory.*docker\.sock|connection refused/i.test(stderr)) {
    return 'Docker ist nicht erreichbar (läuft Docker, ist der Socket eingebunden?).';
  }
  if (/permission denied/i.test(stderr)) return 'JARVIS darf Docker nicht benutzen (keine Berechtigung für den Docker-Socket).';
  const first = stderr
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return first ? `Docker meldet: ${first.slice(0, 200)}` : 'Docker hat den Befehl abgelehnt.';
}

const PS_FORMAT =
  '{{.ID}}\t{{.Names}}\t{{.State}}\t{{.Status}}\t{{.Label "com.docker.compose.project"}}\t{{.Label "com.docker.compose.service"}}';

/** `docker ps` lines -> the Compose containers by project. */
export function containersByProject(stdout: string): Map<string, ComposeContainerView[]> {
  const byProject = new Map<string, ComposeContainerView[]>();
  for (const line of stdout.split('\n')) {
    const [id, name, state, status, project, service] = line.split('\t');
    if (!id || !project || !/^[0-9a-f]{12,64}$/.test(id)) continue;
    const list = byProject.get(project) ?? [];
    list.push({ id, name: name ?? '', service: service ?? '', state: state ?? '', status: status ?? '' });
    byProject.set(project, list);
  }
  for (const list of byProject.values()) list.sort((a, b) => a.service.localeCompare(b.service) || a.name.localeCompare(b.name));
  return byProject;
}

function stateOf(containers: readonly ComposeContainerView[]): ComposeStackView['state'] {
  const running = containers.filter((c) => c.state === 'running').length;
  if (running === 0) return 'stopped';
  return running === containers.length ? 'running' : 'partial';
}

/** What each action runs, as Dockge runs it in the stack's folder. */
const COMPOSE_ARGS: Record<ComposeStackAction, readonly string[]> = {
  start: ['up', '-d', '--remove-orphans'],
  stop: ['stop'],
  restart: ['restart'],
};

const LIST_TIMEOUT_MS = 15_000;
const ACTION_TIMEOUT_MS = 180_000;

/**
 * The stacks Dockge manages: listed from its folder, their state from `docker ps`, and
 * started, stopped or restarted with `docker compose` on the stack's own file. Only a folder
 * of the stacks folder is ever named to docker; the name is checked against a fresh listing.
 */
export class DockgeStackController {
  constructor(
    private readonly dir: () => string | undefined,
    private readonly run: DockerRunner,
  ) {}

  async stacks(): Promise<DockgeStack[]> {
    const dir = this.dir();
    return dir ? listDockgeStacks(dir) : [];
  }

  async list(): Promise<ComposeStackView[]> {
    const stacks = await this.stacks();
    if (stacks.length === 0) return [];
    let stdout: string;
    try {
      ({ stdout } = await this.run(['ps', '--all', '--no-trunc', '--filter', 'label=com.docker.compose.project', '--format', PS_FORMAT], {
        timeoutMs: LIST_TIMEOUT_MS,
      }));
    } catch (err) {
      throw new DockerRefusal('unavailable', 'DOCKER_UNAVAILABLE', describeCliError(err));
    }
    const byProject = containersByProject(stdout);
    return stacks.map((s) => {
      const containers = byProject.get(s.project) ?? [];
      return { name: s.name, source: 'dockge', state: stateOf(containers), containers };
    });
  }

  async act(name: string, action: ComposeStackAction): Promise<ComposeStackView> {
    const stack = (await this.stacks()).find((s) => s.name === name);
    if (!stack) throw new DockerRefusal('not_found', 'STACK_NOT_FOUND', `Im Stacks-Ordner gibt es keinen Stack „${name}“.`);
    try {
      await this.run(['compose', '-f', stack.file, '--project-directory', stack.folder, ...COMPOSE_ARGS[action]], {
        cwd: stack.folder,
        timeoutMs: ACTION_TIMEOUT_MS,
      });
    } catch (err) {
      throw new DockerRefusal('bad_gateway', 'DOCKER_FAILED', `${name}: ${describeCliError(err)}`);
    }
    return (await this.list()).find((s) => s.name === name)!;
  }
}
