import { canonicalJson, type EvidenceItem, type EvidenceManifest, type JarvisEvent } from '../../src-shared';
import { sha256Hex } from './chain';
import type { Signer } from './signing-key';

type Json = Record<string, unknown>;

/** The protocol part of an export: the whole file for `/api/protocol/export`, `protocol` inside EXPORT DEBUG. */
export interface ProtocolPart extends Json {
  records?: Record<string, unknown[]>;
  events?: JarvisEvent[];
  manifest?: EvidenceManifest;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function protocolPartOf(document: unknown): ProtocolPart | undefined {
  if (!isObject(document)) return undefined;
  if (Array.isArray(document.events)) return document as ProtocolPart;
  if (isObject(document.protocol) && Array.isArray(document.protocol.events)) return document.protocol as ProtocolPart;
  return undefined;
}

/** The export as it would be without its manifest (a copy; the input is not changed). */
function withoutManifest(document: Json): Json {
  const part = protocolPartOf(document);
  if (part === document) {
    const { manifest: _m, ...rest } = document;
    return rest;
  }
  const { manifest: _m, ...protocol } = part ?? {};
  return { ...document, protocol };
}

/**
 * The digest a manifest seals: SHA-256 (hex) of the canonical JSON of the whole export with
 * the manifest's key removed, as the file holds it (so JSON round trips keep it stable).
 */
export function exportDigest(document: Json): string {
  return sha256Hex(canonicalJson(withoutManifest(document)));
}

/**
 * One digest per part of the export, so a reader can name what changed: every top-level
 * section, and inside the protocol part every record type and the events.
 */
export function sectionDigests(document: Json): EvidenceItem[] {
  const bare = withoutManifest(document);
  const part = protocolPartOf(bare);
  const items: EvidenceItem[] = [];
  const add = (kind: string, ref: string, value: unknown) => items.push({ kind, ref, sha256: sha256Hex(canonicalJson(value ?? null)) });
  for (const [key, value] of Object.entries(bare)) if (part === bare || key !== 'protocol') add('section', key, value);
  if (part && part !== bare) {
    for (const [key, value] of Object.entries(part)) if (key !== 'records' && key !== 'events') add('section', `protocol/${key}`, value);
  }
  if (part) {
    for (const [type, list] of Object.entries(part.records ?? {})) add(type, `records/${type}`, list);
    add('JarvisEvent', 'events', part.events);
  }
  return items;
}

/** The text `manifest_sha256` hashes and the signature signs: every field but those two. */
export function manifestSealText(manifest: EvidenceManifest): string {
  const { manifest_sha256: _h, signature: _s, ...content } = manifest;
  return canonicalJson(content);
}

/** Seals a manifest: marks it sealed, names the signing key, hashes and signs its content. */
export function sealManifest(manifest: EvidenceManifest, signer: Signer, sealedAt: string): EvidenceManifest {
  const { manifest_sha256: _h, signature: _s, ...content } = manifest;
  const toSeal: EvidenceManifest = { ...content, sealed: true, sealed_at: sealedAt, signing_key: signer.key };
  const text = manifestSealText(toSeal);
  return { ...toSeal, manifest_sha256: sha256Hex(text), signature: signer.sign(text) };
}
