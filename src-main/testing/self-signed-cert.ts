import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCert {
  readonly key: string;
  readonly cert: string;
  /** SHA-256 of the certificate, 64 lowercase hex digits (what a household pins). */
  readonly fingerprint: string;
}

/** A fresh self-signed certificate for 127.0.0.1, as a home device (Proxmox, UniFi console) presents one. */
export function selfSignedCert(): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-cert-'));
  try {
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
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore', timeout: 20_000 },
    );
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert,
      fingerprint: new X509Certificate(cert).fingerprint256.replace(/:/g, '').toLowerCase(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
