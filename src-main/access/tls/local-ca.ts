import './reflect-metadata-shim';
import * as x509 from '@peculiar/x509';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { webcrypto, X509Certificate as NodeCertificate } from 'node:crypto';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { NAME_CONSTRAINTS_OID, nameConstraintsDer, permits, permittedNames, type PermittedNames } from './name-constraints';

// JARVIS's own certificate authority for the LAN listener. Phones trust it once (the
// pairing page offers it); the server certificate it signs names the addresses and host
// names the household's devices use. Everything lives in one folder beside the database.

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** The CA outlives many server certificates: a phone trusts it once. */
const CA_DAYS = 3650;
/** Apple refuses server certificates valid longer than 825 days; a year keeps us well inside. */
const LEAF_DAYS = 397;
/** A server certificate is made anew this long before it runs out. */
export const RENEW_BEFORE_MS = 30 * DAY_MS;

export interface TlsMaterial {
  readonly caPem: string;
  readonly certPem: string;
  readonly keyPem: string;
  /** When the server certificate runs out. */
  readonly notAfter: Date;
  /** The names and addresses the server certificate is valid for. */
  readonly names: readonly string[];
}

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

// x509's types name the DOM's Crypto, which Node's webcrypto is at run time.
(x509.cryptoProvider.set as (this: typeof x509.cryptoProvider, crypto: unknown) => unknown).call(x509.cryptoProvider, webcrypto);

function serial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = bytes[0]! & 0x7f; // a positive INTEGER
  return Buffer.from(bytes).toString('hex');
}

function toPem(der: ArrayBuffer, label: string): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

async function importKey(pem: string): Promise<CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, ALGORITHM, true, ['sign']) as Promise<CryptoKey>;
}

async function newKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

async function privatePem(key: CryptoKey): Promise<string> {
  return toPem((await webcrypto.subtle.exportKey('pkcs8', key)) as ArrayBuffer, 'PRIVATE KEY');
}

/** Writes a file readable by its owner only, replacing any earlier one in one step. */
function writePrivate(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

function writePublic(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, text, { mode: 0o644 });
  renameSync(tmp, file);
}

async function createCa(now: Date, permitted: PermittedNames): Promise<{ caPem: string; caKeyPem: string }> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=JARVIS Home Command local CA, O=JARVIS Home Command',
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + CA_DAYS * DAY_MS),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      // Critical: a client that cannot read the constraints must not trust the CA at all.
      new x509.Extension(NAME_CONSTRAINTS_OID, true, new Uint8Array(nameConstraintsDer(permitted))),
    ],
  });
  return { caPem: cert.toString('pem') + '\n', caKeyPem: await privatePem(keys.privateKey) };
}

async function createLeaf(
  caPem: string,
  caKeyPem: string,
  names: readonly string[],
  now: Date,
): Promise<{ certPem: string; keyPem: string }> {
  const ca = new x509.X509Certificate(caPem);
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${names.find((n) => isIP(n) === 0) ?? names[0] ?? 'jarvis'}`,
    issuer: ca.subject,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + LEAF_DAYS * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: await importKey(caKeyPem),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((n) => ({ type: isIP(n) ? ('ip' as const) : ('dns' as const), value: n }))),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem') + '\n', keyPem: await privatePem(keys.privateKey) };
}

function readPermitted(file: string): PermittedNames | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<PermittedNames>;
    return Array.isArray(parsed.dns) && Array.isArray(parsed.ip) ? { dns: parsed.dns, ip: parsed.ip } : undefined;
  } catch {
    return undefined;
  }
}

/** The names in a certificate's subjectAltName, as plain strings. */
export function namesOf(certPem: string): string[] {
  const alt = new NodeCertificate(certPem).subjectAltName ?? '';
  return alt
    .split(', ')
    .map((entry) => entry.replace(/^(DNS|IP Address):/, ''))
    .filter((n) => n.length > 0);
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  const norm = (list: readonly string[]) => [...new Set(list.map((n) => n.toLowerCase()))].sort().join(',');
  return norm(a) === norm(b);
}

/**
 * The CA and the server certificate in `dir`: made on first use, the server certificate
 * made anew when it runs out within RENEW_BEFORE_MS or when the names changed. The CA is
 * kept, so phones that trust it keep trusting the new server certificate.
 */
export async function ensureTlsMaterial(dir: string, names: readonly string[], now: Date): Promise<TlsMaterial> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = {
    ca: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    permitted: join(dir, 'ca-permitted.json'),
    cert: join(dir, 'server.crt'),
    key: join(dir, 'server.key'),
  };
  let caPem: string;
  let caKeyPem: string;
  // A CA made before name constraints existed has no permitted list and is kept: phones
  // trust it. A constrained CA that does not cover a new name (the host was renamed to a
  // name outside the home suffixes) is made anew, and phones must trust the new one.
  const permitted = readPermitted(files.permitted);
  const fits = !permitted || permits(permitted, names);
  if (existsSync(files.ca) && existsSync(files.caKey) && fits) {
    caPem = readFileSync(files.ca, 'utf8');
    caKeyPem = readFileSync(files.caKey, 'utf8');
  } else {
    const constraints = permittedNames(names);
    ({ caPem, caKeyPem } = await createCa(now, constraints));
    writePrivate(files.caKey, caKeyPem);
    writePublic(files.ca, caPem);
    writePublic(files.permitted, `${JSON.stringify(constraints)}\n`);
  }
  if (existsSync(files.cert) && existsSync(files.key)) {
    const certPem = readFileSync(files.cert, 'utf8');
    const current = new NodeCertificate(certPem);
    const notAfter = new Date(current.validTo);
    const issuedByOurCa = current.checkIssued(new NodeCertificate(caPem));
    if (issuedByOurCa && notAfter.getTime() - now.getTime() > RENEW_BEFORE_MS && sameNames(namesOf(certPem), names)) {
      return { caPem, certPem, keyPem: readFileSync(files.key, 'utf8'), notAfter, names: namesOf(certPem) };
    }
  }
  const { certPem, keyPem } = await createLeaf(caPem, caKeyPem, names, now);
  writePrivate(files.key, keyPem);
  writePublic(files.cert, certPem);
  return { caPem, certPem, keyPem, notAfter: new Date(new NodeCertificate(certPem).validTo), names: namesOf(certPem) };
}
