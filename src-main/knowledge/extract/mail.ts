import { simpleParser } from 'mailparser';
import { IngestError } from '../errors';
import { type Block, type ExtractedDocument, paragraphBlocks } from './blocks';
import { htmlToText } from './html';

/**
 * An e-mail (mailparser: MIME, charsets, transfer encodings) becomes a header block, the
 * body's paragraphs and the text of its text attachments, each tagged with its mail part.
 */
export async function extractMail(bytes: Buffer): Promise<ExtractedDocument> {
  if (bytes.subarray(0, 64 * 1024).includes(0))
    throw new IngestError('BINARY_CONTENT', 'The file contains binary data (NUL bytes), not an e-mail.');
  const mail = await simpleParser(bytes, { skipImageLinks: true, skipTextToHtml: true });
  const blocks: Block[] = [];
  const addresses = (a: typeof mail.from | typeof mail.to) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));
  const header = [
    mail.subject && `Betreff: ${mail.subject}`,
    addresses(mail.from) && `Von: ${addresses(mail.from)}`,
    addresses(mail.to) && `An: ${addresses(mail.to)}`,
    mail.date && `Datum: ${mail.date.toISOString()}`,
  ].filter(Boolean) as string[];
  if (header.length === 0) throw new IngestError('CORRUPT_FILE', 'This is not an e-mail (no From, To, Subject or Date header).');
  blocks.push({ text: header.join('\n'), location: { part: 'Kopfzeilen' } });
  const body = mail.text?.trim() ? mail.text : typeof mail.html === 'string' ? htmlToText(mail.html) : '';
  for (const b of paragraphBlocks(body, { markdown: false })) blocks.push({ text: b.text, location: { ...b.location, part: 'Nachricht' } });
  for (const att of mail.attachments) {
    const name = att.filename ?? 'Anhang';
    if (!att.contentType.startsWith('text/')) {
      blocks.push({ text: `Anhang: ${name} (${att.contentType}, ${att.size} Bytes)`, location: { part: `Anhang ${name}` } });
      continue;
    }
    const text = att.contentType === 'text/html' ? htmlToText(att.content.toString('utf8')) : att.content.toString('utf8');
    const calendar = att.contentType === 'text/calendar' || /\.ics$/i.test(name);
    for (const b of paragraphBlocks(text, { markdown: att.contentType === 'text/markdown' }))
      blocks.push({ text: b.text, location: { ...b.location, part: `Anhang ${name}` }, ...(calendar ? { calendar: true as const } : {}) });
  }
  return { blocks };
}
