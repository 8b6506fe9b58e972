import { cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JarvisEvent, MemoryProposal, ProtocolSessionDetail, SessionRecords, SkillProposal, WorkSession } from '../../../src-shared';
import { useStore } from '../store';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { skillFixture } from '../testing/wire-fixtures';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { SystemScreen } from './SystemScreen';

const session: WorkSession = {
  work_session_id: 'ws_http_1',
  policy_id: 'pol_household',
  owner_actor_id: 'act_jarvis_assistant',
  goal: 'Lösch den Zahnarzttermin',
  status: 'completed',
  revision: 7,
  last_event_hash: 'a'.repeat(64),
  sealed: true,
  created_at: '2026-12-01T09:00:00Z',
  updated_at: '2026-12-01T09:00:05Z',
};

const event = (revision: number, type: string, actor: string, record_type: JarvisEvent['record_type'], record_id: string): JarvisEvent => ({
  event_id: `ev_${revision}`,
  work_session_id: session.work_session_id,
  revision,
  type,
  actor_id: actor,
  record_type,
  record_id,
  payload: {},
  previous_event_hash: '0'.repeat(64),
  hash: String(revision).repeat(64).slice(0, 64),
  created_at: '2026-12-01T09:00:01Z',
});

const noRecords: SessionRecords = {
  PolicyDecision: [],
  Request: [],
  Review: [],
  Takeover: [],
  Contribution: [],
  LearningRecord: [],
  MemoryProposal: [],
  OutcomeReport: [],
};

const detail: ProtocolSessionDetail = {
  session,
  events: [
    event(1, 'work_session.created', 'act_jarvis_assistant', 'WorkSession', session.work_session_id),
    event(2, 'policy_decision.recorded', 'act_jarvis_assistant', 'PolicyDecision', 'dec_1'),
    event(3, 'request.opened', 'act_jarvis_assistant', 'Request', 'req_1'),
    event(4, 'request.reviewed', 'act_household', 'Review', 'rev_1'),
    event(5, 'contribution.recorded', 'act_jarvis_assistant', 'Contribution', 'con_1'),
    event(6, 'learning.proposed', 'act_jarvis_assistant', 'LearningRecord', 'lrn_1'),
    event(7, 'outcome.reported', 'act_jarvis_assistant', 'OutcomeReport', 'out_1'),
  ],
  records: {
    ...noRecords,
    PolicyDecision: [
      {
        decision_id: 'dec_1',
        work_session_id: 'ws_http_1',
        policy_id: 'pol_household',
        action: { tool: 'calendar_delete', arguments_sha256: 'b'.repeat(64) },
        outcome: 'require_review',
        reason: 'Policy verlangt eine Prüfung',
        decided_at: '2026-12-01T09:00:02Z',
      },
    ],
    Request: [
      {
        request_id: 'req_1',
        work_session_id: 'ws_http_1',
        decision_id: 'dec_1',
        summary: 'Termin „Zahnarzt“ löschen?',
        status: 'resolved',
        created_at: '2026-12-01T09:00:02Z',
      },
    ],
    Review: [
      {
        review_id: 'rev_1',
        request_id: 'req_1',
        work_session_id: 'ws_http_1',
        reviewer_actor_id: 'act_household',
        verdict: 'approve',
        reviewed_at: '2026-12-01T09:00:02Z',
      },
    ],
    LearningRecord: [
      {
        learning_id: 'lrn_1',
        work_session_id: 'ws_http_1',
        summary: 'Zahnarzttermine sind dienstags',
        status: 'proposed',
        created_at: '2026-12-01T09:00:02Z',
      },
    ],
    Contribution: [
      {
        contribution_id: 'con_1',
        work_session_id: 'ws_http_1',
        actor_id: 'act_jarvis_assistant',
        decision_id: 'dec_1',
        kind: 'tool_result',
        summary: 'Termin gelöscht',
        created_at: '2026-12-01T09:00:02Z',
      },
    ],
    OutcomeReport: [
      {
        report_id: 'out_1',
        work_session_id: 'ws_http_1',
        outcome: 'completed',
        summary: 'Erledigt.',
        submitted_by: 'act_jarvis_assistant',
        submitted_at: '2026-12-01T09:00:02Z',
      },
    ],
  },
};

