import type { RagSourceLocation } from '../../../src-shared';

/**
 * One structural unit of a document (a paragraph, a CSV row, a mail part, a calendar
 * entry) with where it came from. The chunker packs blocks into chunks and never splits
 * one unless it alone is too long.
 */
export interface Block {
  readonly text: string;
  readonly location: RagSourceLocation;
  /**
   * A calendar's entries inside another document (a mail's invitation): searchable like the
   * rest, but left out of the text handed to readers of obligations (the Task Scout), since
   * each is an appointment, not something the household has to do.
   */
  readonly calendar?: true;
}

export interface ExtractedDocument {
  readonly blocks: readonly Block[];
}

/**
 * Paragraphs of plain or Markdown text, with line numbers; a Markdown heading (ATX `#`)
 * is a block of its own and the `heading` of the paragraphs below it. `lineOffset`/`page` let the PDF
 * extractor reuse this per page.
 */
export function paragraphBlocks(text: string, options: { markdown: boolean; page?: number } = { markdown: false }): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const headings: string[] = [];
  let para: string[] = [];
  let start = 0;
  let inFence = false;
  const flush = (endLine: number) => {
    const body = para.join('\n').trim();
    if (body) {
      const heading = headings.filter(Boolean).join(' › ');
      blocks.push({
        text: body,
        location: {
          ...(options.page !== undefined ? { page: options.page } : {}),
          ...(heading ? { heading } : {}),
          line: start + 1,
          ...(endLine > start + 1 ? { line_end: endLine } : {}),
        },
      });
    }
    para = [];
  };
  lines.forEach((line, i) => {
    if (options.markdown && /^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = options.markdown && !inFence ? /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      flush(i);
      const level = heading[1]!.length;
      headings.length = level - 1;
      headings[level - 1] = heading[2]!;
      // The heading is text of its section too: a search for it must find the section.
      blocks.push({
        text: heading[2]!,
        location: {
          ...(options.page !== undefined ? { page: options.page } : {}),
          heading: headings.filter(Boolean).join(' › '),
          line: i + 1,
        },
      });
      start = i + 1;
      return;
    }
    if (!inFence && line.trim() === '') {
      flush(i);
      start = i + 1;
      return;
    }
    if (para.length === 0) start = i;
    para.push(line);
  });
  flush(lines.length);
  return blocks;
}
