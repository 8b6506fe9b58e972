// Worker-thread entry (bundled as mesh-manifest-worker.cjs): checks one PUT's new manifests.
import { serveTask } from '../platform/off-thread/serve-task';
import { checkManifests } from './manifest-check';

serveTask((manifests: unknown[]) => checkManifests(manifests));
