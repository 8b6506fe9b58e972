import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillLearningRecord, SkillsResponse, SkillSourcesResponse } from '../../../src-shared';
import { useStore } from '../store';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { skillFixture } from '../testing/wire-fixtures';
import { agoText } from './SkillSources';
import { SystemScreen } from './SystemScreen';

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => cleanup());

const FIVE_MINUTES_AGO = () => new Date(Date.now() - 5 * 60_000).toISOString();

function sourcesOf(change: Partial<SkillSourcesResponse> = {}): SkillSourcesResponse {
  return {
    file: '/home/anna/.jarvis/skill-sources.json',
    syncing: false,
    sources: [
      {
        name: 'hermes',
        url: 'https://github.com/NousResearch/hermes-agent.git',
        filter: { category: ['research'] },
        auto_update: false,
        last_sync: { at: FIVE_MINUTES_AGO(), commit: 'a'.repeat(40), counts: { installed: 3, updated: 1, skipped: 0, failed: 0 } },
      },
    ],
    ...change,
  };
}

describe('Wissen & System: skill sources', () => {
  it('shows each source with its last sync in plain words and syncs on a click; the result comes as a notice', async () => {
    let skills: SkillsResponse = { skills: [], errors: [] };
    const api = fakeApi({
      'GET /api/skills': () => json(skills),
      'GET /api/skills/sources': () => json(sourcesOf()),
      'POST /api/skills/sources/sync': () => json({ sources: ['hermes'] }, 202),
    });
    render(<SystemScreen />);
    const panel = await screen.findByTestId('skill-sources');
    expect(within(panel).getByText('hermes')).toBeTruthy();
    expect(within(panel).getByText('zuletzt abgeglichen vor 5 Minuten: 3 neu, 1 aktualisiert')).toBeTruthy();
    expect(within(panel).getByText('nur: research')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Jetzt abgleichen' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/skills/sources/sync')).toBe(true));
    act(() => useStore.getState().skillSourcesEvent({ state: 'running', source: 'hermes' }));
    const busy = within(panel).getByRole('button', { name: 'Gleicht hermes ab…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    // The sync installed a skill: it waits for activation in the list below.
    skills = {
      skills: [
        skillFixture({ id: 'arxiv', name: 'arxiv', tier: 'user', enabled: false, activation: { proposal_id: 'p1', status: 'proposed' } }),
      ],
      errors: [],
    };
    act(() =>
      useStore
        .getState()
        .skillSourcesEvent({ state: 'done', results: [{ source: 'hermes', counts: { installed: 1, updated: 0, skipped: 0, failed: 0 } }] }),
    );
    expect(useStore.getState().notices.at(-1)?.text).toBe(
      'Abgleich fertig: 1 neu, 0 aktualisiert Neue Skills warten unten auf Ihre Freigabe.',
    );
    const card = screen.getByTestId('card-skills');
    const row = (await within(card).findByText('arxiv')).closest('li') as HTMLElement;
    expect(within(row).getByText('wartet auf Freigabe')).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Jetzt abgleichen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without sources: one line saying where to add one, and no sync button', async () => {
    fakeApi({
      'GET /api/skills': () => json({ skills: [], errors: [] }),
      'GET /api/skills/sources': () => json(sourcesOf({ sources: [] })),
    });
    render(<SystemScreen />);
    const panel = await screen.findByTestId('skill-sources');
    expect(
      within(panel).getByText(/Noch keine Skill-Quelle eingerichtet. Tragen Sie eine in \/home\/anna\/.jarvis\/skill-sources.json ein/),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('a refused sync (one already running) ends the busy state and says why', async () => {
    fakeApi({
      'GET /api/skills': () => json({ skills: [], errors: [] }),
      'GET /api/skills/sources': () => json(sourcesOf()),
      'POST /api/skills/sources/sync': () => apiError('SKILL_SYNC_RUNNING', 'A sync of the skill sources is already running.', 409),
    });
    render(<SystemScreen />);
    const panel = await screen.findByTestId('skill-sources');
    fireEvent.click(within(panel).getByRole('button', { name: 'Jetzt abgleichen' }));
    await waitFor(() => expect(useStore.getState().notices.at(-1)?.kind).toBe('error'));
    expect((within(panel).getByRole('button', { name: 'Jetzt abgleichen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says "5 minutes ago" in English', () => {
    expect(agoText(new Date(Date.now() - 5 * 60_000).toISOString(), Date.now(), 'en')).toBe('5 minutes ago');
  });
});

describe('Wissen & System: learnt improvements of a skill', () => {
  const overlay = { description: 'Zählt Wörter und Zeichen', examples: [], policy: 'describe', created_at: '2026-12-01T18:00:00.000Z' };

  it('shows "Verbessert" with the better description; the undo asks first, then removes the improvement', async () => {
    let current: SkillsResponse = {
      skills: [
        skillFixture({ id: 'text-brief', name: 'Textprofil', overlay: { ...overlay, stale: false } }),
        skillFixture({ id: 'old', name: 'Alt', overlay: { ...overlay, stale: true } }),
      ],
      errors: [],
    };
    const api = fakeApi({
      'GET /api/skills': () => json(current),
      'GET /api/skills/sources': () => json(sourcesOf({ sources: [] })),
      'DELETE /api/skills/text-brief/overlay': () => {
        current = { skills: [skillFixture({ id: 'text-brief', name: 'Textprofil' })], errors: [] };
        return json({ skill: 'text-brief', file: '/x/text-brief/optimized.json' });
      },
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    const row = (name: string) => within(card).getByText(name).closest('li') as HTMLElement;
    const chip = within(row('Textprofil')).getByText('Verbessert');
    expect(chip.getAttribute('title')).toBe('Verbesserte Beschreibung: Zählt Wörter und Zeichen');
    expect(within(row('Alt')).queryByText('Verbessert')).toBeNull();
    expect(within(row('Alt')).getByText(/passt nicht mehr zu diesem Skill/)).toBeTruthy();

    fireEvent.click(within(row('Textprofil')).getByRole('button', { name: 'Verbesserung zurücknehmen: Textprofil' }));
    expect(within(row('Textprofil')).getByText(/Die gelernte Beschreibung von Textprofil löschen\?/)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(row('Textprofil')).getByRole('button', { name: 'Ja, zurücknehmen' }));
    await waitFor(() => expect(within(card).queryByText('Verbessert')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/skills/text-brief/overlay']);
    expect(useStore.getState().notices.at(-1)?.text).toBe('Verbesserung von Textprofil zurückgenommen.');
  });
});

describe('Wissen & System: a learnt improvement waits for an admin', () => {
  const base = {
    description: 'Zählt Wörter und Zeichen',
    examples: [],
    policy: 'few-shot',
    created_at: '2026-12-01T18:00:00.000Z',
    stale: false,
  };
  const record: SkillLearningRecord = {
    learning_id: 'lrn_0123456789abcdef',
    kind: 'overlay',
    skill_id: 'text-brief',
    overlay_sha256: 'b'.repeat(64),
    change: {
      description_before: 'Kurzprofil eines Textes',
      description_after: 'Zählt Wörter und Zeichen',
      examples: ['Wie lang ist „Hallo Welt“?'],
      policy: 'few-shot',
    },
    evidence: { uses: 4, use_requests: ['Wie lang ist „Hallo Welt“?'], cases: 6, score_before: 0.5, score_after: 5 / 6 },
    status: 'proposed',
    created_at: '2026-12-02T08:00:00.000Z',
  };

  it('shows what it changes and the evidence; accepting makes it "Verbessert", the undo is a record on the server', async () => {
    let current = record;
    const skills = (): SkillsResponse => ({
      skills: [skillFixture({ id: 'text-brief', name: 'Textprofil', overlay: { ...base, learning: current } })],
      errors: [],
    });
    const api = fakeApi({
      'GET /api/skills': () => json(skills()),
      'GET /api/skills/sources': () => json(sourcesOf({ sources: [] })),
      'POST /api/skills/learning/lrn_0123456789abcdef/decision': () => {
        current = { ...record, status: 'accepted', decided_by: 'desktop' };
        return json(current);
      },
      'POST /api/skills/learning/lrn_0123456789abcdef/undo': () =>
        json({ ...record, learning_id: 'lrn_1111111111111111', kind: 'undo', status: 'accepted', undoes: record.learning_id }),
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    const proposal = within(card).getByLabelText('Vorschlag für Textprofil');
    expect(within(proposal).getByText('Gelernte Verbesserung – wartet auf euch')).toBeTruthy();
    expect(within(proposal).getByText('Kurzprofil eines Textes')).toBeTruthy();
    expect(within(proposal).getByText('Zählt Wörter und Zeichen')).toBeTruthy();
    expect(within(proposal).getByText('„Wie lang ist „Hallo Welt“?“')).toBeTruthy();
    expect(within(proposal).getByText('Aus 4 erfolgreichen Nutzungen gelernt')).toBeTruthy();
    expect(within(proposal).getByText('Trefferquote 50 % → 83 % (6 Testfälle)')).toBeTruthy();
    // Not in use yet: no "Verbessert" before the decision.
    expect(within(card).queryByText('Verbessert')).toBeNull();

    fireEvent.click(within(proposal).getByRole('button', { name: 'Übernehmen: Textprofil' }));
    await waitFor(() => expect(within(card).getByText('Verbessert')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/skills/learning/lrn_0123456789abcdef/decision', { decision: 'accept' }],
    ]);
    expect(useStore.getState().notices.at(-1)?.text).toBe('Verbesserung von Textprofil übernommen: der Assistent nutzt sie ab jetzt.');

    fireEvent.click(within(card).getByRole('button', { name: 'Verbesserung zurücknehmen: Textprofil' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Ja, zurücknehmen' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/undo'))).toBe(true));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a rejected one says so in plain words and offers no buttons', async () => {
    fakeApi({
      'GET /api/skills': () =>
        json({
          skills: [
            skillFixture({ id: 'text-brief', name: 'Textprofil', overlay: { ...base, learning: { ...record, status: 'rejected' } } }),
          ],
          errors: [],
        }),
      'GET /api/skills/sources': () => json(sourcesOf({ sources: [] })),
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    expect(within(card).getByText(/wurde abgelehnt und wird nicht genutzt/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Übernehmen/ })).toBeNull();
  });
});
