import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeProjectName, containersByProject, describeCliError, listDockgeStacks } from './dockge-stacks';

let dir: string;
const made: string[] = [];
function stacksFolder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'dockge-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("Dockge's stacks folder", () => {
  it('lists each folder with a compose file, by folder name, with the project name Compose will use', async () => {
    const root = stacksFolder({
      'immich/compose.yaml': 'services:\n  server:\n    image: ghcr.io/immich-app/immich-server\n',
      'paperless/docker-compose.yml': 'name: paper\nservices:\n  web:\n    image: paperless\n',
      'notes/readme.txt': 'no compose file here',
      'Bad Name/compose.yaml': 'services: {}\n',
      'loose.yaml': 'services: {}\n',
    });
    expect(await listDockgeStacks(root)).toEqual([
      { name: 'immich', folder: join(root, 'immich'), file: join(root, 'immich/compose.yaml'), project: 'immich' },
      { name: 'paperless', folder: join(root, 'paperless'), file: join(root, 'paperless/docker-compose.yml'), project: 'paper' },
    ]);
  });

  it('refuses a folder that is not there, in plain words', async () => {
    await expect(listDockgeStacks('/nowhere/stacks')).rejects.toMatchObject({ code: 'DOCKGE_FOLDER_UNREADABLE' });
  });

  it('reads only a top-level name, and only a valid one', () => {
    expect(composeProjectName('name: "media"\nservices: {}')).toBe('media');
    expect(composeProjectName('services:\n  web:\n    name: inner\n')).toBeUndefined();
    expect(composeProjectName('name: Not Valid\n')).toBeUndefined();
  });

  it('groups docker ps lines by project, skipping lines that are not containers', () => {
    const id = 'a'.repeat(64);
    const out = `${id}\timmich-server-1\trunning\tUp 2 hours\timmich\tserver\n\n${'b'.repeat(64)}\tloose\texited\tExited (0)\t\t\ngarbage\n`;
    expect([...containersByProject(out)]).toEqual([
      ['immich', [{ id, name: 'immich-server-1', service: 'server', state: 'running', status: 'Up 2 hours' }]],
    ]);
  });

  it('says plainly when docker is missing or the daemon is not reachable', () => {
    expect(describeCliError({ code: 'ENOENT' })).toContain('nicht installiert');
    expect(
      describeCliError({
        code: 1,
        stderr: 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
      }),
    ).toContain('nicht erreichbar');
    expect(describeCliError({ code: 1, stderr: 'permission denied while trying to connect' })).toContain('keine Berechtigung');
  });
});
