import { act, cleanup, render, screen } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentStatus, HomeState, JarvisEvent, ProtocolSessionDetail, SessionRecords, WorkSession } from '../../../src-shared';
import { DEFAULT_RISK_POLICY } from '../../../src-shared';
import { App } from '../App';
import { preloadScreens } from './screen-views';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { SCREENS, type Language } from '../store/ui-slice';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { createAudit, type Finding } from '../testing/language-audit';
import { resetStore } from '../testing/reset-store';
import { ragDocumentFixture, settingsFixture, skillFixture, voiceStatusFixture } from '../testing/wire-fixtures';

// Every screen in both languages with a household's data and the master's real status
// details (English, with setting names): nothing of the other language, no text key, no
// setting name and no tool id may reach the family, outside Wissen & System's technical view.

/** What /api/health says on a fresh install without Ollama, Docker or the mesh. */
const COMPONENTS: Record<string, ComponentStatus> = {
  ollama: {
    state: 'error',
    detail: 'Ollama ist unter http://127.0.0.1:11434 nicht erreichbar (ECONNREFUSED).',
    code: 'ollama.unreachable',
  },
  household: {
    state: 'ok',
    detail: 'reminder pass every 60000 ms, last 2026-12-01T09:29:00.000Z',
    code: 'household.reminderPass',
    params: { seconds: 60 },
  },
  skills: {
    state: 'degraded',
    detail: '10 skills, 8 tools, not isolated: bwrap missing, 1 errors',
    code: 'skills.loadedWithErrors',
    params: { skills: 10, tools: 8, errors: 1 },
  },
  mesh: { state: 'off', detail: 'JARVIS_MESH_ENROLLMENT_TOKEN is not set; no worker can enroll.', code: 'mesh.off' },
  docker: {
    state: 'off',
    detail: 'JARVIS_DOCKER_CONTROLLER_ENABLED is not true; skill containers are not controlled from here.',
    code: 'docker.off',
  },
  voice: {
    state: 'degraded',
    detail: 'STT MODEL: /models/ggml-small.bin missing; TTS espeak-ng (Piper missing)',
    code: 'voice.sttNotReady',
    params: { missing: 'MODEL' },
  },
  rag: {
    state: 'degraded',
    detail: '1/2 documents ready, 1 chunks; 1 failed; keyword search only: Ollama is not reachable',
    code: 'rag.keywordOnly',
    params: { ready: 1, documents: 2 },
  },
  protocol: { state: 'ok', detail: '12 events recorded', code: 'protocol.recorded', params: { count: 12 } },
  backup: {
    state: 'ok',
    detail: 'Last backup 2026-12-01T02:00:00.000Z in /srv/backups.',
    code: 'backup.last',
    params: { at: '2026-12-01 03:00' },
  },
};

const session: WorkSession = {
  work_session_id: 'ws_1',
  policy_id: 'pol_household',
  owner_actor_id: 'act_jarvis_assistant',
  goal: 'Milch auf die Einkaufsliste',
  status: 'completed',
  revision: 3,
  last_event_hash: 'a'.repeat(64),
  sealed: true,
  created_at: '2026-12-01T09:00:00Z',
  updated_at: '2026-12-01T09:00:05Z',
};
const event = (revision: number, type: string, record_type: JarvisEvent['record_type'], record_id: string): JarvisEvent => ({
  event_id: `ev_${revision}`,
  work_session_id: 'ws_1',
  revision,
  type,
  actor_id: 'act_jarvis_assistant',
  record_type,
  record_id,
  payload: {},
  previous_event_hash: '0'.repeat(64),
  hash: String(revision).repeat(64),
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
    event(1, 'work_session.created', 'WorkSession', 'ws_1'),
    event(2, 'policy_decision.recorded', 'PolicyDecision', 'dec_1'),
    event(3, 'work_session.completed', 'WorkSession', 'ws_1'),
  ],
  records: {
    ...noRecords,
    PolicyDecision: [
      {
        decision_id: 'dec_1',
        work_session_id: 'ws_1',
        policy_id: 'pol_household',
        action: { tool: 'groceries_add', arguments_sha256: 'b'.repeat(64) },
        outcome: 'allow',
        reason: 'household write within policy',
        decided_at: '2026-12-01T09:00:02Z',
      },
    ],
  },
};

