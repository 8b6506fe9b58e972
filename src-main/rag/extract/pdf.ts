import { IngestError } from '../errors';
import { paragraphBlocks, type Block, type ExtractedDocument } from './blocks';
import { runTool } from './external-tool';

/** PDF text through poppler's pdftotext; pages arrive separated by form feeds. */
export async function extractPdf(file: string, maxOutputBytes: number): Promise<ExtractedDocument> {
  const run = await runTool('pdftotext', ['-enc', 'UTF-8', '-eol', 'unix', file, '-'], { timeoutMs: 120_000, maxOutputBytes });
  if (run.code !== 0) {
    if (/password/i.test(run.stderr)) throw new IngestError('ENCRYPTED_PDF', 'The PDF is password-protected; remove the password and add it again.');
    const reason = run.stderr.split('\n').find((l) => l.trim()) ?? `exit code ${run.code}`;
    throw new IngestError('CORRUPT_FILE', `The PDF could not be read: ${reason.trim()}`);
  }
  const blocks: Block[] = [];
  run.stdout.split('\f').forEach((pageText, i) => blocks.push(...paragraphBlocks(pageText, { markdown: false, page: i + 1 })));
  if (blocks.length === 0) throw new IngestError('NO_TEXT', 'The PDF has no text layer (a scan without OCR?).');
  return { blocks };
}
