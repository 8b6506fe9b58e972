import type { RagSourceLocation } from '../../src-shared';

const WORDS = {
  de: {
    page: 'Seite',
    pages: 'Seiten',
    line: 'Zeile',
    lines: 'Zeilen',
    row: 'Tabellenzeile',
    rows: 'Tabellenzeilen',
    section: 'Abschnitt',
  },
  en: { page: 'page', pages: 'pages', line: 'line', lines: 'lines', row: 'row', rows: 'rows', section: 'section' },
} as const;

/** "Seite 2 · Abschnitt „Kündigung“ · Zeilen 4–9": how a citation names its place. */
export function locationLabel(l: RagSourceLocation, language: 'de' | 'en' = 'de'): string {
  const w = WORDS[language];
  const range = (one: string, many: string, a: number, b?: number) => (b !== undefined && b > a ? `${many} ${a}–${b}` : `${one} ${a}`);
  const parts: string[] = [];
  if (l.page !== undefined) parts.push(range(w.page, w.pages, l.page, l.page_end));
  if (l.heading) parts.push(language === 'de' ? `${w.section} „${l.heading}“` : `${w.section} “${l.heading}”`);
  if (l.part) parts.push(l.part);
  if (l.row !== undefined) parts.push(range(w.row, w.rows, l.row, l.row_end));
  else if (l.line !== undefined) parts.push(range(w.line, w.lines, l.line, l.line_end));
  return parts.join(' · ');
}
