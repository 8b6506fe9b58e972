import { IngestError } from '../errors';
import { paragraphBlocks, type ExtractedDocument } from './blocks';
import { runTool } from './external-tool';

let languages: Promise<string> | undefined;

/** German and English where installed, else what there is. */
function ocrLanguages(): Promise<string> {
  languages ??= runTool('tesseract', ['--list-langs'], { timeoutMs: 10_000, maxOutputBytes: 1024 * 1024 }).then((r) => {
    const have = new Set(`${r.stdout}\n${r.stderr}`.split('\n').map((l) => l.trim()));
    const wanted = ['deu', 'eng'].filter((l) => have.has(l));
    return wanted.length ? wanted.join('+') : 'eng';
  });
  return languages;
}

/** Text in a picture (scanned letter, photo of a notice) through tesseract. */
export async function extractImage(file: string): Promise<ExtractedDocument> {
  const blocks = paragraphBlocks(await ocrFile(file), { markdown: false });
  if (blocks.length === 0) throw new IngestError('NO_TEXT', 'No readable text was found in the image.');
  return { blocks };
}

/** tesseract's text for one image file. */
export async function ocrFile(file: string): Promise<string> {
  const langs = await ocrLanguages();
  const run = await runTool('tesseract', [file, 'stdout', '-l', langs], { timeoutMs: 180_000, maxOutputBytes: 16 * 1024 * 1024 });
  if (run.code !== 0) {
    const reason = run.stderr.split('\n').find((l) => /error|cannot|unsupported|failed/i.test(l)) ?? `exit code ${run.code}`;
    throw new IngestError('CORRUPT_FILE', `The image could not be read: ${reason.trim()}`);
  }
  return run.stdout;
}
