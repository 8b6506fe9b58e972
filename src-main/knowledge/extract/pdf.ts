import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IngestError } from '../errors';
import { paragraphBlocks, type Block, type ExtractedDocument } from './blocks';
import { runTool } from './external-tool';
import { ocrFile } from './image';

/** Scanned PDFs are read by OCR up to this many pages (tesseract takes seconds per page). */
const OCR_MAX_PAGES = 20;

/**
 * PDF text through poppler's pdftotext; pages arrive separated by form feeds. A PDF
 * without a text layer (a scan) is rendered with pdftoppm and read by tesseract.
 */
export async function extractPdf(file: string, maxOutputBytes: number): Promise<ExtractedDocument> {
  const run = await runTool('pdftotext', ['-enc', 'UTF-8', '-eol', 'unix', file, '-'], { timeoutMs: 120_000, maxOutputBytes });
  if (run.code !== 0) {
    if (/password/i.test(run.stderr))
      throw new IngestError('ENCRYPTED_PDF', 'The PDF is password-protected; remove the password and add it again.');
    const reason = run.stderr.split('\n').find((l) => l.trim()) ?? `exit code ${run.code}`;
    throw new IngestError('CORRUPT_FILE', `The PDF could not be read: ${reason.trim()}`);
  }
  const blocks: Block[] = [];
  run.stdout.split('\f').forEach((pageText, i) => blocks.push(...paragraphBlocks(pageText, { markdown: false, page: i + 1 })));
  if (blocks.length > 0) return { blocks };
  const scanned = await ocrPdf(file);
  if (scanned.length === 0) throw new IngestError('NO_TEXT', 'The PDF has no text layer and OCR found no text in it.');
  return { blocks: scanned };
}

async function ocrPdf(file: string): Promise<Block[]> {
  const dir = await mkdtemp(join(tmpdir(), 'jarvis-pdf-ocr-'));
  try {
    const render = await runTool('pdftoppm', ['-r', '200', '-gray', '-png', '-l', String(OCR_MAX_PAGES), file, join(dir, 'page')], {
      timeoutMs: 180_000,
      maxOutputBytes: 1024 * 1024,
    });
    if (render.code !== 0) throw new IngestError('NO_TEXT', 'The PDF has no text layer and its pages could not be rendered for OCR.');
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const blocks: Block[] = [];
    for (const page of pages) {
      const n = Number(/-(\d+)\.png$/.exec(page)?.[1] ?? 0);
      const text = await ocrFile(join(dir, page));
      blocks.push(...paragraphBlocks(text, { markdown: false, page: n }));
    }
    return blocks;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
