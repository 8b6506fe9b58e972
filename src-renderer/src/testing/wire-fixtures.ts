import type { ApprovalView, RagDocument, SettingsResponse, SkillInfo, VoiceCommandResponse, VoiceStatus } from '../../../src-shared';
import { SECRET_NAMES, SETTING_NAMES } from '../../../src-shared';

/** GET /api/voice/status of a machine where everything is installed. */
export function voiceStatusFixture(change: Partial<VoiceStatus> = {}): VoiceStatus {
  return {
    stt: { state: 'LOCAL', language: 'de', errors: [] },
    tts: { engine: 'espeak-ng', errors: [] },
    vad: { engine: 'energy', detail: 'energy threshold' },
    hands_free: { enabled: false, wake_word: 'jarvis' },
    ...change,
  };
}

/** One plugin skill as GET /api/skills lists it. */
export function skillFixture(change: Partial<SkillInfo> = {}): SkillInfo {
  return {
    id: 'demo.text',
    name: 'Demo',
    version: '1.0.0',
    provider: 'plugin',
    format: 'jarvis.skill.v1',
    source: 'skills/demo-text',
    trust: 'workspace',
    enabled: true,
    user_invocable: true,
    disable_model_invocation: false,
    capabilities: [],
    actions: [],
    errors: [],
    warnings: [],
    ...change,
  };
}

/** One document of GET /api/rag/documents. */
export function ragDocumentFixture(change: Partial<RagDocument> = {}): RagDocument {
  return {
    id: 'doc_1',
    name: 'a.pdf',
    format: 'pdf',
    size: 10,
    status: 'ready',
    chunks: 1,
    progress: 1,
    added_at: '',
    updated_at: '',
    ...change,
  };
}

/** POST /api/voice/command: a turn that did something. */
export function voiceTurnFixture(change: Partial<VoiceCommandResponse> = {}): VoiceCommandResponse {
  return {
    transcript: 'Jarvis, setz Milch auf die Liste',
    reply: 'Milch steht auf der Liste.',
    tool_calls: [],
    trace_id: 'voice_1',
    timings: { capture_ms: 0, convert_ms: 0, transcribe_ms: 0, assistant_ms: 0, speak_ms: 0 },
    ...change,
  };
}

/** GET /api/settings of a household that finished its first start (the environment fixes the time zone). */
export function settingsFixture(change: Partial<SettingsResponse> = {}): SettingsResponse {
  const values: Partial<Record<string, string>> = {
    household_name: 'Familie Berg',
    language: 'de',
    timezone: 'Europe/Berlin',
    model: 'auto',
  };
  return {
    settings: SETTING_NAMES.map((name) => ({
      name,
      value: values[name] ?? '',
      fixed: name === 'timezone',
      applies: name === 'timezone' || name === 'lan_address' ? 'next_start' : 'now',
    })),
    secrets: SECRET_NAMES.map((name) => ({ name, set: name === 'homeassistant_token', fixed: false, applies: 'now' })),
    setup: {
      finished: true,
      steps: { household: 'done', people: 'done', assistant: 'skipped', next: 'done' },
      timezone: 'Europe/Berlin',
    },
    secret_store: 'key-file',
    ...change,
  };
}

/** A child's request waiting for an admin, as GET /api/approvals lists it. */
export function waitingApprovalFixture(change: Partial<ApprovalView> = {}): ApprovalView {
  return {
    id: 'apr_1',
    status: 'waiting',
    asker_id: 'mem_lena',
    asker_name: 'Lena',
    what: { de: 'WLAN für Spielkonsole freigeben', en: 'Turn the Wi-Fi back on for Spielkonsole' },
    created_at: '2030-01-01T16:00:00Z',
    expires_at: '2030-01-01T16:30:00Z',
    decided_at: null,
    reviewer_id: null,
    reviewer_name: null,
    outcome: null,
    ...change,
  };
}
