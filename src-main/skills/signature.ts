import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { userSkillsDir } from './installer';
import { SIGNATURE_FILE } from './tree-hash';

export const SIGNATURE_PROTOCOL = 'jarvis.skill.signature.v1';
export const SIGNING_KEY_PROTOCOL = 'jarvis.skill.key.v1';
/** A signature file or key list larger than this is no honest one. */
const MAX_FILE_BYTES = 64 * 1024;
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * What a signature covers: the skill's id and its tree SHA-256, under a fixed prefix so a
 * signature made for anything else never verifies as a skill signature.
 */
export function signatureMessage(skillId: string, sha256: string): Buffer {
  return Buffer.from(`${SIGNATURE_PROTOCOL}\n${skillId}\n${sha256}\n`, 'utf8');
}

export interface SignedTree {
  readonly sha256: string;
  /** Ed25519 over signatureMessage(skill, sha256), base64. */
  readonly signature: string;
}

/** `.jarvis-signature.json`: one key, and the trees it signs (with and without scripts/). */
export interface SignatureFile {
  readonly protocol: typeof SIGNATURE_PROTOCOL;
  readonly skill: string;
  readonly key_id: string;
  readonly trees: readonly SignedTree[];
}

export type SignatureVerdict =
  | { readonly state: 'none' }
  | { readonly state: 'valid'; readonly key_id: string }
  | { readonly state: 'unknown-key'; readonly key_id: string }
  | { readonly state: 'invalid'; readonly key_id?: string; readonly reason: string };

export interface TrustedKey {
  readonly key: KeyObject;
  /** The raw public key, base64: what a remembered verification is keyed by. */
  readonly raw: string;
}

export interface TrustedKeys {
  readonly file: string;
  readonly keys: ReadonlyMap<string, TrustedKey>;
  /** Lines that could not be read; they trust nothing. */
  readonly errors: readonly string[];
}

/** The household key list: JARVIS_SKILL_TRUSTED_KEYS_FILE, else beside the user skills folder. */
export function trustedKeysFile(config: { skillTrustedKeysFile?: string | undefined; skillsUserDir?: string | undefined }): string {
  return resolve(config.skillTrustedKeysFile ?? join(dirname(userSkillsDir(config)), 'trusted-skill-keys.txt'));
}

function publicKeyFromRaw(base64: string): KeyObject {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** The line `jarvis skill keygen` prints for the household key list. */
export function publicKeyLine(keyId: string, key: KeyObject): string {
  const pub = key.type === 'public' ? key : createPublicKey(key);
  const x = (pub.export({ format: 'jwk' }) as { x?: string }).x ?? '';
  return `${keyId} ed25519 ${Buffer.from(x, 'base64url').toString('base64')}`;
}

/** Lines `<name> ed25519 <base64 public key>`; `#` starts a comment. */
export function parseTrustedKeys(text: string, file = ''): TrustedKeys {
  const keys = new Map<string, TrustedKey>();
  const errors: string[] = [];
  for (const [i, full] of text.split('\n').entries()) {
    const line = full.replace(/#.*/, '').trim();
    if (!line) continue;
    const [id, kind, value, ...rest] = line.split(/\s+/);
    try {
      if (!id || !KEY_ID.test(id) || kind !== 'ed25519' || !value || rest.length > 0)
        throw new Error('expected "<name> ed25519 <base64 public key>"');
      if (keys.has(id)) throw new Error(`the name ${id} is listed twice`);
      const key = publicKeyFromRaw(value);
      keys.set(id, { key, raw: Buffer.from(value, 'base64').toString('base64') });
    } catch (err) {
      errors.push(`${file}:${i + 1}: ${(err as Error).message}`);
    }
  }
  return { file, keys, errors };
}

/** A missing list trusts no key and is no error: most households have none. */
export function readTrustedKeys(file: string): TrustedKeys {
  let text: string;
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return { file, keys: new Map(), errors: [`${file}: not a key list file`] };
    text = readFileSync(file, 'utf8');
  } catch {
    return { file, keys: new Map(), errors: [] };
  }
  return parseTrustedKeys(text, file);
}

function parseSignatureFile(text: string): SignatureFile | undefined {
  let value: Partial<SignatureFile>;
  try {
    value = JSON.parse(text) as Partial<SignatureFile>;
  } catch {
    return undefined;
  }
  const trees = value.trees;
  if (
    value.protocol !== SIGNATURE_PROTOCOL ||
    typeof value.skill !== 'string' ||
    typeof value.key_id !== 'string' ||
    !KEY_ID.test(value.key_id) ||
    !Array.isArray(trees) ||
    trees.length === 0 ||
    trees.length > 8 ||
    !trees.every((t: Partial<SignedTree>) => typeof t?.sha256 === 'string' && SHA256_HEX.test(t.sha256) && typeof t.signature === 'string')
  )
    return undefined;
  return value as SignatureFile;
}

/**
 * Checks a skill folder's signature against the household keys. `sha256` is the tree hash
 * computed from the files now, never the one the signature file names: a signature verifies
 * only when the files are exactly the signed ones.
 */
export function verifySkillSignature(dir: string, skillId: string, sha256: string, trusted: TrustedKeys): SignatureVerdict {
  const file = join(dir, SIGNATURE_FILE);
  let text: string;
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return { state: 'invalid', reason: `${SIGNATURE_FILE} is not a signature file` };
    text = readFileSync(file, 'utf8');
  } catch {
    return { state: 'none' };
  }
  const signed = parseSignatureFile(text);
  if (!signed) return { state: 'invalid', reason: `${SIGNATURE_FILE} cannot be read as a ${SIGNATURE_PROTOCOL} file` };
  const key = trusted.keys.get(signed.key_id);
  if (!key) return { state: 'unknown-key', key_id: signed.key_id };
  if (signed.skill !== skillId)
    return { state: 'invalid', key_id: signed.key_id, reason: `the signature is for the skill "${signed.skill}", not "${skillId}"` };
  const tree = signed.trees.find((t) => t.sha256 === sha256);
  if (!tree) return { state: 'invalid', key_id: signed.key_id, reason: 'the files are not the ones that were signed' };
  return verifyOnce(key, signatureMessage(skillId, sha256), tree.signature)
    ? { state: 'valid', key_id: signed.key_id }
    : { state: 'invalid', key_id: signed.key_id, reason: 'the signature does not match' };
}

