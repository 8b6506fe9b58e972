import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A self-signed certificate made in the test, as a Hue bridge, a Proxmox host or a UniFi
// console present one: no CA, so only a pinned fingerprint can trust it. Made by the
// openssl command (Node can read certificates but not issue them).

export interface SelfSignedCert {
  readonly key: string;
  readonly cert: string;
  /** SHA-256 of the DER certificate, 64 lower-case hex digits. */
  readonly fingerprint: string;
}

export function selfSignedCert(commonName = 'stand-in'): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-cert-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore', timeout: 20_000 },
    );
    const cert = readFileSync(certFile, 'utf8');
    return {
      key: readFileSync(keyFile, 'utf8'),
      cert,
      fingerprint: new X509Certificate(cert).fingerprint256.replace(/:/g, '').toLowerCase(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