function household(): HomeState {
  return { ...homeFixture(), system: COMPONENTS };
}

/** The household's own words: what the checker accepts as data, in either UI language. */
const USER_DATA = [
  ...collect(household(), ['title', 'name', 'initial', 'location', 'notes', 'text', 'unit']),
  ...household().tasks.flatMap((t) => t.tags.map((tag) => `#${tag}`)),
  'Milch auf die Einkaufsliste',
  'Milch steht auf der Liste.',
  'Paul verträgt keine Nüsse',
  'Anna',
  'Wochenplan',
  'Kochen',
  'Demo',
  '1.0.0',
  'a.pdf',
  'scan.pdf',
  'keller-pi',
  'Annas Handy',
  'Tablet',
  'Anna',
  'Zahnarzt',
  'Jarvis',
  'ja',
  'nein',
];

function collect(node: unknown, keys: readonly string[], out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) collect(x, keys, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (keys.includes(k) && typeof v === 'string' && v) out.push(v);
      else if (k !== 'system') collect(v, keys, out);
    }
  return out;
}

function serve(): void {
  fakeApi({
    'GET /api/state': () => json(household()),
    'GET /api/health': () => json({ ok: true, version: '0.1.0', components: COMPONENTS }),
    'POST /api/tools/calendar_list': () =>
      json({ success: true, data: { from: '2026-11-30', to: '2027-01-04', events: household().events }, message: '', mutated: false }),
    'POST /api/tools/kanban_move': () => apiError('INVALID_ARGUMENTS', 'column must be one of BACKLOG, TODO, DOING, DONE', 400, '/column'),
    'GET /api/rag/documents': () =>
      json({
        documents: [
          ragDocumentFixture(),
          ragDocumentFixture({
            id: 'doc_2',
            name: 'scan.pdf',
            status: 'failed',
            chunks: 0,
            error: 'pdftotext is not installed (PDF_TOOLS_MISSING)',
          }),
        ],
      }),
    'GET /api/skills': () =>
      json({
        skills: [skillFixture({ actions: [{ id: 'go', name: 'go', description: 'x' } as never] })],
        errors: [{ source: 'skills/broken', message: 'skill.json: id missing' }],
      }),
    'GET /api/mesh/workers': () =>
      json({
        enabled: true,
        workers: [
          {
            id: 'wrk_1',
            name: 'keller-pi',
            runtime: 'python',
            endpoint: 'http://10.0.0.5:8765',
            enrolled_at: '',
            last_heartbeat_at: '',
            lease_left_ms: 1000,
            skills: [{ id: 'x', name: 'x', version: '1', actions: [] }],
            calls: 0,
            failures: 0,
          },
        ],
      }),
    'GET /api/docker/skill-services': () => json({ enabled: false, reason: COMPONENTS.docker!.detail, services: [] }),
    'GET /api/devices': () =>
      json({
        lan: { enabled: true, url: 'https://192.168.1.20:8443' },
        devices: [
          {
            id: 'dev_1',
            name: 'Annas Handy',
            member_id: 'mem_anna',
            member_name: 'Anna',
            created_at: '2030-01-01T10:00:00Z',
            last_seen_at: '2030-01-02T08:30:00Z',
          },
          { id: 'dev_2', name: 'Tablet', member_id: 'mem_gone', created_at: '2030-01-01T10:00:00Z', last_seen_at: '2030-01-01T10:00:00Z' },
        ],
      }),
    'GET /api/voice/status': () =>
      json(
        voiceStatusFixture({
          stt: { state: 'MODEL', bin: '/usr/local/bin/whisper-cli', language: 'de', errors: ['/models/ggml-small.bin missing'] },
          last_turn: { capture_ms: 1200, convert_ms: 40, transcribe_ms: 900, assistant_ms: 300, speak_ms: 200 },
        }),
      ),
    'GET /api/protocol/sessions': () => json({ sessions: [session] }),
    'GET /api/policy/risk': () =>
      json({
        policy: DEFAULT_RISK_POLICY,
        tools: [{ name: 'calendar_delete', risk: 'disruptive' as const, decision: 'ask' as const, rule: 'class:disruptive' }],
      }),
    'GET /api/mcp/tokens': () =>
      json({
        tokens: [{ id: 'mtk_1', name: 'Claude Desktop', created_at: '2026-03-02T08:00:00.000Z', last_used_at: '2026-03-02T09:00:00.000Z' }],
      }),
    'GET /api/protocol/sessions/ws_1': () => json(detail),
    'GET /api/protocol/memory-proposals': () =>
      json({
        proposals: [
          {
            proposal_id: 'mem_1',
            work_session_id: 'ws_1',
            fact: 'Paul verträgt keine Nüsse',
            status: 'proposed',
            created_at: '2026-12-01T09:01:00Z',
          },
        ],
      }),
    'GET /api/protocol/learning': () => json({ records: [] }),
    'GET /api/settings': () => json(settingsFixture()),
    'GET /api/settings/models': () => json({ reachable: false, models: [] }),
    'GET /api/notify/settings': () =>
      json({
        members: [
          { member_id: 'desktop', name: 'Anna', push: true, ntfy: false, quiet_hours: { start: '22:00', end: '07:00' }, devices: 2 },
        ],
        ntfy_configured: true,
      }),
  });
}

