import { decodeText } from '../text-decoding';
import { paragraphBlocks, type ExtractedDocument } from './blocks';

export function extractPlainText(bytes: Buffer): ExtractedDocument {
  return { blocks: paragraphBlocks(decodeText(bytes), { markdown: false }) };
}

export function extractMarkdown(bytes: Buffer): ExtractedDocument {
  let text = decodeText(bytes);
  // YAML front matter is metadata, not prose: keep it out of the first chunk's heading logic.
  const front = /^---\n[\s\S]*?\n---\n/.exec(text);
  if (front) text = '\n'.repeat(front[0].split('\n').length - 1) + text.slice(front[0].length);
  return { blocks: paragraphBlocks(text, { markdown: true }) };
}
