// Worker-thread entry (bundled as household-ics-worker.cjs): parses and expands one calendar.
import { serveTask } from '../../platform/off-thread/serve-task';
import { parseIcs, type IcsParseInput } from './parse';

serveTask((input: IcsParseInput) => parseIcs(input));
