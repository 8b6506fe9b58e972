import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const unit = readFileSync(join(root, 'deploy', 'jarvis.service'), 'utf8');

/** `Key=value` lines of one [Section] (a key may repeat). */
function section(name: string): [string, string][] {
  const body = unit.split(/^\[/m).find((s) => s.startsWith(`${name}]`)) ?? '';
  return body
    .split('\n')
    .slice(1)
    .filter((l) => /^[A-Za-z]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]);
}
const value = (name: string, key: string) => section(name).find(([k]) => k === key)?.[1];

describe('the systemd unit (deploy/jarvis.service)', () => {
  it('starts `jarvis serve` from the checkout with the settings file the docs name', () => {
    expect(value('Service', 'ExecStart')).toBe('/usr/bin/node /opt/jarvis/bin/jarvis.mjs serve');
    expect(existsSync(join(root, 'bin', 'jarvis.mjs'))).toBe(true);
    expect(value('Service', 'EnvironmentFile')).toBe('/etc/jarvis/jarvis.env');
    expect(readFileSync(join(root, 'docs', 'guides', 'home-server.md'), 'utf8')).toContain('/etc/jarvis/jarvis.env');
  });

  it('stops with the signal serve handles, restarts after a failure, and keeps its data writable', () => {
    expect(value('Service', 'KillSignal')).toBe('SIGTERM');
    expect(value('Service', 'Restart')).toBe('on-failure');
    expect(value('Service', 'ProtectSystem')).toBe('strict');
    expect(value('Service', 'ReadWritePaths')).toBe('/var/lib/jarvis');
    expect(section('Service').some(([k, v]) => k === 'Environment' && v === 'JARVIS_DATA=/var/lib/jarvis/jarvis.db')).toBe(true);
  });

  it('does not forbid the user namespaces the skill sandbox needs', () => {
    expect(value('Service', 'RestrictNamespaces')).toBeUndefined();
    expect(value('Service', 'PrivateUsers')).toBeUndefined();
    expect(value('Install', 'WantedBy')).toBe('multi-user.target');
  });
});
