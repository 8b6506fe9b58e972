import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTextFile, resolveReadableFile, StepFileRefused } from './step-file-read';
import { runStepTool, STEP_TOOLS } from './step-tools';

let root: string;
let docs: string;
let skill: string;
let outside: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-file-read-')));
  docs = join(root, 'documents');
  skill = join(root, 'skills', 'notes');
  outside = join(root, 'private');
  for (const d of [docs, join(docs, 'letters'), skill, outside]) mkdirSync(d, { recursive: true });
  writeFileSync(join(docs, 'letters', 'heating.txt'), 'Heizung: Wartung im Mai\nZeile 2\nZeile 3\n');
  writeFileSync(join(skill, 'template.md'), '# Vorlage');
  writeFileSync(join(outside, 'secret.txt'), 'not for skills');
  symlinkSync(join(outside, 'secret.txt'), join(docs, 'link.txt'));
  writeFileSync(join(docs, 'scan.pdf'), '%PDF-1.4\n...');
  writeFileSync(join(docs, 'photo.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
  writeFileSync(join(docs, 'huge.txt'), Buffer.alloc(2 * 1024 * 1024 + 1, 'a'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folders = () => ({ documents: [docs], skill });
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof StepFileRefused) return err.message;
    throw err;
  }
  throw new Error('not refused');
};

describe('file_read path rules', () => {
  it('reads relative paths in the skill folder, then the document folder, and absolute paths inside them', () => {
    expect(resolveReadableFile('template.md', folders())).toBe(join(skill, 'template.md'));
    expect(resolveReadableFile('letters/heating.txt', folders())).toBe(join(docs, 'letters', 'heating.txt'));
    expect(resolveReadableFile(join(docs, 'letters', 'heating.txt'), folders())).toBe(join(docs, 'letters', 'heating.txt'));
  });

  it('refuses absolute paths outside, "..", symlinks out, folders and missing files', () => {
    expect(refusal(() => resolveReadableFile(join(outside, 'secret.txt'), folders()))).toMatch(
      /only files in the household's document folder/,
    );
    expect(refusal(() => resolveReadableFile('/etc/passwd', folders()))).toMatch(/only files in the household's document folder/);
    expect(refusal(() => resolveReadableFile('../../private/secret.txt', folders()))).toMatch(/"\.\."/);
    expect(refusal(() => resolveReadableFile(`${docs}/../private/secret.txt`, folders()))).toMatch(/"\.\."/);
    expect(refusal(() => resolveReadableFile('link.txt', folders()))).toMatch(/only files in the household's document folder/);
    expect(refusal(() => resolveReadableFile('letters', folders()))).toMatch(/not a file/);
    expect(refusal(() => resolveReadableFile('nothing.txt', folders()))).toMatch(/file not found/);
  });

  it('without a document folder, a flat skill file reads nothing', () => {
    expect(refusal(() => resolveReadableFile('heating.txt', { documents: [] }))).toMatch(/no document folder is set up/);
  });

  it('refuses PDFs, binaries and files over 2 MB', () => {
    expect(refusal(() => readTextFile(join(docs, 'scan.pdf'), 'scan.pdf'))).toMatch(/PDF is read by the running JARVIS only/);
    expect(refusal(() => readTextFile(join(docs, 'photo.bin'), 'photo.bin'))).toMatch(/not a text file/);
    expect(refusal(() => readTextFile(join(docs, 'huge.txt'), 'huge.txt'))).toMatch(/larger than 2 MB/);
  });

  it('as a step tool: the text, max_lines, and a refusal as a failed step', async () => {
    const tool = STEP_TOOLS.get('file_read')!;
    const ok = await runStepTool(tool, { path: 'letters/heating.txt', max_lines: 2 }, { folders: folders() });
    expect(ok).toMatchObject({ success: true, data: 'Heizung: Wartung im Mai\nZeile 2\n', mutated: false });
    const refused = await runStepTool(tool, { path: join(outside, 'secret.txt') }, { folders: folders() });
    expect(refused).toMatchObject({ success: false, error: { code: 'STEP_TOOL_REFUSED' } });
    expect(JSON.stringify(refused)).not.toContain('not for skills');
    // Without the knowledge capability (the CLI alone) a PDF is not read, with the reason.
    const pdf = await runStepTool(tool, { path: 'scan.pdf' }, { folders: folders() });
    expect(pdf).toMatchObject({ success: false, error: { code: 'STEP_TOOL_UNAVAILABLE' } });
    expect(pdf.message).toMatch(/PDFs are read by the running JARVIS only/);
  });

  it('pdf_extract takes file_path or path, reads only PDFs, and hands them to the injected extractor', async () => {
    const tool = STEP_TOOLS.get('pdf_extract')!;
    const read: string[] = [];
    const ctx = {
      folders: folders(),
      documents: {
        search: () => Promise.resolve([]),
        readPdf: (p: string, max: number) => (read.push(`${p}:${max}`), Promise.resolve('Seite 1')),
      },
    };
    expect(await runStepTool(tool, { path: 'scan.pdf' }, ctx)).toMatchObject({ success: true, data: 'Seite 1' });
    expect(await runStepTool(tool, { file_path: join(docs, 'scan.pdf'), max_chars: 10 }, ctx)).toMatchObject({ success: true });
    expect(read).toEqual([`${join(docs, 'scan.pdf')}:50000`, `${join(docs, 'scan.pdf')}:10`]);
    expect(await runStepTool(tool, { path: 'letters/heating.txt' }, ctx)).toMatchObject({
      success: false,
      message: expect.stringMatching(/not a PDF/),
    });
    expect(await runStepTool(tool, { file_path: '/etc/passwd' }, ctx)).toMatchObject({
      success: false,
      error: { code: 'STEP_TOOL_REFUSED' },
    });
    expect(await runStepTool(tool, {}, ctx)).toMatchObject({ success: false, error: { code: 'STEP_TOOL_ARGUMENTS' } });
  });
});