/**
 * Verified signatures, remembered: an Ed25519 verification costs about 0.3 ms, and every
 * reload checks every signed skill again. A verdict depends only on key, message and
 * signature, so it never goes stale; the bound keeps a long-running master small.
 */
const remembered = new Map<string, boolean>();
const REMEMBER_AT_MOST = 4096;

function verifyOnce(key: TrustedKey, message: Buffer, signature: string): boolean {
  const id = `${key.raw}\0${message.toString('base64')}\0${signature}`;
  const known = remembered.get(id);
  if (known !== undefined) return known;
  let ok = false;
  try {
    ok = verify(null, message, key.key, Buffer.from(signature, 'base64'));
  } catch {
    ok = false;
  }
  if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
  remembered.set(id, ok);
  return ok;
}

/** A new key pair: the private key file's text (keep it secret) and the public line for the household key list. */
export function generateSigningKey(keyId: string): { privateKeyFile: string; publicLine: string } {
  if (!KEY_ID.test(keyId)) throw new Error(`key name ${JSON.stringify(keyId)}: letters, digits, . _ @ - (at most 64)`);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const privateKeyFile = `${JSON.stringify({ protocol: SIGNING_KEY_PROTOCOL, key_id: keyId, private_key: pem }, null, 2)}\n`;
  return { privateKeyFile, publicLine: publicKeyLine(keyId, publicKey) };
}

/** A key file written by generateSigningKey. */
export function readSigningKey(file: string): { keyId: string; key: KeyObject } {
  let value: { protocol?: unknown; key_id?: unknown; private_key?: unknown };
  try {
    value = JSON.parse(readFileSync(file, 'utf8')) as typeof value;
  } catch {
    throw new Error(`${file} is not a signing key file (jarvis skill keygen writes one)`);
  }
  if (value.protocol !== SIGNING_KEY_PROTOCOL || typeof value.key_id !== 'string' || !KEY_ID.test(value.key_id))
    throw new Error(`${file} is not a signing key file (jarvis skill keygen writes one)`);
  let key: KeyObject;
  try {
    key = createPrivateKey(String(value.private_key));
  } catch {
    throw new Error(`${file} holds no readable private key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file} does not hold an Ed25519 key`);
  return { keyId: value.key_id, key };
}

export function signTrees(skillId: string, sha256s: readonly string[], keyId: string, key: KeyObject): SignatureFile {
  return {
    protocol: SIGNATURE_PROTOCOL,
    skill: skillId,
    key_id: keyId,
    trees: [...new Set(sha256s)].map((sha256) => ({
      sha256,
      signature: sign(null, signatureMessage(skillId, sha256), key).toString('base64'),
    })),
  };
}