async function loadEverything(): Promise<void> {
  const s = useStore.getState();
  await Promise.all([
    s.loadHome(),
    s.loadHealth(),
    s.loadDocuments(),
    s.loadSkills(),
    s.loadWorkers(),
    s.loadContainers(),
    s.loadVoiceStatus(),
    s.loadProtocol(),
    s.loadDevices(),
    s.loadSettings(),
  ]);
  await s.selectSession('ws_1');
}

/** A conversation with tool calls and a plan, as the assistant panel shows it. */
function conversation(): void {
  useStore.setState({
    chatOpen: true,
    messages: [
      { id: 1, role: 'user', text: 'Milch auf die Einkaufsliste', module: 'food', toolCalls: [] },
      {
        id: 2,
        role: 'assistant',
        text: 'Milch steht auf der Liste.',
        toolCalls: [
          { tool: 'groceries_add', arguments: { name: 'Milch' }, result: { success: true, message: 'Milch added', mutated: true } },
          { tool: 'skill_demo_text_go', arguments: {}, result: { success: false, message: 'failed', mutated: false } },
        ],
        plan: { goal: 'Wochenplan', steps: [{ id: 's1', task: 'Kochen', tool: 'mealplan_create', depends_on: [] }] } as never,
      },
    ],
  });
}

function report(findings: readonly Finding[]): string[] {
  return [...new Set(findings.map((f) => `${f.where}: "${f.text}" ${f.why}`))];
}

