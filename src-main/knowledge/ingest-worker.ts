// Worker-thread entry (bundled as knowledge-ingest-worker.cjs): reads and chunks one document.
import { serveTask } from '../platform/off-thread/serve-task';
import { packTransferList } from './chunk-pack';
import { readDocument, type IngestTaskInput, type IngestTaskResult } from './ingest-task';

serveTask(
  (input: IngestTaskInput) => readDocument(input),
  (result: IngestTaskResult) => packTransferList(result.chunks),
);
