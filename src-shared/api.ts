// Request and response shapes of the loopback HTTP API that belong to no one capability.

import type { Reminder, StateChangedEvent } from './home';
import type { HomeAssistantChangedEvent } from './homeassistant';
import type { RagProgressEvent } from './rag';
import type { SkillSourcesEvent } from './skills';
import type { HueConnectionEvent, HueLiveEvent } from './home-control';
import type { HomeServerChangedEvent } from './home-control-server';

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

/** The payload (`data`) of the server-sent events the UI reacts to, by event type. */
export interface ServerEventData {
  readonly 'state.changed': StateChangedEvent;
  readonly 'reminder.due': Reminder;
  readonly 'rag.progress': RagProgressEvent;
  readonly 'skills.sources': SkillSourcesEvent;
  readonly 'homeassistant.changed': HomeAssistantChangedEvent;
  readonly 'home.hue': HueLiveEvent;
  readonly 'home.hue.connection': HueConnectionEvent;
  readonly 'home.server.changed': HomeServerChangedEvent;
  /** A setting or connection changed in the app (the Settings screen reloads). */
  readonly 'settings.changed': Record<string, never>;
}