beforeEach(() => {
  resetStore();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one language at a time', () => {
  for (const language of ['de', 'en'] as const satisfies readonly Language[]) {
    it(`${language}: every screen shows only ${language} texts, household data and numbers`, async () => {
      serve();
      useStore.setState({ language });
      await applyLanguage(language);
      await loadEverything();
      conversation();
      // Real refusals and confirmations, through the same paths as a click.
      await useStore.getState().mutate('kanban_move', { id: 'card_1', column: 'DONE' });
      useStore.setState({ voiceError: { code: 'HANDS_FREE_OFF', detail: '' } });
      const { audit } = createAudit(language, USER_DATA);
      // The screens' code first: this test reads their words, not how fast a chunk loads on a busy machine.
      await preloadScreens();
      render(<App />);
      const findings: Finding[] = [];
      for (const id of SCREENS) {
        await act(async () => useStore.getState().setScreen(id));
        // Each screen's code loads on first visit; on a busy machine that takes more than a second.
        await screen.findByTestId(`screen-${id}`, undefined, { timeout: 15_000 });
        findings.push(...audit(document.body).map((f) => ({ ...f, where: `${id} › ${f.where}` })));
      }
      expect(report(findings)).toEqual([]);
    }, 120_000);
  }

  for (const language of ['de', 'en'] as const satisfies readonly Language[]) {
    it(`${language}: the steps of every integration not set up yet, and the Settings that take them, name no setting variable`, async () => {
      const problem = { state: 'not_configured', code: 'NOT_CONFIGURED', message: 'WOL_TARGETS is empty.' } as const;
      fakeApi({
        'GET /api/home/hue': () => json({ ...problem, message: 'HUE_BRIDGE_URL is empty.', live: false }),
        'GET /api/home/machines': () => json(problem),
        'GET /api/home/proxmox': () => json({ ...problem, message: 'PROXMOX_URL is empty.' }),
        'GET /api/home/unifi': () => json({ ...problem, message: 'UNIFI_URL is empty.' }),
        'GET /api/home/protect': () => json({ ...problem, message: 'UNIFI_URL is empty.' }),
        'GET /api/home/stacks': () => json({ ...problem, message: 'JARVIS_COMPOSE_STACKS is empty.' }),
        'GET /api/home/homeassistant': () => json({ connection: 'not_configured', areas: [], unassigned: [] }),
        'GET /api/settings': () => json(settingsFixture()),
        'GET /api/settings/models': () => json({ reachable: false, models: [] }),
      });
      useStore.setState({ language });
      await applyLanguage(language);
      await preloadScreens();
      render(<App />);
      const envName = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
      await act(async () => useStore.getState().setScreen('zuhause'));
      const cards = ['hue', 'machines', 'proxmox', 'unifi', 'protect', 'stacks', 'homeassistant'].map((id) => `${id}-not-set-up`);
      for (const testId of cards) {
        const card = await screen.findByTestId(testId, undefined, { timeout: 15_000 });
        expect(card.querySelectorAll('li').length, testId).toBeGreaterThan(0);
        expect(card.textContent, testId).not.toMatch(envName);
        expect(card.textContent, testId).not.toMatch(/jarvis home|\bneu starten\b|\brestart JARVIS\b/i);
      }
      await act(async () => useStore.getState().setScreen('settings'));
      const settings = await screen.findByTestId('screen-settings', undefined, { timeout: 15_000 });
      await screen.findByTestId('setting-wake_targets');
      await screen.findByTestId('setting-compose_stacks');
      expect(settings.textContent).not.toMatch(envName);
    }, 60_000);
  }

  it('the checker itself catches the other language, text keys, setting names and tool ids', () => {
    const { check } = createAudit('de', ['Milch']);
    expect(check('Milch', 'x')).toEqual([]);
    expect(check('2 Termine heute', 'x')).toEqual([]);
    expect(check('reminder pass every 60000 ms', 'x')).not.toEqual([]);
    expect(check('CLEAR CHAT', 'x')).not.toEqual([]);
    expect(check('home.nextEvent', 'x')).not.toEqual([]);
    expect(check('Mesh aus: JARVIS_MESH_ENROLLMENT_TOKEN', 'x')).not.toEqual([]);
    expect(check('groceries_add', 'x')).not.toEqual([]);
    const english = createAudit('en', ['Milch']).check;
    expect(english('Ollama ist nicht erreichbar', 'x')).not.toEqual([]);
    expect(english('4 P.', 'x')).not.toEqual([]);
    expect(english('1 Abschnitte', 'x')).not.toEqual([]);
    expect(english('2 events today', 'x')).toEqual([]);
  });
});
