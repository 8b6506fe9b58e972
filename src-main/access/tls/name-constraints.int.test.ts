// A phone checks a certificate the way OpenSSL does: the CA's name constraints must keep a
// certificate for any name outside the home network from being accepted, even one signed
// with the CA's own key.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTlsMaterial } from './local-ca';

const dir = mkdtempSync(join(tmpdir(), 'jarvis-nc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const openssl = (...args: string[]) => spawnSync('openssl', args, { encoding: 'utf8', cwd: dir });

/** A server certificate for `san`, signed with the household CA's key as a thief would. */
function forgedLeaf(name: string, san: string): string {
  execFileSync(
    'openssl',
    [
      'req',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-subj',
      `/CN=${san.split(':')[1]}`,
      '-out',
      `${name}.csr`,
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${san}\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  execFileSync(
    'openssl',
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  return `${name}.crt`;
}

describe.skipIf(spawnSync('openssl', ['version']).status !== 0)('the household CA’s name constraints', () => {
  it('the server certificate verifies; one for a site on the internet, signed with the same key, does not', async () => {
    await ensureTlsMaterial(dir, ['jarvis-pc.local', '192.168.1.20', 'jarvis-pc'], new Date());
    const text = openssl('x509', '-in', 'ca.crt', '-noout', '-text').stdout;
    expect(text).toMatch(/X509v3 Name Constraints: critical/);
    expect(text).toMatch(/DNS:local\b/);
    expect(text).toMatch(/IP:192\.168\.0\.0\/255\.255\.0\.0/);
    expect(openssl('verify', '-CAfile', 'ca.crt', 'server.crt').stdout).toMatch(/server\.crt: OK/);
    for (const [name, san] of [
      ['bank', 'DNS:www.bank.example'],
      ['public-ip', 'IP:203.0.113.7'],
    ] as const) {
      const forged = forgedLeaf(name, san);
      const verdict = openssl('verify', '-CAfile', 'ca.crt', forged);
      expect(verdict.status, san).not.toBe(0);
      expect(`${verdict.stdout}${verdict.stderr}`).toMatch(/permitted subtree violation/);
    }
    // A name of the home network that was not there when the CA was made is still covered.
    const later = forgedLeaf('printer', 'DNS:drucker.fritz.home.arpa');
    expect(openssl('verify', '-CAfile', 'ca.crt', later).stdout).toMatch(/OK/);
  });
});
