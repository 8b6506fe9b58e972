import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copyTree, identify, InstallError } from './installer';
import { readSigningKey, signTrees, type SignatureFile } from './signature';
import { SIGNATURE_FILE, treeSha256 } from './tree-hash';

export interface SignResult {
  readonly id: string;
  readonly file: string;
  readonly signature: SignatureFile;
}

/**
 * The tree hashes an install of this folder can produce: `jarvis skill install` copies it
 * without symbolic links, and without scripts/ unless --with-scripts, so each variant is
 * hashed as the installer would leave it.
 */
function installableHashes(dir: string): string[] {
  const work = mkdtempSync(join(tmpdir(), 'jarvis-sign-'));
  try {
    const variants = existsSync(join(dir, 'scripts')) ? [true, false] : [true];
    return variants.map((withScripts, i) => {
      const copy = join(work, String(i));
      copyTree(dir, copy, withScripts, []);
      return treeSha256(copy);
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `jarvis skill sign`: writes `.jarvis-signature.json` into a skill folder. */
export function signSkillFolder(folder: string, keyFile: string): SignResult {
  const dir = resolve(folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InstallError(`${folder} is not a folder`, true);
  let key;
  try {
    key = readSigningKey(keyFile);
  } catch (err) {
    throw new InstallError((err as Error).message, true);
  }
  const { id } = identify(dir);
  const signature = signTrees(id, installableHashes(dir), key.keyId, key.key);
  const file = join(dir, SIGNATURE_FILE);
  writeFileSync(file, `${JSON.stringify(signature, null, 2)}\n`);
  return { id, file, signature };
}
