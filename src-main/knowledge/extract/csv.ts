import { IngestError } from '../errors';
import { decodeText } from '../text-decoding';
import type { Block, ExtractedDocument } from './blocks';

/**
 * One block per data row, written as "column: value; …" so a row found alone still says
 * what its numbers mean. Row numbers count data rows from 1 (the header is not a row);
 * line numbers are the file's own, which differ when a field holds a line break.
 */
export function extractCsv(bytes: Buffer): ExtractedDocument {
  const text = decodeText(bytes);
  const delimiter = sniffDelimiter(text);
  const records = parseCsv(text, delimiter).filter((r) => r.fields.some((f) => f.trim()));
  if (records.length < 2) throw new IngestError('NO_TEXT', 'The CSV file has no data rows.');
  const [header, ...rows] = records;
  const names = header!.fields.map((h, i) => h.trim() || `column ${i + 1}`);
  const blocks: Block[] = [];
  rows.forEach((r, i) => {
    const parts = r.fields.map((v, c) => (v.trim() ? `${names[c] ?? `column ${c + 1}`}: ${v.trim()}` : '')).filter(Boolean);
    if (parts.length) blocks.push({ text: parts.join('; '), location: { row: i + 1, line: r.line } });
  });
  return { blocks };
}

function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.d;
}

/** RFC 4180: quoted fields, doubled quotes, line breaks inside quotes. */
export function parseCsv(text: string, delimiter = ','): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let sawAny = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      sawAny = true;
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
      sawAny = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (sawAny || field !== '') records.push({ fields, line: recordLine });
      fields = [];
      field = '';
      sawAny = false;
      line++;
      recordLine = line;
    } else {
      field += ch;
      sawAny = true;
    }
  }
  if (sawAny || field !== '') {
    fields.push(field);
    records.push({ fields, line: recordLine });
  }
  return records;
}
