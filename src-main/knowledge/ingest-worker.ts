// Worker-thread entry (bundled as knowledge-ingest-worker.cjs): reads and chunks one document.
import { serveTask } from '../platform/off-thread/serve-task';
import { readDocument, type IngestTaskInput } from './ingest-task';

serveTask((input: IngestTaskInput) => readDocument(input));
