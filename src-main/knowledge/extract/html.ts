import { convert, type FormatCallback } from 'html-to-text';
import { decodeText } from '../text-decoding';
import { tooDeep } from '../ingest-limits';
import { paragraphBlocks, type Block, type ExtractedDocument } from './blocks';
import { markupDepth } from './markup-depth';

// Headings are written as Markdown headings so the paragraph splitter can carry them as
// each paragraph's section, the same way it does for .md files.
const markHeading: (level: number) => FormatCallback = (level) => (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addInline(`${'#'.repeat(level)} `);
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const OPTIONS = {
  wordwrap: false as const,
  formatters: Object.fromEntries([1, 2, 3, 4, 5, 6].map((l) => [`h${l}`, markHeading(l)])),
  selectors: [
    ...[1, 2, 3, 4, 5, 6].map((l) => ({ selector: `h${l}`, format: `h${l}` })),
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
  ],
};

/** Converts HTML to Markdown-like text (html-to-text) and splits it like a Markdown file. */
export function htmlToText(html: string): string {
  return convert(html, OPTIONS);
}

export function extractHtml(bytes: Buffer, maxDepth: number): ExtractedDocument {
  return { blocks: htmlBlocks(decodeText(bytes), maxDepth) };
}

/** HTML as paragraph blocks, refused when its elements nest deeper than `maxDepth`. */
export function htmlBlocks(html: string, maxDepth: number, page?: { part: string }): Block[] {
  if (markupDepth(html, 'html') > maxDepth) throw tooDeep('HTML', maxDepth);
  const blocks = paragraphBlocks(htmlToText(html), { markdown: true });
  return page ? blocks.map((b) => ({ ...b, location: { ...b.location, part: page.part } })) : blocks;
}
