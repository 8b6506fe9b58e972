import { cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IcsImportResponse } from '../../../../src-shared';
import { applyLanguage } from '../../i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { homeFixture } from '../../testing/home-fixture';
import { resetStore } from '../../testing/reset-store';
import { IcsImportCard } from './IcsImportCard';

// The answer of POST /api/calendar/import for a file with one bad RDATE and a VJOURNAL, as
// ics-parse.test.ts and ics-import.test.ts show the master gives it.
const answer: IcsImportResponse = {
  imported: [],
  updated: [],
  tasks: [],
  warnings: [],
  skipped: [
    {
      what: 'Termin „Kaputt“ (Zeile 11)',
      reason: 'Zeile 17: Zusatztermin (RDATE) „20131210Z“ ist kein gültiges Datum (JJJJMMTT oder JJJJMMTTThhmmss).',
      kind: 'event',
      title: 'Kaputt',
      line: 17,
      code: 'bad_value',
      property: 'RDATE',
      value: '20131210Z',
    },
    {
      what: 'VJOURNAL „Tagebuch“',
      reason: 'Notizen (VJOURNAL) übernimmt der Kalender nicht.',
      kind: 'journal',
      title: 'Tagebuch',
      line: null,
      code: 'not_supported',
    },
  ],
};
const ICS = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';

beforeEach(() => resetStore());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLanguage('de');
});

async function importFile() {
  const api = fakeApi({
    'POST /api/calendar/import': () => json(answer),
    'GET /api/state': () => json(homeFixture()),
  });
  render(<IcsImportCard />);
  const card = screen.getByTestId('card-ics-import');
  const input = card.querySelector('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([ICS], 'google.ics', { type: 'text/calendar' })] } });
  const list = await within(card).findByTestId('ics-import-skipped');
  return { api, card, list };
}

describe('Kalender: a calendar file is taken over, and what was left out is named with its line', () => {
  it('sends the file and lists each skipped component with line and reason (German)', async () => {
    const { api, card, list } = await importFile();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ ics: ICS });
    expect(within(card).getByRole('status').textContent).toContain('Übernommen: 0 neue Termine, 0 aktualisiert, 0 Aufgaben.');
    expect(within(card).getByText('2 Einträge nicht übernommen')).toBeTruthy();
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Termin „Kaputt“ · Zeile 17Der Wert von RDATE („20131210Z“) ist nicht lesbar.',
      'Notiz „Tagebuch“Solche Einträge übernimmt der Kalender nicht.',
    ]);
  });

  it('says the same in English, with no German words', async () => {
    await applyLanguage('en');
    const { list } = await importFile();
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Event “Kaputt” · line 17The value of RDATE (“20131210Z”) cannot be read.',
      'Note “Tagebuch”The calendar does not keep entries of this kind.',
    ]);
    expect(screen.getByText('2 entries not taken over')).toBeTruthy();
  });
});
