import { PROTOCOL_VERSION, type ChainHead, type EvidenceManifest, type JarvisEvent, type WorkSession } from '../../src-shared';
import { verifyEvidence, type EvidenceReport } from './evidence';
import { exportDigest, protocolPartOf, sealManifest as signManifest, sectionDigests } from './export-seal';
import { ProtocolError } from './errors';
import type { CallerContext } from './headers';
import type { Body, ProtocolAnswer, ProtocolLedger } from './ledger';
import { newRecordId } from './record-ids';

// What leaves the house: the export of every record and event, its signed seal, evidence
// manifests, and the check of the live database.

/** The record types an export lists, in this order. */
const EXPORTED_TYPES = [
  'Worker',
  'Actor',
  'Policy',
  'WorkSession',
  'PolicyDecision',
  'Request',
  'Review',
  'Takeover',
  'Contribution',
  'EvidenceManifest',
  'LearningRecord',
  'MemoryProposal',
  'SkillProposal',
  'OutcomeReport',
] as const;

/** What `exportAll` returns: the protocol part of an export, before it is sealed. */
export interface ProtocolExport {
  protocol_version: string;
  exported_at: string;
  records: Record<string, unknown[]>;
  events: JarvisEvent[];
}

export function verify(l: ProtocolLedger): EvidenceReport {
  const records: Record<string, unknown[]> = {};
  for (const type of EXPORTED_TYPES) records[type] = l.store.list(type);
  return verifyEvidence({ events: l.store.iterateEvents(), records });
}

export function exportAll(l: ProtocolLedger): ProtocolExport {
  const records: Record<string, unknown[]> = {};
  for (const type of EXPORTED_TYPES) records[type] = l.store.list(type);
  return { protocol_version: PROTOCOL_VERSION, exported_at: l.now(), records, events: l.store.events() };
}

/**
 * Seals a finished export (after every redaction, as the file will hold it): a signed
 * EvidenceManifest with the head of every session's chain and the digest of the whole
 * document, placed beside the exported events. Returns the sealed document.
 */
export function sealExport<T extends Record<string, unknown>>(l: ProtocolLedger, document: T, scope: string): T {
  const plain = JSON.parse(JSON.stringify(document)) as T;
  const part = protocolPartOf(plain);
  if (!part) throw new Error('an export to seal holds no protocol events');
  return l.store.transaction(() => {
    const at = l.now();
    const manifest = seal(l, {
      manifest_id: newRecordId('man'),
      scope: scope.slice(0, 200),
      items: sectionDigests(plain),
      chain_heads: chainHeads(l),
      export_sha256: exportDigest(plain),
      sealed: false,
      created_at: at,
    });
    l.store.insert('EvidenceManifest', manifest.manifest_id, undefined, manifest, at);
    part.manifest = manifest;
    return plain;
  });
}

export function createManifest(l: ProtocolLedger, ctx: CallerContext, body: Body): ProtocolAnswer {
  return l.mutate(ctx, 'createManifest', 'EvidenceManifest', body, {}, () => {
    l.requireActor(ctx.actorId);
    const manifest_id = body.manifest_id as string;
    const existing = l.store.get<EvidenceManifest>('EvidenceManifest', manifest_id);
    if (existing?.sealed)
      throw new ProtocolError('SEALED_EVIDENCE_MANIFEST', `EvidenceManifest ${manifest_id} is sealed and cannot change.`);
    const at = l.now();
    const manifest: EvidenceManifest = {
      manifest_id,
      scope: body.scope as string,
      items: [...(existing?.items ?? []), ...(body.items as EvidenceManifest['items'])],
      chain_heads: chainHeads(l),
      sealed: false,
      created_at: existing?.created_at ?? at,
    };
    if (existing) l.store.update('EvidenceManifest', manifest_id, manifest);
    else l.store.insert('EvidenceManifest', manifest_id, undefined, manifest, at);
    return { status: existing ? 200 : 201, body: manifest };
  });
}

export function sealManifest(l: ProtocolLedger, ctx: CallerContext, manifestId: string): ProtocolAnswer {
  return l.mutate(ctx, 'sealManifest', undefined, {}, { manifestId }, () => {
    l.requireAuthority(ctx.actorId, 'manifest.seal');
    const manifest = l.store.get<EvidenceManifest>('EvidenceManifest', manifestId);
    if (!manifest) throw new ProtocolError('NOT_FOUND', `EvidenceManifest ${manifestId} does not exist.`);
    if (manifest.sealed) throw new ProtocolError('SEALED_EVIDENCE_MANIFEST', `EvidenceManifest ${manifestId} is already sealed.`);
    const sealed = seal(l, manifest);
    l.store.update('EvidenceManifest', manifestId, sealed);
    return { status: 200, body: sealed };
  });
}

function seal(l: ProtocolLedger, manifest: EvidenceManifest): EvidenceManifest {
  return signManifest(manifest, l.signer, l.now());
}

/** A session's revision counts its events (each event adds one). */
function chainHeads(l: ProtocolLedger): Record<string, ChainHead> {
  const heads: Record<string, ChainHead> = {};
  for (const s of l.store.list<WorkSession>('WorkSession'))
    heads[s.work_session_id] = { events: s.revision, last_event_hash: s.last_event_hash };
  return heads;
}
