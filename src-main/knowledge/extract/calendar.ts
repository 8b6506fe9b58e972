import ICAL from 'ical.js';
import { IngestError } from '../errors';
import { decodeText } from '../text-decoding';
import type { Block, ExtractedDocument } from './blocks';

const KINDS: Readonly<Record<string, string>> = { vevent: 'Termin', vtodo: 'Aufgabe', vjournal: 'Notiz' };

/** One block per calendar entry (event, to-do, journal) with its summary, time, place and notes. */
export function extractCalendar(bytes: Buffer): ExtractedDocument {
  const text = decodeText(bytes);
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (err) {
    throw new IngestError('CORRUPT_FILE', `The calendar file is not valid iCalendar: ${err instanceof Error ? err.message : String(err)}`);
  }
  const blocks: Block[] = [];
  let n = 0;
  for (const kind of Object.keys(KINDS)) {
    for (const comp of root.getAllSubcomponents(kind)) {
      n++;
      const get = (name: string) => {
        const v = comp.getFirstPropertyValue(name);
        if (v === null || v === undefined) return '';
        return v instanceof ICAL.Time ? v.toString() : String(v);
      };
      const summary = get('summary');
      const lines = [
        `${KINDS[kind]}: ${summary || '(ohne Titel)'}`,
        get('dtstart') && `Beginn: ${get('dtstart')}`,
        get('dtend') && `Ende: ${get('dtend')}`,
        get('due') && `Fällig: ${get('due')}`,
        get('rrule') && `Wiederholung: ${get('rrule')}`,
        get('location') && `Ort: ${get('location')}`,
        get('description') && `Beschreibung: ${get('description')}`,
      ].filter(Boolean);
      blocks.push({ text: lines.join('\n'), location: { part: `${kind.toUpperCase()} ${n}${summary ? ` „${summary}“` : ''}` } });
    }
  }
  if (blocks.length === 0) throw new IngestError('NO_TEXT', 'The calendar file has no events, to-dos or journal entries.');
  return { blocks };
}
