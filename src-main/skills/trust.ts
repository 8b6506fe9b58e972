import {
  DANGEROUS_CAPABILITIES,
  type SkillCapability,
  type SkillIntegrity,
  type SkillSignatureInfo,
  type SkillTier,
  type SkillTrust,
} from '../../src-shared';
import { readInstallRecord } from './install-record';
import { verifySkillSignature, type TrustedKeys } from './signature';
import { INSTALL_RECORD } from './tree-hash';

/** What decides an installed skill's trust: where it came from and whether its files are still the ones recorded or signed. */
export interface TrustVerdict {
  readonly trust: SkillTrust;
  /** Only for a skill with an install record. */
  readonly integrity?: SkillIntegrity;
  /** Only for a skill with a signature file. */
  readonly signature?: SkillSignatureInfo;
  /** Why the skill does not run and is not offered; undefined when it may. */
  readonly blocked?: string;
  readonly warnings: readonly string[];
}

interface Judged {
  readonly id: string;
  readonly dir: string;
  readonly tier: SkillTier;
  readonly trust: SkillTrust;
  /** The SHA-256 its install record names. */
  readonly sha256?: string;
  readonly capabilities: readonly string[];
}

function reinstallCommand(source: string): string {
  const hash = source.lastIndexOf('#');
  return hash > 0
    ? `jarvis skill install --force ${source.slice(0, hash)} --path ${source.slice(hash + 1)}`
    : `jarvis skill install --force ${source}`;
}

/**
 * Workspace and bundled skills are trusted by where they are. An installed (user) skill is
 * trusted by its files: changed since the install, or carrying a signature that fails or
 * that no household key vouches for, it is held back; a valid signature makes it `indexed`.
 * `now` is the tree hash of the files as they are.
 */
export function judgeTrust(s: Judged, now: string, keys: TrustedKeys): TrustVerdict | undefined {
  if (s.tier !== 'user') return undefined;
  const warnings: string[] = [];
  const held: string[] = [];
  const integrity: SkillIntegrity | undefined = s.sha256 === undefined ? undefined : s.sha256 === now ? 'verified' : 'modified';
  if (integrity === 'modified') {
    const source = readInstallRecord(s.dir)?.source;
    held.push(
      `modified since it was installed (its files no longer match the SHA-256 in ${INSTALL_RECORD}): ` +
        `it does not run until you reinstall it with \`${source ? reinstallCommand(source) : 'jarvis skill install --force <source>'}\` ` +
        `or remove it with \`jarvis skill remove ${s.id}\``,
    );
  }
  const verdict = verifySkillSignature(s.dir, s.id, now, keys);
  let signature: SkillSignatureInfo | undefined;
  if (verdict.state === 'valid') signature = { state: 'valid', key_id: verdict.key_id };
  else if (verdict.state === 'unknown-key') {
    signature = { state: 'unknown-key', key_id: verdict.key_id };
    held.push(
      `signed with the key "${verdict.key_id}", which is not in the household key list (${keys.file}): ` +
        `it does not run until you add that key or remove the skill (\`jarvis skill remove ${s.id}\`)`,
    );
  } else if (verdict.state === 'invalid') {
    signature = { state: 'invalid', ...(verdict.key_id ? { key_id: verdict.key_id } : {}), reason: verdict.reason };
    // Modified since the install, the signature fails as a consequence; the reinstall fixes both.
    if (integrity !== 'modified')
      held.push(
        `its signature fails (${verdict.reason}): it does not run until you reinstall it from its index or remove it (\`jarvis skill remove ${s.id}\`)`,
      );
  }
  // Only a signature that verifies makes a skill indexed; a record saying so proves nothing.
  const trust: SkillTrust = signature?.state === 'valid' && held.length === 0 ? 'indexed' : 'unreviewed';
  if (s.trust === 'indexed' && trust !== 'indexed')
    warnings.push(`its install record says "indexed", but no household key signs these files: treated as unreviewed`);
  if (trust === 'unreviewed') {
    for (const c of s.capabilities)
      if (DANGEROUS_CAPABILITIES.includes(c as SkillCapability))
        warnings.push(
          `unreviewed and declares ${c}: it can act with your user's rights; prefer running it on a skill worker container (sandbox)`,
        );
  }
  return {
    trust,
    ...(integrity ? { integrity } : {}),
    ...(signature ? { signature } : {}),
    ...(held.length > 0 ? { blocked: held.join('; ') } : {}),
    warnings,
  };
}
