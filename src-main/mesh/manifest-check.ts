// A worker's manifests are checked on a worker thread (manifest-worker.ts): compiling a
// manifest's schemas costs ajv tens of milliseconds each and a hostile 32 KB schema more
// than a second, and a worker chooses what it uploads.
import { parseManifest } from '../skills/process';
import { manifestSha256 } from './remote-skill-gate';

export type ManifestCheck = { readonly ok: true; readonly sha256: string } | { readonly ok: false; readonly errors: readonly string[] };

/** parseManifest on each manifest, in order, and the hash of each good one; the manifests themselves stay with the caller. */
export function checkManifests(manifests: readonly unknown[]): ManifestCheck[] {
  return manifests.map((raw) => {
    const verdict = parseManifest(raw);
    return verdict.ok ? { ok: true, sha256: manifestSha256(raw) } : { ok: false, errors: verdict.errors };
  });
}
