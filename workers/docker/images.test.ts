import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The images cannot be built here (no registry images are reachable), so their structure
// and security options are checked by parsing: what compose would run, and what each
// Dockerfile installs and as whom.

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const RUNTIMES: Record<string, { dockerfile: string; base: RegExp }> = {
  python: { dockerfile: 'Dockerfile.python', base: /^FROM python:3\.13/m },
  node: { dockerfile: 'Dockerfile.node', base: /^FROM node:22/m },
  go: { dockerfile: 'Dockerfile.golang', base: /^FROM golang:1\.23/m },
  rust: { dockerfile: 'Dockerfile.rust', base: /^FROM rust:/m },
  c: { dockerfile: 'Dockerfile.c', base: /^FROM gcc:/m },
  cpp: { dockerfile: 'Dockerfile.cpp', base: /cmake/ },
  csharp: { dockerfile: 'Dockerfile.csharp', base: /^FROM mcr\.microsoft\.com\/dotnet\/sdk:8\.0/m },
};

interface Service {
  profiles?: string[];
  build?: { context: string; dockerfile: string };
  labels?: Record<string, string>;
  cap_drop?: string[];
  security_opt?: string[];
  read_only?: boolean;
  tmpfs?: string[];
  mem_limit?: string;
  pids_limit?: number;
  privileged?: boolean;
  volumes?: string[];
  environment?: Record<string, string>;
  network_mode?: string;
}

const compose = parse(readFileSync(join(here, '..', 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const services = Object.entries(compose.services);

describe('workers/compose.yaml', () => {
  it('has one worker per runtime and a 1 container = 1 skill example', () => {
    const runtimes = services.map(([, s]) => s.labels?.['com.jarvis.skill-runtime']);
    for (const rt of Object.keys(RUNTIMES)) expect(runtimes, rt).toContain(rt);
    const single = services.filter(([, s]) => s.volumes?.some((v) => /^\.\.\/skills\/[a-z]+\/[^/:]+:\/skills/.test(v)));
    expect(single.length).toBeGreaterThanOrEqual(1);
    for (const [, s] of single) expect(existsSync(join(here, '..', s.volumes![0]!.split(':')[0]!, 'skill.json'))).toBe(true);
  });

  it.each(services)('%s runs locked down, labelled, with one read-only /skills and no docker.sock', (name, s) => {
    expect(s.profiles).toEqual(['skill-workers']);
    expect(s.labels?.['com.jarvis.skill-service']).toBe('true');
    expect(s.labels?.['com.jarvis.worker-name']).toBe(s.environment?.JARVIS_WORKER_NAME);
    expect(s.labels?.['com.jarvis.skill-runtime']).toBe(s.environment?.JARVIS_WORKER_RUNTIME);
    expect(s.cap_drop).toEqual(['ALL']);
    expect(s.security_opt).toContain('no-new-privileges:true');
    expect(s.read_only).toBe(true);
    expect(s.tmpfs?.some((t) => t.startsWith('/tmp'))).toBe(true);
    expect(s.mem_limit).toMatch(/^[0-9]+[mg]$/);
    expect(s.pids_limit).toBeGreaterThan(0);
    expect(s.privileged ?? false).toBe(false);
    expect(s.network_mode).toBeUndefined();
    const mounts = s.volumes ?? [];
    expect(
      mounts.filter((v) => v.split(':')[1] === '/skills'),
      name,
    ).toHaveLength(1);
    // Besides /skills, only the worker's own named volume for its key, where its data folder is.
    expect(mounts).toHaveLength(2);
    expect(mounts[0]).toMatch(/:ro$/);
    expect(mounts[1]).toBe(`${name}-key:/var/lib/jarvis-worker`);
    expect(s.environment?.JARVIS_WORKER_DATA_DIR).toBe('/var/lib/jarvis-worker');
    expect(compose.volumes).toHaveProperty(`${name}-key`);
    expect(JSON.stringify(s)).not.toContain('docker.sock');
    expect(existsSync(join(here, '..', mounts[0]!.split(':')[0]!)), mounts[0]).toBe(true);
    // The token comes from the environment; compose refuses to start without it.
    expect(s.environment?.JARVIS_MESH_ENROLLMENT_TOKEN).toMatch(/^\$\{JARVIS_MESH_ENROLLMENT_TOKEN:\?/);
    expect(existsSync(join(root, s.build!.dockerfile))).toBe(true);
  });
});

describe('workers/docker/Dockerfile.<runtime>', () => {
  it.each(Object.entries(RUNTIMES))('%s: toolchain, Node for the worker, the bundle, a non-root user', (rt, { dockerfile, base }) => {
    const text = readFileSync(join(here, dockerfile), 'utf8');
    expect(text).toMatch(base);
    expect(text).toMatch(/node scripts\/build\.mjs worker/);
    // The build script runs with the modules it imports next to it.
    for (const [, dep] of readFileSync(join(root, 'scripts/build.mjs'), 'utf8').matchAll(/^import .* from '\.\/([^']+)';$/gm)) {
      expect(text, dep).toMatch(new RegExp(`^COPY [^\\n]*scripts/${dep!.replace('.', '\\.')}`, 'm'));
    }
    expect(text).toMatch(/COPY --from=bundle \/src\/dist\/worker\/jarvis-skill-worker\.mjs /);
    expect(text).toMatch(/ENTRYPOINT \["node", "\/opt\/jarvis\/jarvis-skill-worker\.mjs"\]/);
    expect(text).toMatch(new RegExp(`JARVIS_WORKER_RUNTIME=${rt}\\b`));
    const users = [...text.matchAll(/^USER (\S+)/gm)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(0|root)(:|$)/);
    // The last stage runs as that user: nothing after USER switches back.
    expect(text.slice(text.lastIndexOf('USER '))).not.toMatch(/^FROM /m);
    // The key folder belongs to that user, so its named volume starts writable for it: else
    // the worker makes a new key each start and the household must allow it again.
    expect(text).toMatch(new RegExp(`chown ${users.at(-1)} /var/lib/jarvis-worker`));
    expect(text).toMatch(/JARVIS_WORKER_DATA_DIR=\/var\/lib\/jarvis-worker/);
    expect(text).not.toContain('docker.sock');
    expect(text).not.toMatch(/^COPY \.\s/m);
  });
});
