// Request and response shapes of the loopback HTTP API that belong to no one capability.

import type { ApprovalChangedEvent } from './approvals';
import type { Reminder, StateChangedEvent } from './home';
import type { HomeAssistantChangedEvent, HomeAssistantOutcomeEvent } from './homeassistant';
import type { McpQuestion, McpQuestionClosed } from './mcp';
import type { RagProgressEvent } from './rag';
import type { SkillSourcesEvent } from './skills';
import type { HomeDeviceEvents } from './home-devices';
import type { VoiceSetupState, VoiceTimings } from './voice';
import type { ChoresChangedEvent } from './chores';

export interface ApiErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    /** JSON path of the offending input for validation errors. */
    readonly path?: string;
  };
}

/**
 * What a component's status says, as a stable code: the UI shows it in the household's
 * language, filled from `params`. The English `detail` stays for the technical view and logs.
 */
export type ComponentStatusCode =
  | 'status.failed'
  | 'ollama.unchecked'
  | 'ollama.ready'
  | 'ollama.unreachable'
  | 'ollama.noModel'
  | 'ollama.noToolModel'
  | 'ollama.modelMissing'
  | 'ollama.modelWithoutTools'
  | 'ollama.modelError'
  | 'household.reminderPass'
  | 'household.reminderPassOff'
  | 'skills.off'
  | 'skills.loaded'
  | 'skills.loadedWithErrors'
  | 'skillSources.syncing'
  | 'skillSources.synced'
  | 'skillSources.failed'
  | 'mesh.off'
  | 'mesh.ready'
  | 'docker.off'
  | 'docker.checking'
  | 'docker.connected'
  | 'docker.unreachable'
  | 'voice.ready'
  | 'voice.basicSpeech'
  | 'voice.noSpeechOutput'
  | 'voice.sttNotReady'
  | 'rag.ready'
  | 'rag.keywordOnly'
  | 'rag.toolsMissing'
  | 'rag.folderRefused'
  | 'protocol.recorded'
  | 'backup.off'
  | 'backup.none'
  | 'backup.last'
  | 'backup.failed'
  | 'mcp.endpoint'
  | 'mcp.configInvalid'
  | 'mcp.serverIdle'
  | 'mcp.serverOff'
  | 'mcp.serverReady'
  | 'mcp.serverWaiting'
  | 'mcp.serverRejected'
  | 'mcp.serverFailed'
  | 'homeassistant.off'
  | 'homeassistant.connecting'
  | 'homeassistant.connected'
  | 'homeassistant.unreachable'
  | 'homeassistant.authFailed'
  | 'access.lanOff'
  | 'access.lanOn';

export interface ComponentStatus {
  readonly state: 'ok' | 'off' | 'degraded' | 'error';
  /** Technical detail in English (it may name settings and paths): Wissen & System's technical view. */
  readonly detail: string;
  readonly code?: ComponentStatusCode;
  /** Numbers and names the code's text is filled with. */
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface HealthResponse {
  readonly ok: true;
  readonly version: string;
  readonly components: Readonly<Record<string, ComponentStatus>>;
}

/** Server-sent event pushed on GET /api/events. */
export interface ServerEvent {
  readonly type: string;
  readonly at: string;
  readonly data?: unknown;
}

/** The answer of a route that only confirms (POST /api/agent/clear, POST /api/debug/clear). */
export interface OkResponse {
  readonly ok: true;
}

/** POST /api/tools/{name}: the tool's arguments; the answer is the tool's result envelope. */
export interface ToolCallRequest {
  /** A JSON object; the tool's schema decides the rest. */
  readonly arguments?: object;
}

/** GET /api/debug/export: the trace and its context as one JSON document, saved as a file. */
export type DebugExportResponse = Readonly<Record<string, unknown>>;

/** `skills.changed`: what a reload (or an MCP server, or a decision) changed in the skill list. */
export interface SkillsChangedEvent {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  /** How many skills failed to load. */
  readonly errors: number;
  readonly proposed: readonly string[];
}

/** `mesh.changed`: a worker enrolled, left, brought skills, or the household decided on a proposal. */
export interface MeshChangedEvent {
  readonly worker_id?: string;
  readonly change: string;
}

/** `protocol.changed`: the audit log grew. */
export interface ProtocolChangedEvent {
  readonly events: number;
}

/** `devices.changed`: a device was paired or revoked (then `revoked` names it). */
export interface DevicesChangedEvent {
  readonly revoked?: string;
}

/** `voice.turn`: one spoken turn finished, with its timings. */
export interface VoiceTurnEvent {
  readonly trace_id: string;
  readonly timings: VoiceTimings;
  readonly ignored: boolean;
}

/**
 * Every event the master publishes, by name, with its payload (`data`): the one map the
 * event bus, the SSE stream, the desktop shell and the renderer read. An event without a
 * payload has `undefined`; one with an optional payload has `… | undefined`. The home
 * devices' events, one per device kind (`home.light.changed`, …), come from HomeDeviceEvents.
 */
export interface ServerEventData extends HomeDeviceEvents {
  readonly 'state.changed': StateChangedEvent;
  readonly 'reminder.due': Reminder;
  readonly 'rag.progress': RagProgressEvent;
  /** "Set up voice" from the Settings screen started or finished. */
  readonly 'voice.setup': VoiceSetupState;
  readonly 'rag.removed': { readonly id: string };
  readonly 'skills.changed': SkillsChangedEvent;
  readonly 'skills.sources': SkillSourcesEvent;
  readonly 'mesh.changed': MeshChangedEvent;
  readonly 'protocol.changed': ProtocolChangedEvent;
  readonly 'devices.changed': DevicesChangedEvent | undefined;
  /** A calendar subscription was added, refreshed or removed. */
  readonly 'subscriptions.changed': undefined;
  readonly 'voice.turn': VoiceTurnEvent;
  readonly 'homeassistant.changed': HomeAssistantChangedEvent;
  readonly 'homeassistant.outcome': HomeAssistantOutcomeEvent;
  /** A Compose stack was started, stopped or restarted (from here, the assistant or another device). */
  readonly 'home.stacks.changed': undefined;
  /** A setting or connection changed in the app (the Settings screen reloads). */
  readonly 'settings.changed': Record<string, never>;
  /** A request waiting for an admin's approval arrived, was allowed, refused or expired. */
  readonly 'approval.changed': ApprovalChangedEvent;
  /** A chore was set up, changed, ticked, taken back or paid out as a reward. */
  readonly 'chores.changed': ChoresChangedEvent;
  /** Something learnt was proposed, accepted or forgotten (the Gelernt card reloads what it may see). */
  readonly 'learned.changed': undefined;
  /** An MCP server asks the person something during a call (a form, or leave to use the household's model). */
  readonly 'mcp.question': McpQuestion;
  readonly 'mcp.question.closed': McpQuestionClosed;
}

export type ServerEventName = keyof ServerEventData;

/** The arguments after the name: none where the payload may be left out. */
export type ServerEventArgs<K extends ServerEventName> = undefined extends ServerEventData[K]
  ? [data?: ServerEventData[K]]
  : [data: ServerEventData[K]];