const proposal: MemoryProposal = {
  proposal_id: 'mem_1',
  work_session_id: 'ws_http_2',
  fact: 'Paul verträgt keine Nüsse',
  status: 'proposed',
  created_at: '2026-12-01T09:01:00Z',
};

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wissen & System: protocol', () => {
  it('shows a request as a timeline: who, what, decision, result', async () => {
    const api = fakeApi({
      'GET /api/protocol/sessions': () => json({ sessions: [session] }),
      'GET /api/protocol/memory-proposals': () => json({ proposals: [] }),
      'GET /api/protocol/sessions/ws_http_1': () => json(detail),
    });
    await useStore.getState().loadProtocol();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-protocol');
    fireEvent.click(within(card).getByRole('button', { name: /Lösch den Zahnarzttermin/ }));
    const timeline = await within(card).findByTestId('protocol-timeline');
    const rows = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[1]).toContain('JARVIS');
    expect(rows[1]).toContain('Prüfung: Kalender: Termin gelöscht');
    expect(rows[1]).toContain('braucht Bestätigung');
    expect(rows[2]).toContain('Termin „Zahnarzt“ löschen?');
    expect(rows[3]).toContain('Haushalt');
    expect(rows[3]).toContain('bestätigt');
    expect(rows[5]).toContain('Gelerntes vorgeschlagen');
    expect(rows[5]).toContain('Zahnarzttermine sind dienstags');
    expect(rows[6]).toContain('Abschlussbericht');
    expect(rows[6]).toContain('Erledigt.');
    expect(timeline.textContent).toContain('Ergebnis: erledigt · Erledigt.');
    expect(timeline.textContent).toContain('versiegelt');
    // Reads carry the protocol headers the master requires.
    const read = (vi.mocked(fetch).mock.calls.find(([p]) => String(p).endsWith('/ws_http_1'))![1]!.headers ?? {}) as Record<string, string>;
    expect(read).toMatchObject({ 'jarvis-protocol-version': '0.1.0', 'jarvis-actor-id': 'act_household' });
    expect(api.calls.length).toBeGreaterThan(0);
  });

  it('Merken sends the household decision on the session head; a refusal is shown and nothing changes', async () => {
    let decided = false;
    fakeApi({
      'GET /api/protocol/sessions': () => json({ sessions: [] }),
      'GET /api/protocol/memory-proposals': () => json({ proposals: [decided ? { ...proposal, status: 'accepted' } : proposal] }),
      'GET /api/protocol/sessions/ws_http_2': () =>
        json({ session: { ...session, work_session_id: 'ws_http_2', revision: 4, sealed: false }, events: [], records: noRecords }),
      'POST /api/protocol/sessions/ws_http_2/memory-proposals/mem_1/decision': (_body, init) => {
        const h = init!.headers as Record<string, string>;
        if (
          h['jarvis-expected-worksession-revision'] !== '4' ||
          h['jarvis-previous-event-hash'] !== 'a'.repeat(64) ||
          !h['jarvis-idempotency-key']
        ) {
          return apiError('MISSING_HEADER', 'headers', 400);
        }
        decided = true;
        return json({
          proposal: { ...proposal, status: 'accepted' },
          session: { ...session, work_session_id: 'ws_http_2', revision: 5, sealed: false },
        });
      },
    });
    await useStore.getState().loadProtocol();
    render(<SystemScreen />);
    const memory = screen.getByTestId('memory-proposals');
    fireEvent.click(within(memory).getByRole('button', { name: 'Merken: Paul verträgt keine Nüsse' }));
    await waitFor(() => expect(within(screen.getByTestId('memory-proposals')).getByText('Gemerkt')).toBeTruthy());
    expect(within(screen.getByTestId('memory-proposals')).queryByRole('button', { name: /Merken:/ })).toBeNull();
  });

  it('a refused memory decision shows the reason and keeps the proposal open', async () => {
    fakeApi({
      'GET /api/protocol/sessions': () => json({ sessions: [] }),
      'GET /api/protocol/memory-proposals': () => json({ proposals: [proposal] }),
      'GET /api/protocol/sessions/ws_http_2': () =>
        json({ session: { ...session, work_session_id: 'ws_http_2' }, events: [], records: noRecords }),
      'POST /api/protocol/sessions/ws_http_2/memory-proposals/mem_1/decision': () =>
        apiError('SEALED_WORK_SESSION', 'WorkSession ws_http_2 is sealed and cannot change.', 409),
    });
    await useStore.getState().loadProtocol();
    render(<SystemScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen: Paul verträgt keine Nüsse' }));
    await waitFor(() =>
      expect(
        useStore
          .getState()
          .notices.map((n) => n.text)
          .join(),
      ).toContain('abgeschlossen und kann nicht mehr geändert werden'),
    );
    expect(screen.getByRole('button', { name: 'Merken: Paul verträgt keine Nüsse' })).toBeTruthy();
  });

  it('Übernehmen keeps what the assistant learned, on the session head; Verwerfen would drop it', async () => {
    const learned = {
      learning_id: 'lrn_9',
      work_session_id: 'ws_http_3',
      summary: 'Der Müll wird dienstags abgeholt',
      status: 'proposed' as const,
      created_at: '2026-12-01T09:02:00Z',
    };
    let decision: unknown;
    fakeApi({
      'GET /api/protocol/sessions': () => json({ sessions: [] }),
      'GET /api/protocol/memory-proposals': () => json({ proposals: [] }),
      'GET /api/protocol/learning': () => json({ records: [decision ? { ...learned, status: 'accepted' as const } : learned] }),
      'GET /api/protocol/sessions/ws_http_3': () =>
        json({ session: { ...session, work_session_id: 'ws_http_3', revision: 9, sealed: false }, events: [], records: noRecords }),
      'POST /api/protocol/sessions/ws_http_3/learning/lrn_9/decision': (body, init) => {
        const h = init!.headers as Record<string, string>;
        if (h['jarvis-expected-worksession-revision'] !== '9') return apiError('REVISION_CONFLICT', 'stale', 409);
        decision = body;
        return json({
          learning: { ...learned, status: 'accepted' },
          session: { ...session, work_session_id: 'ws_http_3', revision: 10, sealed: false },
        });
      },
    });
    await useStore.getState().loadProtocol();
    render(<SystemScreen />);
    const card = screen.getByTestId('learning-records');
    expect(within(card).getByRole('button', { name: 'Verwerfen: Der Müll wird dienstags abgeholt' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Übernehmen: Der Müll wird dienstags abgeholt' }));
    await waitFor(() => expect(within(screen.getByTestId('learning-records')).getByText('Übernommen')).toBeTruthy());
    expect(decision).toEqual({ decision: 'accept' });
    expect(within(screen.getByTestId('learning-records')).queryByRole('button', { name: /Übernehmen:/ })).toBeNull();
  });

  it('a skill waiting for the household is activated from the skill card', async () => {
    const waiting = skillFixture({
      id: 'demo.copy',
      name: 'Copy',
      source: '/skills/demo-copy',
      enabled: false,
      activation: { proposal_id: 'skp_1', status: 'proposed' },
    });
    const decided: SkillProposal = {
      proposal_id: 'skp_1',
      skill_id: 'demo.copy',
      version: '1.0.0',
      change: 'added',
      manifest_sha256: 'c'.repeat(64),
      status: 'activated',
      decided_by: 'act_household',
      created_at: '2026-12-01T09:01:00Z',
    };
    let activated = false;
    const api = fakeApi({
      'GET /api/skills': () =>
        json({
          skills: [activated ? { ...waiting, enabled: true, activation: { proposal_id: 'skp_1', status: 'activated' } } : waiting],
          errors: [],
        }),
      'POST /api/protocol/skill-proposals/skp_1/decision': () => {
        activated = true;
        return json(decided);
      },
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    expect(within(card).getByText('wartet auf Freigabe')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Aktivieren: Copy' }));
    await waitFor(() => expect(within(screen.getByTestId('card-skills')).queryByText('wartet auf Freigabe')).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/protocol/skill-proposals/skp_1/decision')?.body).toEqual({ decision: 'accept' });
  });

  it("a worker's changed skill waits beside the version that serves, each with its workers", async () => {
    const serving = skillFixture({
      id: 'weather.local',
      name: 'Wetter',
      version: '1.0.0',
      provider: 'remote',
      format: 'remote',
      source: 'worker:alpha, worker:beta',
      sha256: 'a'.repeat(64),
      enabled: true,
      activation: { proposal_id: 'skp_1', status: 'activated' },
    });
    const waiting = {
      ...serving,
      version: '2.0.0',
      source: 'worker:gamma',
      sha256: 'b'.repeat(64),
      enabled: false,
      activation: { proposal_id: 'skp_2', status: 'proposed' as const },
    };
    const api = fakeApi({
      'GET /api/skills': () => json({ skills: [serving, waiting], errors: [] }),
      'POST /api/protocol/skill-proposals/skp_2/decision': () =>
        json({
          proposal_id: 'skp_2',
          skill_id: 'weather.local',
          version: '2.0.0',
          change: 'changed',
          manifest_sha256: 'b'.repeat(64),
          status: 'rejected',
          created_at: '2026-12-01T09:01:00Z',
        }),
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    expect(within(card).getByText(/worker:alpha, worker:beta/)).toBeTruthy();
    expect(within(card).getByText(/worker:gamma/)).toBeTruthy();
    expect(within(card).getAllByRole('button', { name: 'Ablehnen: Wetter' })).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Ablehnen: Wetter' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/protocol/skill-proposals/skp_2/decision')?.body).toEqual({ decision: 'reject' }),
    );
  });
});
